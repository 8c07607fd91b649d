// Recurring cancelOrder (refunds the unspent input, userClosed, moves the order to history) and
// the deprecated priceWithdraw (takes input or bought output out of a price-based order).

import { OPERATIONS } from '../../api/contract/index.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { SimKernel } from '../engine/kernel.js';
import { type RecurringBook, type RecurringRecord, inLeft } from './recurring-book.js';
import { ata, computeBudget, ixData, r, sw, tokenProgramOf, w } from './trigger-ix.js';
import { Params } from './read-request.js';

/** Effect code when the order closed between building and executing. */
export const RECURRING_ORDER_CLOSED = 6002;

export function registerRecurringCancel(kernel: SimKernel, book: RecurringBook): void {
  const ownActive = (p: Params, user: string, order: string, kind?: 'time' | 'price'): RecurringRecord => {
    const rec = book.get(order);
    if (!rec || rec.user !== user) return p.fail('order', `${order} is not a recurring order of user ${user}`);
    if (kind && rec.kind !== kind) return p.fail('recurringType', `order ${order} is a ${rec.kind} order, not ${kind}`);
    if (!rec.active) return p.fail('order', `order ${order} is already closed`);
    return rec;
  };

  kernel.router.add('POST', '/recurring/v1/cancelOrder', 'recurring', async (req) => {
    const p = new Params(kernel, 'recurring');
    const { order, recurringType: kind, user } = p.request(OPERATIONS.recurringCancel, req.body);
    const rec = ownActive(p, user, order, kind);
    const built = kernel.tx.build({
      feePayer: user,
      instructions: [
        ...computeBudget(120_000, 'auto'),
        {
          programId: SIM_PROGRAMS.recurring,
          accounts: [
            sw(user),
            w(rec.key),
            w(await ata(kernel, rec.key, rec.inputMint)),
            w(await ata(kernel, rec.key, rec.outputMint)),
            w(await ata(kernel, user, rec.inputMint)),
            w(await ata(kernel, user, rec.outputMint)),
            r(rec.inputMint),
            r(rec.outputMint),
            r(tokenProgramOf(kernel, rec.inputMint)),
          ],
          data: ixData(kind === 'time' ? 'close_dca' : 'close_value_average'),
        },
      ],
      effect: (signature) => {
        if (!rec.active)
          return { ok: false, code: RECURRING_ORDER_CLOSED, error: `order ${rec.key} is already closed` };
        book.close(rec, signature, kernel.clock.nowMs(), true);
        return { ok: true, data: { order: rec.key } };
      },
    });
    const requestId = kernel.requests.create('recurring', [built.base64]);
    return { status: 200, body: { requestId, transaction: built.base64 } };
  });

  kernel.router.add('POST', '/recurring/v1/priceWithdraw', 'recurring', async (req) => {
    const p = new Params(kernel, 'recurring');
    const { inputOrOutput: side, order, user, amount: given } = p.request(OPERATIONS.priceWithdraw, req.body);
    const asked = given === undefined || given === null ? null : BigInt(given);
    const rec = ownActive(p, user, order);
    if (rec.kind !== 'price') p.fail('order', `order ${order} is a time order; priceWithdraw applies to price orders`);
    const mint = side === 'In' ? rec.inputMint : rec.outputMint;
    const available = () => (side === 'In' ? inLeft(rec) : rec.outReceived - rec.outWithdrawn);
    const amount = asked ?? available();
    if (amount === 0n) p.fail('amount', `nothing to withdraw on the ${side} side`);
    if (amount > available()) p.fail('amount', `exceeds what the order holds on the ${side} side (${available()})`);
    const built = kernel.tx.build({
      feePayer: user,
      instructions: [
        ...computeBudget(100_000, 'auto'),
        {
          programId: SIM_PROGRAMS.recurring,
          accounts: [
            sw(user),
            w(rec.key),
            w(await ata(kernel, rec.key, mint)),
            w(await ata(kernel, user, mint)),
            r(mint),
            r(tokenProgramOf(kernel, mint)),
          ],
          data: ixData('withdraw', [
            ['u8', side === 'In' ? 0 : 1],
            ['u64', amount],
          ]),
        },
      ],
      effect: () => {
        if (!rec.active)
          return { ok: false, code: RECURRING_ORDER_CLOSED, error: `order ${rec.key} is already closed` };
        if (amount > available()) return { ok: false, code: 1, error: `insufficient funds in order ${rec.key}` };
        kernel.ledger.transfer(rec.key, user, mint, amount);
        if (side === 'In') rec.inWithdrawn += amount;
        else rec.outWithdrawn += amount;
        rec.updatedMs = kernel.clock.nowMs();
        return { ok: true, data: { order: rec.key } };
      },
    });
    const requestId = kernel.requests.create('recurring', [built.base64]);
    return { status: 200, body: { requestId, transaction: built.base64 } };
  });
}
