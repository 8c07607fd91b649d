// RPC simulateTransaction with `accounts`, as a node answers it: the state after the transaction of
// the accounts asked for, the fee taken from the fee payer, nothing of the simulator changed. A
// message the simulator handed out runs its own effect on a dry run; a message it did not (what a
// rewriting proxy produces) is interpreted as a chain would run it. Every answer is checked with
// the client's RPC answer schema.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { checkResponse, NATIVE_MINT, USDC_MINT, type Schema } from '../../src/api/index.js';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';
import { RPC_ANSWERS } from '../../src/rpc/answers.js';
import type { SimHandle } from '../../src/sim/index.js';
import { associatedTokenAddress } from '../../src/sim/engine/ata.js';
import { frozenSim, get, newWallet, post, rpc, sign } from '../support/simGroups.js';
import { appendInstructions, instruction, redirectRoute, replaceInstructions } from '../support/rewrite.js';
import { randomAddress } from '../support/tx.js';
import { first, nth } from '../support/narrow.js';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SYSTEM = '11111111111111111111111111111111';
let sim: SimHandle;
before(async () => {
  sim = await frozenSim(23);
});
after(() => sim.stop());

interface Account {
  lamports: number;
  owner: string;
  data: [string, string];
}
interface Simulated {
  err: unknown;
  logs: string[];
  accounts: Array<Account | null> | null;
}

async function simulate(tx: string, addresses: string[]): Promise<Simulated> {
  const r = await rpc(sim, 'simulateTransaction', [
    tx,
    {
      encoding: 'base64',
      sigVerify: false,
      replaceRecentBlockhash: false,
      accounts: { encoding: 'base64', addresses },
    },
  ]);
  assert.equal(r.error, undefined, JSON.stringify(r.error));
  return (
    checkResponse('RPC simulateTransaction', RPC_ANSWERS.simulateTransaction as Schema<unknown>, r.result) as {
      value: Simulated;
    }
  ).value;
}

async function accounts(addresses: string[]): Promise<Array<Account | null>> {
  const r = await rpc(sim, 'getMultipleAccounts', [addresses, { encoding: 'base64' }]);
  assert.equal(r.error, undefined, JSON.stringify(r.error));
  return (
    checkResponse('RPC getMultipleAccounts', RPC_ANSWERS.getMultipleAccounts as Schema<unknown>, r.result) as {
      value: Array<Account | null>;
    }
  ).value;
}

const amountOf = (a: Account | null) => (a ? Buffer.from(a.data[0], 'base64').readBigUInt64LE(64) : 0n);
const u32 = (n: number) => Buffer.from(new Uint32Array([n]).buffer);
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};

async function order(taker: string, amount = '100000000') {
  const r = await get(sim, '/ultra/v1/order', { inputMint: NATIVE_MINT, outputMint: USDC_MINT, amount, taker });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as {
    transaction: string;
    requestId: string;
    inAmount: string;
    outAmount: string;
    prioritizationFeeLamports: number;
  };
}

test('a message the simulator handed out: its effect on a dry run, the state after it, and the simulator unchanged', async () => {
  const w = await newWallet(sim);
  const usdc = await associatedTokenAddress(w.address, USDC_MINT, TOKEN);
  const o = await order(w.address);
  const [wallet, usdcBefore] = first(await accounts([w.address, usdc]), 2);
  const s = await simulate(o.transaction, [w.address, usdc]);
  assert.equal(s.err, null, JSON.stringify(s.logs));
  const fee = 5000 + o.prioritizationFeeLamports;
  assert.equal(s.accounts![0]!.lamports, wallet!.lamports - Number(o.inAmount) - fee, 'the SOL paid and the fee');
  assert.equal(amountOf(nth(s.accounts!, 1)) - amountOf(usdcBefore), BigInt(o.outAmount), 'the USDC received');
  // nothing moved: the balances, and the pool the order executes against (it pays out what was simulated)
  assert.deepEqual(await accounts([w.address, usdc]), [wallet, usdcBefore]);
  const e = await post(sim, '/ultra/v1/execute', {
    requestId: o.requestId,
    signedTransaction: await sign(o.transaction, w),
  });
  assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
  assert.equal(e.body.outputAmountResult, o.outAmount);
  const [walletAfter, usdcAfter] = await accounts([w.address, usdc]);
  assert.deepEqual([walletAfter, usdcAfter], s.accounts, 'the landed transaction left what the simulation said');
});

