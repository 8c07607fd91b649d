// The simulate stage on its own: a simulation that cannot be had, fails, or comes back without the
// accounts' state refuses in one line; the balance changes read from token accounts (wrapped SOL
// counted as SOL) are judged against what the action expects: paying more than asked plus the
// stated fees, receiving less than the minimum, losing another asset, or being credited an
// unexpected token are refused, each naming the amounts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeEffect, measureEffect, tokenAccountOf } from '../../src/pipeline/effect.js';
import type { Built, PipelineDeps } from '../../src/pipeline/types.js';
import type { AccountInfo, SimulationRead } from '../../src/rpc/client.js';
import type { InspectionOk } from '../../src/wallet/inspect.js';
import { associatedTokenAccount } from '../../src/wallet/inspect.js';
import { decodeBase58 } from '../../src/chain/base58.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { expecting, randomAddress, SOL_TOKEN, USDC_TOKEN } from '../support/tx.js';
import { valueAt } from '../support/narrow.js';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SYSTEM = '11111111111111111111111111111111';
const wallet = randomAddress();

function tokenAccount(mint: string, owner: string, amount: bigint): AccountInfo {
  const data = new Uint8Array(165);
  data.set(decodeBase58(mint)!, 0);
  data.set(decodeBase58(owner)!, 32);
  new DataView(data.buffer).setBigUint64(64, amount, true);
  data[108] = 1;
  return { owner: TOKEN, data, lamports: 2_039_280n, executable: false };
}
const system = (lamports: bigint): AccountInfo => ({
  owner: SYSTEM,
  data: new Uint8Array(),
  lamports,
  executable: false,
});

function inspection(writable: string[]): InspectionOk {
  return {
    writableAll: writable,
    foreign: [],
    costs: { signatureLamports: 5000n, priorityLamports: 20_000n, created: [] },
  } as unknown as InspectionOk;
}

const built = (over: Partial<Built> = {}): Built => ({
  transactions: ['AQ=='],
  allowedSigners: [],
  builtAt: 0,
  submit: 'rpc',
  summary: {},
  expect: expecting({ pays: { [NATIVE_MINT]: 100_000_000n }, receives: { [USDC_MINT]: 14_000_000n } }),
  ...over,
});

/** A simulation answering `before` and `after` states from maps (absent: no account). */
function simulating(
  before: Record<string, AccountInfo>,
  after: Record<string, AccountInfo | null>,
  over: Partial<SimulationRead> = {},
): NonNullable<PipelineDeps['simulate']> {
  return async (_tx, a) => ({
    err: null,
    logs: [],
    before: a.before.map((x) => before[x] ?? null),
    after: a.after.map((x) => (x in after ? valueAt(after, x) : (before[x] ?? null))),
    ...over,
  });
}

test('a simulation that cannot be had, fails, or has no accounts refuses, in one line', async () => {
  const b = built();
  const ins = [inspection([wallet])];
  const none = await measureEffect(b, ins, wallet, {});
  assert.ok(!none.ok && /could not be simulated: no RPC URL is configured/.test(none.reason));
  const down = await measureEffect(b, ins, wallet, {
    simulate: async () => {
      throw new Error('getMultipleAccounts + simulateTransaction: network error: ECONNREFUSED');
    },
  });
  assert.ok(!down.ok && /could not be simulated \(.*ECONNREFUSED\), so nothing was signed/.test(down.reason));
  const failed = await measureEffect(b, ins, wallet, {
    simulate: simulating({}, {}, { err: 'ProgramAccountNotFound' }),
  });
  assert.ok(!failed.ok);
  assert.equal(
    failed.reason,
    'the simulation of the transaction failed (Attempt to load a program that does not exist), so nothing was signed',
  );
  const custom = await measureEffect(b, ins, wallet, {
    simulate: simulating({}, {}, { err: { InstructionError: [2, { Custom: 6001 }] } }),
  });
  assert.ok(!custom.ok && /instruction 3 failed: custom program error 6001/.test(custom.reason));
  const blind = await measureEffect(b, ins, wallet, { simulate: simulating({}, {}, { after: null }) });
  assert.ok(!blind.ok && /without the accounts' state after it/.test(blind.reason));
});

test('the changes are read from the accounts; more paid, less received, another asset lost or an unexpected credit is refused', async () => {
  const mine = await associatedTokenAccount(wallet, USDC_MINT, TOKEN);
  const wsol = await associatedTokenAccount(wallet, NATIVE_MINT, TOKEN);
  const bonk = randomAddress();
  const bonkAccount = await associatedTokenAccount(wallet, bonk, TOKEN);
  const before = { [wallet]: system(10_000_000_000n), [mine]: tokenAccount(USDC_MINT, wallet, 5_000_000n) };
  const measure = async (
    after: Record<string, AccountInfo | null>,
    b = built(),
    extra: Record<string, AccountInfo> = {},
  ) => {
    const m = await measureEffect(b, [inspection(Object.keys({ ...before, ...after }))], wallet, {
      simulate: simulating({ ...before, ...extra }, after),
    });
    assert.ok(m.ok, m.ok ? '' : m.reason);
    return { effect: m.effect, why: judgeEffect(m.effect, b.expect, m.landings ?? [], wallet) };
  };
  // honest: 0.1 SOL and the fees out, 15 USDC in (wrapped SOL left in its account counts as SOL)
  const honest = await measure({
    [wallet]: system(10_000_000_000n - 100_025_000n - 1_000_000n),
    [wsol]: tokenAccount(NATIVE_MINT, wallet, 1_000_000n),
    [mine]: tokenAccount(USDC_MINT, wallet, 20_000_000n),
  });
  assert.equal(honest.why, undefined);
  assert.equal(honest.effect.sol, -100_025_000n);
  assert.deepEqual(honest.effect.tokens, { [USDC_MINT]: 15_000_000n });
  // 1 SOL out
  assert.match(
    (await measure({ [wallet]: system(9_000_000_000n), [mine]: tokenAccount(USDC_MINT, wallet, 20_000_000n) })).why ??
      '',
    /would take 1 SOL from the wallet: more than the 0\.1 SOL asked plus 0\.000025 SOL of stated fees and rent; refused/,
  );
  // 10 USDC in, the minimum 14
  assert.equal(
    (await measure({ [wallet]: system(9_899_975_000n), [mine]: tokenAccount(USDC_MINT, wallet, 15_000_000n) })).why,
    'the wallet would receive 10 USDC; the request allows no less than 14 USDC; refused',
  );
  // another asset lost
  assert.match(
    (
      await measure(
        {
          [wallet]: system(9_899_975_000n),
          [mine]: tokenAccount(USDC_MINT, wallet, 20_000_000n),
          [bonkAccount]: tokenAccount(bonk, wallet, 0n),
        },
        built({ expect: { ...built().expect, tokens: [SOL_TOKEN, USDC_TOKEN] } }),
        { [bonkAccount]: tokenAccount(bonk, wallet, 7n) },
      )
    ).why ?? '',
    /would take 7 base units of \S+ from the wallet, which this action does not pay; refused/,
  );
  // an unexpected credit
  assert.match(
    (
      await measure(
        {
          [wallet]: system(9_899_975_000n),
          [mine]: tokenAccount(USDC_MINT, wallet, 20_000_000n),
          [bonkAccount]: tokenAccount(bonk, wallet, 9n),
        },
        built(),
        { [bonkAccount]: tokenAccount(bonk, wallet, 0n) },
      )
    ).why ?? '',
    /would also credit 9 base units of \S+ to the wallet, which this action does not expect; refused/,
  );
  assert.equal(tokenAccountOf(system(1n)), undefined);
});
