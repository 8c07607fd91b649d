// The pipeline reads the address lookup tables a v0 transaction uses over RPC (getAccountInfo,
// from the simulator over loopback HTTP) before inspecting it: a table resolving to the wallet as
// writable is refused, and a table that cannot be read refuses the transaction, naming the table.
// Either way no dialog is shown and nothing is signed, journalled or sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRpcClient } from '../../src/rpc/client.js';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';
import { openJournal } from '../../src/journal/journal.js';
import { rpcDeps, runAction, type ActionSpec, type PipelineDeps } from '../../src/pipeline/index.js';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { buildTransaction, expecting, randomAddress, simulateNothing, viaLookupTable } from '../support/tx.js';

const ALT_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';

async function world(t: { after(fn: () => Promise<void>): void }) {
  const sim = await startSim({ seed: 31, timeScale: 0 });
  t.after(() => sim.stop());
  const dir = await mkdtemp(join(tmpdir(), 'tradedeck-alt-pipe-'));
  const wallet = await loadKeypairFile(await createDemoKeyFile(join(dir, 'keys')));
  sim.fund(wallet.address);
  const journal = await openJournal(join(dir, 'state', 'journal.jsonl'));
  const rpc = createRpcClient({ url: sim.rpcUrl });
  const calls = { confirm: 0, execute: 0, send: 0 };
  const deps: PipelineDeps = {
    wallet,
    journal,
    now: () => Date.now(),
    confirm: async () => (calls.confirm++, 'cancel'),
    execute: async () => (calls.execute++, { status: 'Success', code: 0, signature: 'x' }),
    ...rpcDeps(rpc),
    // made by hand with a blockhash no node knows, these transactions cannot be simulated: what is
    // tested here is the tables' reading, so their effect is taken as nothing
    simulate: simulateNothing,
    sendRawTransaction: async () => (calls.send++, 'x'),
    sleep: async () => undefined,
  };
  return { sim, wallet, journal, rpc, calls, deps };
}

function spec(transactions: string[]): ActionSpec {
  return {
    group: 'swap',
    action: 'swap',
    build: async () => ({
      transactions,
      allowedSigners: [],
      builtAt: Date.now(),
      submit: 'rpc',
      summary: {},
      expect: expecting(),
    }),
    describe: () => ({ title: 'Swap', lines: [] }),
  };
}

/** The getAccountInfo requests the simulator's RPC received, by address. */
function accountReads(sim: SimHandle): Array<{ address: unknown; config: unknown }> {
  return sim
    .requests()
    .filter((r) => r.path === '/rpc' && (r.body as { method?: string })?.method === 'getAccountInfo')
    .map((r) => {
      const params = (r.body as { params: unknown[] }).params;
      return { address: params[0], config: params[1] };
    });
}

async function deadRpcUrl(): Promise<string> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return `http://127.0.0.1:${port}/rpc`;
}

async function assertNothingSigned(w: Awaited<ReturnType<typeof world>>) {
  assert.equal(w.calls.confirm, 0, 'no dialog');
  assert.equal(w.calls.execute + w.calls.send, 0, 'nothing sent');
  assert.deepEqual(await w.journal.entries(), [], 'nothing journalled (nothing was signed)');
}

test('a table that loads the wallet as writable is read over RPC and refused before the dialog', async (t) => {
  const w = await world(t);
  const table = w.sim.addLookupTable({ addresses: [randomAddress(), w.wallet.address, randomAddress()] });
  const result = await runAction(spec([viaLookupTable(w.wallet.address, table, [randomAddress()])]), w.deps);
  assert.equal(result.status, 'refused');
  assert.equal(result.stage, 'inspect');
  assert.equal(
    result.error,
    `the address lookup table ${table} loads the wallet as a writable account (entry 1), where only the transaction's own signer list may name it`,
  );
  assert.deepEqual(accountReads(w.sim), [{ address: table, config: { encoding: 'base64', commitment: 'confirmed' } }]);
  await assertNothingSigned(w);
});

test('a table whose entries are not the wallet passes to the dialog, the accounts it loads resolved', async (t) => {
  const w = await world(t);
  const pool = randomAddress();
  const vault = randomAddress();
  const table = w.sim.addLookupTable({ addresses: [pool, vault], authority: randomAddress() });
  const tx = buildTransaction({
    feePayer: w.wallet.address,
    programs: [SIM_PROGRAMS.router],
    writable: [pool],
    readonly: [vault],
    lookupTable: { address: table, addresses: [pool, vault] },
  });
  const seen: unknown[] = [];
  const result = await runAction(spec([tx]), {
    ...w.deps,
    confirm: async (req) => (seen.push(...req.inspections.map((i) => i.lookupTables)), 'cancel'),
  });
  assert.equal(result.status, 'cancelled', result.error);
  assert.deepEqual(seen, [{ count: 1, writableAccounts: 1, readonlyAccounts: 1 }]);
  assert.deepEqual(
    accountReads(w.sim).map((r) => r.address),
    [table],
  );
  // the same transaction, but the table's entry 0 (which it loads writable) is the wallet: refused
  const trap = w.sim.addLookupTable({ addresses: [w.wallet.address, vault] });
  const hostile = buildTransaction({
    feePayer: w.wallet.address,
    programs: [SIM_PROGRAMS.router],
    writable: [pool],
    readonly: [vault],
    lookupTable: { address: trap, addresses: [pool, vault] },
  });
  const refused = await runAction(spec([hostile]), w.deps);
  assert.equal(refused.status, 'refused');
  assert.match(
    refused.error ?? '',
    new RegExp(`lookup table ${trap} loads the wallet as a writable account \\(entry 0\\)`),
  );
});