test("a limit order's message: the node's fee taken before its effect, the order book unchanged", async () => {
  const w = await newWallet(sim);
  const c = await post(sim, '/trigger/v1/createOrder', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: '1000000000', takingAmount: '900000000' },
  });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  const [wallet] = await accounts([w.address]);
  const s = await simulate(c.body.transaction, [w.address]);
  assert.equal(s.err, null);
  const paid = wallet!.lamports - s.accounts![0]!.lamports;
  assert.ok(paid > 1_000_000_000 && paid <= 1_000_000_000 + 5000 + 1_400_000, `paid ${paid}`);
  const open = await get(sim, '/trigger/v1/getTriggerOrders', { user: w.address, orderStatus: 'active' });
  assert.deepEqual(open.body.orders, [], 'the simulation placed no order');
});

test('a rewritten message (the route redirected to another token account): interpreted, the output lands there', async () => {
  const w = await newWallet(sim);
  const attacker = await newWallet(sim);
  const mine = await associatedTokenAddress(w.address, USDC_MINT, TOKEN);
  const theirs = await associatedTokenAddress(attacker.address, USDC_MINT, TOKEN);
  const o = await order(w.address);
  const rewritten = redirectRoute(o.transaction, theirs);
  const before = await accounts([w.address, mine, theirs]);
  const s = await simulate(rewritten, [w.address, mine, theirs]);
  assert.equal(s.err, null, JSON.stringify(s.logs));
  assert.equal(amountOf(nth(s.accounts!, 1)), amountOf(nth(before, 1)), "nothing reaches the wallet's own account");
  assert.ok(amountOf(nth(s.accounts!, 2)) > amountOf(nth(before, 2)), "the output lands in the other wallet's account");
  assert.ok(s.accounts![0]!.lamports < before[0]!.lamports - 100_000_000, 'the wallet still pays');
  // it was never handed out: sending it is refused
  const sent = await rpc(sim, 'sendTransaction', [await sign(rewritten, w), { encoding: 'base64' }]);
  assert.equal(sent.error?.code, -32002);
  assert.match(sent.error?.message ?? '', /not issued by this service/);
});

test('a rewritten message: SOL into a new account of an unknown program is counted; a program that does not exist fails it', async () => {
  const w = await newWallet(sim);
  const fresh = randomAddress();
  const unknown = randomAddress();
  const o = await order(w.address);
  const create = replaceInstructions(
    o.transaction,
    instruction(
      SYSTEM,
      [
        [w.address, 'ws'],
        [fresh, 'ws'],
      ],
      Buffer.concat([u32(0), u64(72_980_000_000n), u64(165n), Buffer.from(await addressBytes(unknown))]),
    ),
  );
  const [wallet] = await accounts([w.address]);
  const s = await simulate(create, [w.address, fresh]);
  assert.equal(s.err, null, JSON.stringify(s.logs));
  assert.ok(wallet!.lamports - s.accounts![0]!.lamports >= 72_980_000_000);
  assert.deepEqual([s.accounts![1]!.lamports, s.accounts![1]!.owner], [72_980_000_000, unknown]);

  const calling = appendInstructions(o.transaction, instruction(unknown, [[w.address, 'ws']], Uint8Array.of(1)));
  const failed = await simulate(calling, [w.address]);
  assert.equal(failed.err, 'ProgramAccountNotFound');
  assert.deepEqual(failed.accounts, [null]);
  // the simulator's own programs exist
  const info = await rpc(sim, 'getAccountInfo', [SIM_PROGRAMS.router, { encoding: 'base64' }]);
  assert.equal(info.result.value.executable, true);
});

test('more accounts asked for than the message loads: refused as a node refuses it', async () => {
  const w = await newWallet(sim);
  const o = await order(w.address);
  const many = Array.from({ length: 40 }, () => randomAddress());
  const r = await rpc(sim, 'simulateTransaction', [
    o.transaction,
    { encoding: 'base64', accounts: { encoding: 'base64', addresses: many } },
  ]);
  assert.equal(r.error?.code, -32602);
  assert.match(r.error?.message ?? '', /Too many accounts provided; max \d+/);
});

async function addressBytes(a: string): Promise<Uint8Array> {
  const { getAddressEncoder, address } = await import('@solana/kit');
  return new Uint8Array(getAddressEncoder().encode(address(a)));
}
