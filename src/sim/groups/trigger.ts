import { fromBaseUnits } from '../../text/amount.js';
import { OPERATIONS } from '../../api/contract/index.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { SimKernel, SimRequest } from '../engine/kernel.js';
import { TriggerBook, PARTIAL_FILL_USD } from './trigger-book.js';
import { registerTriggerCancel } from './trigger-cancel.js';
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
  uniqueMetas,
  w,
} from './trigger-ix.js';
import { Params, pageOf, usdText } from './read-request.js';
import { Variability } from '../engine/variability.js';

/** Trigger orders must be worth at least this much (the real service's minimum). */
export const TRIGGER_MIN_USD = 5;

/** Registers the trigger group's operations on the simulator. */
export function register(kernel: SimKernel): void {
  const book = new TriggerBook(kernel);
  const { router } = kernel;
  const variability = new Variability(kernel.seed);

  router.add('GET', '/trigger/v1/getTriggerOrders', 'trigger', (req) => {
    const {
      user,
      orderStatus,
      page = 1,
      includeFailedTx = false,
      inputMint,
      outputMint,
    } = new Params(kernel, 'trigger').query(OPERATIONS.triggerList, req.query);
    const all = book.list(user, orderStatus, inputMint, outputMint, includeFailedTx);
    const { items, totalPages } = pageOf(all, page);
    return {
      status: 200,
      body: { user, orderStatus, orders: items.map((o) => book.toContract(o)), totalPages, page },
    };
  });

  router.add('POST', '/trigger/v1/createOrder', 'trigger', (req) => createOrder(kernel, book, req));

  registerTriggerCancel(kernel, book);

  router.add('POST', '/trigger/v1/execute', 'trigger', (req) => {
    const { requestId, signedTransaction: signed } = new Params(kernel, 'trigger').request(
      OPERATIONS.triggerExecute,
      req.body,
    );
    const res = kernel.requests.execute('trigger', requestId, signed);
    // the real service leaves `code` out of some successes
    const noCode = res.status === 'Success' && variability.chance(requestId, 'trigger-execute-no-code', 0.5);
    const body: Record<string, unknown> = noCode
      ? { signature: res.signature, status: res.status }
      : { code: res.code, signature: res.signature, status: res.status };
    if (res.error) body.error = res.error;
    return { status: 200, body };
  });
}

async function createOrder(kernel: SimKernel, book: TriggerBook, req: SimRequest) {
  const p = new Params(kernel, 'trigger');
  const {
    maker,
    payer,
    params,
    computeUnitPrice,
    feeAccount,
    wrapAndUnwrapSol: wrap = true,
    ...b
  } = p.request(OPERATIONS.triggerCreate, req.body);
  const input = p.mint(b.inputMint, 'inputMint');
  const output = p.mint(b.outputMint, 'outputMint');
  if (input.mint === output.mint) p.fail('outputMint', 'must differ from inputMint');
  const making = BigInt(params.makingAmount);
  const taking = BigInt(params.takingAmount);
  const nowSec = Math.floor(kernel.clock.nowMs() / 1000);
  const expiredAt = params.expiredAt === undefined ? null : Number(params.expiredAt);
  if (expiredAt !== null && expiredAt <= nowSec) {
    p.fail('params.expiredAt', `must be a unix time in seconds in the future (now ${nowSec}, got ${expiredAt})`);
  }
  const slippageBps = params.slippageBps === undefined ? 0 : Number(params.slippageBps);
  const cuPrice = p.computeUnitPrice(computeUnitPrice);

  const usd = kernel.market.usdValue(input.mint, making);
  if (usd < TRIGGER_MIN_USD) {
    kernel.fail({
      status: 400,
      message: 'Order value too small',
      cause: `params.makingAmount is worth ${usdText(usd)} USD; trigger orders must be worth at least ${TRIGGER_MIN_USD} USD`,
    });
  }
  const held = kernel.ledger.balance(maker, input.mint);
  if (held < making) {
    kernel.fail({
      status: 400,
      message: 'Insufficient balance',
      cause: `maker holds ${fromBaseUnits(held, input.decimals)} ${input.symbol}; params.makingAmount needs ${fromBaseUnits(making, input.decimals)}`,
    });
  }

  const order = kernel.ids.address();
  const accounts = uniqueMetas([
    sw(payer),
    sw(maker),
    w(order),
    w(await ata(kernel, maker, input.mint)),
    w(await ata(kernel, order, input.mint)),
    w(await ata(kernel, maker, output.mint)),
    r(input.mint),
    r(output.mint),
    r(tokenProgramOf(kernel, input.mint)),
    r(tokenProgramOf(kernel, output.mint)),
    ...(feeAccount ? [w(feeAccount)] : []),
    r(SYSTEM_PROGRAM),
    r(ASSOCIATED_TOKEN_PROGRAM),
  ]);
  const data = ixData('initialize_order', [
    ['u64', making],
    ['u64', taking],
    ['i64', BigInt(expiredAt ?? 0)],
    ['u16', slippageBps],
    ['bool', wrap],
  ]);
  const chunk = usd > PARTIAL_FILL_USD ? (making + 3n) / 4n : making;
  const built = kernel.tx.build({
    feePayer: payer,
    instructions: [...computeBudget(200_000, cuPrice), { programId: SIM_PROGRAMS.trigger, accounts, data }],
    effect: (signature) => {
      const record = {
        key: order,
        maker,
        inputMint: input.mint,
        outputMint: output.mint,
        making,
        taking,
        chunk,
        slippageBps,
        expiredAtSec: expiredAt,
        createdMs: kernel.clock.nowMs(),
        openTx: signature,
      };
      const failed = (result: { ok: false; code: number; error: string }) => {
        book.addFailed(record);
        return result;
      };
      if (kernel.ledger.balance(maker, input.mint) < making) {
        return failed({
          ok: false,
          code: 1,
          error: `insufficient funds: maker holds less than ${making} of ${input.mint}`,
        });
      }
      try {
        kernel.ledger.transfer(maker, order, input.mint, making);
      } catch (e) {
        return failed(effectError(e));
      }
      book.add(record);
      return { ok: true, data: { order } };
    },
  });
  const requestId = kernel.requests.create('trigger', [built.base64]);
  return { status: 200, body: { requestId, transaction: built.base64, order } };
}