test('a table that cannot be read refuses the transaction with one line naming the table', async (t) => {
  const w = await world(t);
  const tx = (table: string) => viaLookupTable(w.wallet.address, table, [randomAddress()]);
  const refusal = async (table: string, deps: PipelineDeps = w.deps) => {
    const r = await runAction(spec([tx(table)]), deps);
    assert.equal(r.status, 'refused', r.error);
    assert.equal(r.stage, 'inspect');
    assert.ok(
      r.error && !/[\u0000-\u001f\u007f-\u009f]/.test(r.error),
      `one line, no control characters: ${JSON.stringify(r.error)}`,
    );
    assert.ok(r.error!.startsWith(`the address lookup table ${table} could not be read (`), r.error);
    assert.match(r.error!, /so the accounts the transaction loads through it cannot be checked$/);
    return r.error!;
  };

  // no account at the address
  const missing = randomAddress();
  assert.match(await refusal(missing), /\(no account exists at that address\)/);
  // an account there, but not owned by the lookup-table program (a funded wallet)
  const impostor = randomAddress();
  w.sim.fund(impostor);
  assert.match(
    await refusal(impostor),
    /\(the account is owned by 11111111111111111111111111111111, not by the Address Lookup Table program\)/,
  );
  // the RPC cannot be reached
  const dead = createRpcClient({ url: await deadRpcUrl(), timeoutMs: 2000 });
  assert.match(
    await refusal(randomAddress(), { ...w.deps, accountInfo: rpcDeps(dead).accountInfo }),
    /\(the RPC request failed: getAccountInfo: network error/,
  );
  // the RPC's message is untrusted: control characters and whole escape sequences are dropped
  const noisy = await refusal(randomAddress(), {
    ...w.deps,
    accountInfo: async () => Promise.reject(new Error('node busy\u001b[31m\nretry later\u0007')),
  });
  assert.match(noisy, /\(the RPC request failed: node busy retry later\)/);
  // no RPC configured
  assert.match(
    await refusal(randomAddress(), { ...w.deps, accountInfo: undefined }),
    /\(no RPC URL is configured to read it \(--rpc-url\)\)/,
  );
  // owned by the program, but the bytes are not a table
  const owned = (data: Uint8Array) => async () => ({ owner: ALT_PROGRAM, data });
  assert.match(
    await refusal(randomAddress(), { ...w.deps, accountInfo: owned(new Uint8Array(57)) }),
    /\(its data \(57 bytes\) is not a lookup table/,
  );
  assert.match(
    await refusal(randomAddress(), { ...w.deps, accountInfo: owned(new Uint8Array(40)) }),
    /\(its data \(40 bytes\) is not a lookup table/,
  );
  assert.match(
    await refusal(randomAddress(), { ...w.deps, accountInfo: owned(new Uint8Array(56 + 64)) }),
    /\(its data is not an initialised lookup table \(state 0\)\)/,
  );
  const tooLong = new Uint8Array(56 + 32 * 257);
  tooLong[0] = 1;
  assert.match(
    await refusal(randomAddress(), { ...w.deps, accountInfo: owned(tooLong) }),
    /\(it holds 257 addresses, more than a lookup table can \(256\)\)/,
  );
  await assertNothingSigned(w);
});

test('with several transactions, one unreadable table refuses them all before any is signed; no table, no read', async (t) => {
  const w = await world(t);
  const good = w.sim.addLookupTable({ addresses: [randomAddress(), randomAddress()] });
  const missing = randomAddress();
  const first = viaLookupTable(w.wallet.address, good, [randomAddress()]);
  const second = viaLookupTable(w.wallet.address, missing, [randomAddress()]);
  const r = await runAction(spec([first, second]), w.deps);
  assert.equal(r.status, 'refused');
  assert.match(
    r.error ?? '',
    new RegExp(
      `^transaction 2 of 2: the address lookup table ${missing} could not be read \\(no account exists at that address\\)`,
    ),
  );
  assert.deepEqual(
    accountReads(w.sim).map((a) => a.address),
    [good, missing],
  );
  await assertNothingSigned(w);

  // legacy and v0 transactions without lookup tables read nothing
  const before = accountReads(w.sim).length;
  const plain = [
    buildTransaction({ feePayer: w.wallet.address, programs: [SIM_PROGRAMS.router] }),
    buildTransaction({ feePayer: w.wallet.address, programs: [SIM_PROGRAMS.router], version: 'legacy' }),
  ];
  const ok = await runAction(spec(plain), w.deps);
  assert.equal(ok.status, 'cancelled', ok.error);
  assert.equal(accountReads(w.sim).length, before);
});
