// A mint's decimals and program come from the chain: read once from the mint account over RPC and
// kept in the state directory; SOL, USDC and USDT fixed and never read; a service's claim that the
// chain contradicts is not traded, naming both values; no RPC, or an RPC failing, refuses rather
// than falling back on the service. The journal records the decimals a signed swap used, and a
// limit order is refused when the token list contradicts the chain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  claimDisagrees,
  createMintFacts,
  MINT_FACTS_FILE,
  mintFactsOf,
  tradeFacts,
  withFixedFacts,
} from '../../src/rpc/mintFacts.js';
import type { AccountInfo } from '../../src/rpc/client.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { answerNext, world } from '../support/actions.js';
import { executeSwapForm } from '../../src/actions/swapFlow.js';
import { createLimitFromArgs } from '../../src/actions/orderFlow.js';
import { createOrdersStore } from '../../src/orders/store.js';
import { randomAddress } from '../support/tx.js';
import { nth } from '../support/narrow.js';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

function mintAccount(decimals: number, owner = TOKEN, size = 82): AccountInfo {
  const data = new Uint8Array(size);
  data[44] = decimals;
  data[45] = 1;
  if (size > 165) data[165] = 1;
  return { owner, data, lamports: 1_461_600n, executable: false };
}

test('facts are read from the mint account once, then from the state directory; SOL, USDC and USDT are never read', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'td-mints-'));
  const mint = randomAddress();
  const reads: string[] = [];
  const readAccount = async (a: string) => (reads.push(a), mintAccount(5, TOKEN_2022, 170));
  const facts = createMintFacts({ readAccount, stateDir: dir });
  assert.deepEqual(await facts.get(mint), { decimals: 5, program: TOKEN_2022 });
  assert.deepEqual(await facts.get(mint), { decimals: 5, program: TOKEN_2022 });
  assert.deepEqual(await facts.get(NATIVE_MINT), { decimals: 9, program: TOKEN });
  assert.deepEqual(await facts.get(USDC_MINT), { decimals: 6, program: TOKEN });
  assert.deepEqual(reads, [mint], 'read once, the fixed mints never');
  // another session reads the file, not the chain
  const later: string[] = [];
  const again = createMintFacts({ readAccount: async (a) => (later.push(a), null), stateDir: dir });
  assert.deepEqual(await again.get(mint), { decimals: 5, program: TOKEN_2022 });
  assert.deepEqual(later, []);
  const file = JSON.parse(await readFile(join(dir, MINT_FACTS_FILE), 'utf8'));
  assert.deepEqual(file.mints[mint], { decimals: 5, program: TOKEN_2022 });
  // a file claiming other facts for SOL is not believed
  await writeFile(
    join(dir, MINT_FACTS_FILE),
    JSON.stringify({ version: 1, mints: { [NATIVE_MINT]: { decimals: 12, program: TOKEN } } }),
  );
  assert.equal((await createMintFacts({ stateDir: dir }).get(NATIVE_MINT)).decimals, 9);
});

test('what is not a mint is refused, and facts that cannot be had refuse, never fall back', async () => {
  const mint = randomAddress();
  assert.match(String(mintFactsOf(mint, null)), /there is no account at/);
  assert.match(
    String(mintFactsOf(mint, mintAccount(6, randomAddress()))),
    /is not a token mint \(its account belongs to \S+, not to the Token or Token-2022 program\)/,
  );
  assert.match(
    String(mintFactsOf(mint, mintAccount(6, TOKEN, 165))),
    /is not a token mint \(its account holds 165 bytes/,
  );
  const down = createMintFacts({
    readAccount: async () => {
      throw new Error('getAccountInfo: network error: connect ECONNREFUSED');
    },
  });
  await assert.rejects(
    down.get(mint),
    /the decimals of \S+ could not be read from the chain \(getAccountInfo: network error/,
  );
  await assert.rejects(createMintFacts({}).get(mint), /no RPC URL is configured/);
  const refused = await tradeFacts(down, [{ mint, symbol: 'WIF', decimals: 6 }], () => undefined);
  assert.match(String(refused), /could not be read from the chain .*: not traded$/);
});

test("a service's claim the chain contradicts is not traded, naming both values; a list never changes SOL", async () => {
  const facts = { decimals: 9, program: TOKEN };
  assert.equal(
    claimDisagrees({ mint: NATIVE_MINT, symbol: 'SOL', decimals: 12 }, facts),
    'the service says SOL has 12 decimals; the chain says 9: not traded',
  );
  assert.match(
    String(claimDisagrees({ mint: NATIVE_MINT, symbol: 'SOL', decimals: 9, tokenProgram: TOKEN_2022 }, facts)),
    /the service says SOL belongs to the program Tokenz\S+; the chain says Tokenkeg\S+: not traded/,
  );
  assert.equal(claimDisagrees({ mint: NATIVE_MINT, symbol: 'SOL', decimals: 9 }, facts), undefined);
  const listed = withFixedFacts({
    id: NATIVE_MINT,
    symbol: 'S0L',
    decimals: 12,
    tokenProgram: TOKEN_2022,
    usdPrice: 150,
  });
  assert.deepEqual([listed.symbol, listed.decimals, listed.tokenProgram, listed.usdPrice], ['SOL', 9, TOKEN, 150]);
});

test('a signed swap journals the decimals it read its amounts with; a limit order is refused when the list contradicts the chain', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.1' } });
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  await answerNext(w.services, true);
  assert.equal((await run)?.status, 'success');
  const entry = nth(await w.services.journal!.entries(), 0);
  assert.deepEqual(entry.decimals, { [NATIVE_MINT]: 9, [USDC_MINT]: 6 });
  assert.match(await readFile(w.journalPath, 'utf8'), /"decimals":\{"So1+2":9,"EPjF\w+":6\}/);

  // the list now says USDC has 9 decimals: no order is requested
  const s = w.services;
  const usdc = s.catalog.getState().latest[USDC_MINT];
  s.catalog
    .getState()
    .remember([{ ...(usdc ?? { id: USDC_MINT, symbol: 'USDC', name: 'USD Coin' }), decimals: 9 } as never]);
  const store = createOrdersStore();
  const before = w.sim.requests().filter((r) => r.path === '/trigger/v1/createOrder').length;
  const r = await createLimitFromArgs(s, store, ['1', 'SOL', '200', 'USDC']);
  assert.equal(r.status, 'refused');
  assert.equal(
    r.error,
    'the service says USDC has 9 decimals; the chain says 6: not traded; nothing was requested or signed',
  );
  assert.equal(w.sim.requests().filter((q) => q.path === '/trigger/v1/createOrder').length, before);
});
