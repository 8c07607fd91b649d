import { OPERATIONS } from '../../api/contract/index.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { SimInstruction, SimKernel, SimRequest } from '../engine/kernel.js';
import { RecurringBook } from './recurring-book.js';
import { registerRecurringCancel } from './recurring-cancel.js';
import { checkMinimums, priceOrder, timeOrder } from './recurring-params.js';
import { anyOrderShape, priceOrderShape, timeOrderShape } from './recurring-shape.js';
import { effectError } from './trigger-escrow.js';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  SYSTEM_PROGRAM,
  ata,
  computeBudget,
  ixData,
  r,
  sw,
  tokenProgramOf,
  w,
} from './trigger-ix.js';
import { Params, pageOf } from './read-request.js';
import { Variability } from '../engine/variability.js';

/** Registers the recurring group's operations on the simulator. */
export function register(kernel: SimKernel): void {
  const variability = new Variability(kernel.seed);
  const book = new RecurringBook(kernel);

  kernel.router.add('GET', '/recurring/v1/getRecurringOrders', 'recurring', (req) => {
    // required, but the contract types page "integer or null": a null page is the first; an empty or null mint filters nothing
    const q = new URLSearchParams(req.query);
    if (q.get('page') === 'null') q.set('page', '1');
    if (q.get('mint') === '' || q.get('mint') === 'null') q.delete('mint');
    const { recurringType, orderStatus, user, page, mint, includeFailedTx } = new Params(kernel, 'recurring').query(
      OPERATIONS.recurringList,
      q,
    );
    const { items, totalPages } = pageOf(
      book.list(user, orderStatus, recurringType, mint ?? undefined, includeFailedTx),
      page,
    );
    const time = items.flatMap((o) => (o.kind === 'time' ? [timeOrderShape(kernel, o)] : []));
    const price = items.flatMap((o) => (o.kind === 'price' ? [priceOrderShape(kernel, o)] : []));
    const all = items.map((o) => anyOrderShape(kernel, o));
    return { status: 200, body: { orderStatus, page, time, totalPages, user, price, all } };
  });

  kernel.router.add('POST', '/recurring/v1/createOrder', 'recurring', (req) => createOrder(kernel, book, req));

  registerRecurringCancel(kernel, book);

  kernel.router.add('POST', '/recurring/v1/execute', 'recurring', (req) => {
    const { requestId, signedTransaction: signed } = new Params(kernel, 'recurring').request(
      OPERATIONS.recurringExecute,
      req.body,
    );
    const res = kernel.requests.execute('recurring', requestId, signed);
    const order = typeof res.data?.order === 'string' ? res.data.order : null;
    // `error` and `order` are `string | null`; the real service also leaves them out
    const body: Record<string, unknown> = {
      signature: res.signature,
      status: res.status,
      error: res.error ?? null,
      order,
    };
    if (body.error === null && variability.chance(requestId, 'recurring-execute-no-error', 0.5)) delete body.error;
    if (body.order === null && variability.chance(requestId, 'recurring-execute-no-order', 0.5)) delete body.order;
    return { status: 200, body };
  });
}

async function createOrder(kernel: SimKernel, book: RecurringBook, req: SimRequest) {
  const p = new Params(kernel, 'recurring');
  const { user, params, ...b } = p.request(OPERATIONS.recurringCreate, req.body);
  const input = p.mint(b.inputMint, 'inputMint');
  const output = p.mint(b.outputMint, 'outputMint');
  if (input.mint === output.mint) p.fail('outputMint', 'must differ from inputMint');
  const nowMs = kernel.clock.nowMs();
  const time = params.time ? timeOrder(p, params.time, input, output) : null;
  const price = params.price ? priceOrder(params.price) : null;
  const deposit = time ? time.inAmount : price!.depositAmount;
  checkMinimums(kernel, input, deposit, time?.numberOfOrders ?? null);
  if (kernel.ledger.balance(user, input.mint) < deposit) {
    p.fail('params', `user holds less ${input.symbol} than the order needs (${deposit} base units)`);
  }
  const startMs = Math.max(nowMs, ((time ?? price)!.startAt ?? 0) * 1000);
  const interval = (time ?? price)!.interval;
  const order = kernel.ids.address();

  const accounts = [
    sw(user),
    w(order),
    w(await ata(kernel, user, input.mint)),
    w(await ata(kernel, order, input.mint)),
    w(await ata(kernel, user, output.mint)),
    r(input.mint),
    r(output.mint),
    r(tokenProgramOf(kernel, input.mint)),
    r(tokenProgramOf(kernel, output.mint)),
    r(SYSTEM_PROGRAM),
    r(ASSOCIATED_TOKEN_PROGRAM),
  ];
  const data = time
    ? ixData('open_dca_v2', [
        ['u64', time.inAmount],
        ['u64', time.perCycle],
        ['i64', BigInt(time.interval)],
        ['u64', time.minOut],
        ['u64', time.maxOut],
        ['i64', BigInt(Math.floor(startMs / 1000))],
      ])
    : ixData('open_value_average', [
        ['u64', price!.depositAmount],
        ['u64', price!.rawIncrement],
        ['i64', BigInt(price!.interval)],
        ['i64', BigInt(Math.floor(startMs / 1000))],
      ]);
  const ix: SimInstruction = { programId: SIM_PROGRAMS.recurring, accounts, data };
  const built = kernel.tx.build({
    feePayer: user,
    instructions: [...computeBudget(220_000, 'auto'), ix],
    effect: (signature) => {
      const createdMs = kernel.clock.nowMs();
      const common = {
        key: order,
        user,
        inputMint: input.mint,
        outputMint: output.mint,
        deposited: deposit,
        interval,
        nextMs: Math.max(createdMs, startMs),
        createdMs,
        openTx: signature,
      };
      const add = () =>
        time
          ? book.addTime({
              ...common,
              perCycle: time.perCycle,
              cycles: time.numberOfOrders,
              minOut: time.minOut,
              maxOut: time.maxOut,
            })
          : book.addPrice({ ...common, incrementUsd: price!.incrementUsd, rawIncrement: price!.rawIncrement });
      const failed = (result: { ok: false; code: number; error: string }) => {
        book.markFailed(add());
        return result;
      };
      if (kernel.ledger.balance(user, input.mint) < deposit) {
        return failed({
          ok: false,
          code: 1,
          error: `insufficient funds: user holds less than ${deposit} of ${input.mint}`,
        });
      }
      try {
        kernel.ledger.transfer(user, order, input.mint, deposit);
      } catch (e) {
        return failed(effectError(e));
      }
      add();
      return { ok: true, data: { order } };
    },
  });
  const requestId = kernel.requests.create('recurring', [built.base64]);
  return { status: 200, body: { requestId, transaction: built.base64 } };
}
