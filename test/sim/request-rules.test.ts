// The simulator reads every request with the operation's own request schema: a request that
// breaks a rule is refused by the simulator with exactly the field and the rule the client's
// check names before sending, in the group's own error envelope.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { checkRequest, RequestRuleError, OPERATIONS, type Operation } from '../../src/api/index.js';
import type { SimHandle } from '../../src/sim/index.js';
import { frozenSim, newWallet } from '../support/simGroups.js';
import { KEY, SOL, USDC } from '../support/simHttp.js';

let sim: SimHandle;
let w: string;
before(async () => {
  sim = await frozenSim();
  w = (await newWallet(sim)).address;
});
after(() => sim.stop());

/** What the client's check says about `value` (it must refuse it). */
function clientRefusal(op: Operation<unknown, unknown>, value: unknown): RequestRuleError {
  try {
    checkRequest(op.method === 'GET' ? 'params' : 'body', op.request, value);
  } catch (e) {
    if (e instanceof RequestRuleError) return e;
    throw e;
  }
  throw new Error(`the client accepts ${JSON.stringify(value)}`);
}

/** The simulator's answer to the raw request: status and the human text of its envelope. */
async function simAnswer(
  op: Operation<unknown, unknown>,
  value: Record<string, unknown>,
): Promise<{ status: number; text: string; body: any }> {
  const query = new URLSearchParams(
    Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
  ).toString();
  const res =
    op.method === 'GET'
      ? await fetch(`${sim.url}${op.path}?${query}`, { headers: KEY })
      : await fetch(sim.url + op.path, {
          method: 'POST',
          headers: { ...KEY, 'content-type': 'application/json' },
          body: JSON.stringify(value),
        });
  const body = (await res.json()) as any;
  const studio = body.errors
    ? Object.entries(body.errors as Record<string, string[]>)
        .map(([f, m]) => `${f}: ${m.join(', ')}`)
        .join('; ')
    : '';
  return { status: res.status, text: [body.error, body.cause, studio].filter(Boolean).join(' | '), body };
}

test('a broken rule is refused by the simulator naming the field and the rule the client names', async () => {
  const order = { inputMint: SOL, outputMint: USDC, amount: '1000000' };
  const cases: Array<[Operation<unknown, unknown>, Record<string, unknown>]> = [
    [OPERATIONS.quote, { ...order, swapMode: 'Both' }],
    [OPERATIONS.quote, { ...order, amount: '1.5' }],
    [OPERATIONS.order, { ...order, referralFee: 20 }],
    [OPERATIONS.order, { ...order, excludeRouters: ['bo gus'] }],
    [OPERATIONS.swap, { userPublicKey: w, quoteResponse: { inputMint: SOL } }],
    [OPERATIONS.swapInstructions, { userPublicKey: 'nope', quoteResponse: {} }],
    [OPERATIONS.orderExecute, { requestId: 'x', signedTransaction: 'not base64!' }],
    [
      OPERATIONS.triggerCreate,
      {
        inputMint: SOL,
        outputMint: USDC,
        maker: w,
        payer: w,
        params: { makingAmount: '1', takingAmount: '1', slippageBps: 50 },
      },
    ],
    [OPERATIONS.triggerCancelMany, { maker: w, orders: [] }],
    [OPERATIONS.triggerExecute, { requestId: '', signedTransaction: 'AAAA' }],
    [
      OPERATIONS.recurringCreate,
      {
        user: w,
        inputMint: USDC,
        outputMint: SOL,
        params: { price: { depositAmount: '1', incrementUsdcValue: 'x', interval: 60 } },
      },
    ],
    [OPERATIONS.priceWithdraw, { inputOrOutput: 'In', order: w, user: w, amount: '99999999999999999999' }],
    [OPERATIONS.recurringExecute, { requestId: 'x' }],
    [OPERATIONS.dbcFeeClaim, { ownerWallet: w, poolAddress: w, maxQuoteAmount: 'all' }],
  ];
  for (const [op, value] of cases) {
    const said = clientRefusal(op, value);
    const answer = await simAnswer(op, value);
    const where = `${op.method} ${op.path} ${JSON.stringify(value)}`;
    assert.equal(answer.status, 400, where);
    assert.ok(
      answer.text.includes(`${said.field}: ${said.rule}`),
      `${where}: client "${said.message}", simulator "${answer.text}"`,
    );
  }
});

test('studio names every field the schema refuses at once, as the client names each', async () => {
  const op = OPERATIONS.dbcPoolCreate as Operation<unknown, unknown>;
  const body = {
    buildCurveByMarketCapParam: { quoteMint: USDC },
    antiSniping: 'yes',
    fee: { feeBps: 1.5 },
    tokenName: ' ',
    tokenImageContentType: 'text/plain',
    creator: w,
  };
  const answer = await simAnswer(op, body);
  assert.equal(answer.status, 400);
  for (const field of [
    'buildCurveByMarketCapParam.initialMarketCap',
    'antiSniping',
    'fee.feeBps',
    'isLpLocked',
    'tokenName',
    'tokenSymbol',
    'tokenImageContentType',
  ]) {
    assert.ok(Array.isArray(answer.body.errors[field]), `errors.${field}: ${answer.text}`);
  }
  const said = clientRefusal(op, body);
  assert.deepEqual(answer.body.errors[said.field], [said.rule]);
});
