// Trigger cancelOrder and cancelOrders: one cancel instruction per order, batched 5 per
// transaction; the effect refunds the escrow to the maker and moves the order to history.

import { OPERATIONS } from '../../api/contract/index.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { SimInstruction, SimKernel } from '../engine/kernel.js';
import type { TriggerBook, TriggerRecord } from './trigger-book.js';
import { ata, computeBudget, ixData, r, sw, tokenProgramOf, w } from './trigger-ix.js';
import { Params } from './read-request.js';

export const CANCEL_BATCH = 5;

/** Effect code when an order in a cancel transaction is no longer open. */
export const ORDER_NOT_OPEN = 6004;

export function registerTriggerCancel(kernel: SimKernel, book: TriggerBook): void {
  const ownOpen = (p: Params, maker: string, order: string, field: string): TriggerRecord => {
    const rec = book.get(order);
    if (!rec || rec.maker !== maker) return p.fail(field, `${order} is not an order of maker ${maker}`);
    if (rec.status !== 'Open') return p.fail(field, `order ${order} is ${rec.status}, not open`);
    return rec;
  };

  kernel.router.add('POST', '/trigger/v1/cancelOrder', 'trigger', async (req) => {
    const p = new Params(kernel, 'trigger');
    const { maker, order, computeUnitPrice } = p.request(OPERATIONS.triggerCancel, req.body);
    const cuPrice = p.computeUnitPrice(computeUnitPrice);
    const rec = ownOpen(p, maker, order, 'order');
    const transaction = await buildCancel(kernel, book, maker, [rec], cuPrice);
    const requestId = kernel.requests.create('trigger', [transaction]);
    return { status: 200, body: { requestId, transaction } };
  });

  kernel.router.add('POST', '/trigger/v1/cancelOrders', 'trigger', async (req) => {
    const p = new Params(kernel, 'trigger');
    const { maker, orders, computeUnitPrice } = p.request(OPERATIONS.triggerCancelMany, req.body);
    const cuPrice = p.computeUnitPrice(computeUnitPrice);
    let recs: TriggerRecord[];
    if (orders === undefined) {
      recs = book.openOf(maker);
      if (recs.length === 0) {
        kernel.fail({ status: 400, message: 'No orders to cancel', cause: `maker ${maker} has no open orders` });
      }
    } else {
      const seen = new Set<string>();
      recs = orders.map((key, i) => {
        if (seen.has(key)) p.fail(`orders[${i}]`, `${key} is listed twice`);
        seen.add(key);
        return ownOpen(p, maker, key, `orders[${i}]`);
      });
    }
    const transactions: string[] = [];
    for (let i = 0; i < recs.length; i += CANCEL_BATCH) {
      transactions.push(await buildCancel(kernel, book, maker, recs.slice(i, i + CANCEL_BATCH), cuPrice));
    }
    const requestId = kernel.requests.create('trigger', transactions);
    return { status: 200, body: { requestId, transactions } };
  });
}

async function buildCancel(
  kernel: SimKernel,
  book: TriggerBook,
  maker: string,
  recs: TriggerRecord[],
  cuPrice: bigint | 'auto',
): Promise<string> {
  const ixs: SimInstruction[] = [...computeBudget(80_000 + 40_000 * recs.length, cuPrice)];
  for (const rec of recs) {
    ixs.push({
      programId: SIM_PROGRAMS.trigger,
      accounts: [
        sw(maker),
        w(rec.key),
        w(await ata(kernel, rec.key, rec.inputMint)),
        w(await ata(kernel, maker, rec.inputMint)),
        r(rec.inputMint),
        r(tokenProgramOf(kernel, rec.inputMint)),
      ],
      data: ixData('cancel_order'),
    });
  }
  const built = kernel.tx.build({
    feePayer: maker,
    instructions: ixs,
    effect: (signature) => {
      const closed = recs.find((rec) => rec.status !== 'Open');
      if (closed) {
        return { ok: false, code: ORDER_NOT_OPEN, error: `order ${closed.key} is ${closed.status}, not open` };
      }
      const now = kernel.clock.nowMs();
      for (const rec of recs) book.close(rec, 'Cancelled', signature, now);
      return { ok: true, data: { orders: recs.map((rec) => rec.key) } };
    },
  });
  return built.base64;
}
