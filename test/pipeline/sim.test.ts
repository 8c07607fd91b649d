// The pipeline against the embedded simulator over loopback HTTP, with the real API client,
// a real key file, real signatures and a journal on disk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../src/api/index.js';
import { createRpcClient } from '../../src/rpc/client.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { startSim } from '../../src/sim/index.js';
import { openJournal, type Journal } from '../../src/journal/journal.js';
import { reconcileJournal } from '../../src/journal/reconcile.js';
import { executeThrough, rpcDeps, runAction, type ActionSpec, type PipelineDeps } from '../../src/pipeline/index.js';
import { createDemoKeyFile, loadKeypairFile, type KeypairWallet } from '../../src/wallet/keypair.js';
import { expecting } from '../support/tx.js';
import { nth } from '../support/narrow.js';

async function world(t: { after(fn: () => Promise<void>): void }) {
  const sim = await startSim({ seed: 7, timeScale: 1 });
  t.after(() => sim.stop());
  const dir = await mkdtemp(join(tmpdir(), 'tradedeck-sim-pipe-'));
  const wallet = await loadKeypairFile(await createDemoKeyFile(join(dir, 'keys')));
  sim.fund(wallet.address);
  const api = createApiClient({ baseUrl: sim.url, apiKey: 'test-key', retries: 0 });
  const rpc = createRpcClient({ url: sim.rpcUrl });
  const journalPath = join(dir, 'state', 'tradedeck', 'journal.jsonl');
  return { sim, wallet, api, rpc, journalPath, journal: await openJournal(journalPath) };
}

function limitOrderSpec(api: ReturnType<typeof createApiClient>, wallet: KeypairWallet): ActionSpec {
  return {
    group: 'trigger',
    action: 'create',
    build: async () => {
      const r = await api.trigger.create({
        inputMint: NATIVE_MINT,
        outputMint: USDC_MINT,
        maker: wallet.address,
        payer: wallet.address,
        params: { makingAmount: '2000000000', takingAmount: '900000000' },
      });
      return {
        requestId: r.requestId,
        transactions: [r.transaction],
        allowedSigners: [],
        builtAt: Date.now(),
        submit: 'execute',
        summary: { sell: '2 SOL', for: '900 USDC', order: r.order ?? null },
        expect: expecting({ pays: { [NATIVE_MINT]: 2_000_000_000n } }),
      };
    },
    describe: () => ({ title: 'Limit: sell 2 SOL for 900 USDC', lines: [] }),
  };
}

function deps(w: Awaited<ReturnType<typeof world>>, journal: Journal, over: Partial<PipelineDeps> = {}): PipelineDeps {
  return {
    wallet: w.wallet,
    journal,
    confirm: async () => 'confirm',
    execute: executeThrough(w.api),
    ...rpcDeps(w.rpc),
    now: () => Date.now(),
    sleep: async () => undefined,
    ...over,
  };
}

function executes(sim: Awaited<ReturnType<typeof startSim>>, path: string) {
  return sim.requests().filter((r) => r.path === path);
}

test('trigger create: order -> inspect -> confirm -> journal -> sign -> execute moves the escrowed balance', async (t) => {
  const w = await world(t);
  const before = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  const seen: Array<{ programs: Array<{ name: string | null }> }> = [];
  const r = await runAction(
    limitOrderSpec(w.api, w.wallet),
    deps(w, w.journal, {
      confirm: async (req) => {
        seen.push(...req.inspections);
        return 'confirm';
      },
    }),
  );
  assert.equal(r.status, 'success', r.error);
  assert.ok(r.signature);
  assert.equal(
    nth(seen, 0).programs.some((p) => p.name === 'Trigger orders'),
    true,
  );
  const after = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  assert.ok(before - after >= 2_000_000_000n, `escrow took the 2 SOL (moved ${before - after})`);
  const sent = executes(w.sim, '/trigger/v1/execute');
  assert.equal(sent.length, 1);
  const state = nth(await w.journal.entries(), 0);
  assert.equal(state.status, 'success');
  assert.equal((nth(sent, 0).body as { signedTransaction: string }).signedTransaction, state.signedTransaction);
  const journalText = await readFile(w.journalPath, 'utf8');
  const seed = (JSON.parse(await readFile(w.wallet.path, 'utf8')) as number[]).slice(0, 32);
  assert.ok(!journalText.includes(Buffer.from(seed).toString('base64').slice(0, 16)));
  assert.ok(!journalText.includes(seed.join(',')));
  assert.ok(!journalText.includes('test-key'));
});

test('cancelled in the dialog: the service receives no execute and balances stay', async (t) => {
  const w = await world(t);
  const before = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  const r = await runAction(limitOrderSpec(w.api, w.wallet), deps(w, w.journal, { confirm: async () => 'cancel' }));
  assert.equal(r.status, 'cancelled');
  assert.equal(executes(w.sim, '/trigger/v1/execute').length, 0);
  assert.equal(w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT), before);
});

test('journalled but never sent (crash): reconcile at the next start executes it exactly once', async (t) => {
  const w = await world(t);
  const before = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  // The process "dies" right after the signed line is flushed: nothing reaches the service and no outcome is written.
  const crashing: Journal = {
    ...w.journal,
    appendOutcome: async (o) =>
      o.status === 'signed' ? w.journal.appendOutcome(o) : Promise.reject(new Error('process gone')),
    entries: w.journal.entries,
    pending: w.journal.pending,
    path: w.journal.path,
    problems: [],
  };
  const r = await runAction(
    limitOrderSpec(w.api, w.wallet),
    deps(w, crashing, { execute: async () => Promise.reject(new Error('process gone')), maxExecuteAttempts: 1 }),
  );
  assert.notEqual(r.status, 'success');
  assert.equal(executes(w.sim, '/trigger/v1/execute').length, 0);
  assert.equal(w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT), before);

  const nextStart = await openJournal(w.journalPath);
  assert.equal((await nextStart.pending()).length, 1);
  const reconcileDeps = {
    execute: executeThrough(w.api),
    signatureStatus: rpcDeps(w.rpc).signatureStatus,
    now: () => Date.now(),
  };
  const items = await reconcileJournal(nextStart, reconcileDeps);
  assert.deepEqual(
    items.map((i) => i.after),
    ['success'],
  );
  assert.equal(executes(w.sim, '/trigger/v1/execute').length, 1);
  const moved = before - w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  assert.ok(moved >= 2_000_000_000n);

  // A further start finds nothing pending; the balance moved once.
  assert.deepEqual(await reconcileJournal(await openJournal(w.journalPath), reconcileDeps), []);
  assert.equal(before - w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT), moved);
});

test('journalled but never signed (a crash before its signed line): the next start closes it as never sent; nothing reaches the service', async (t) => {
  const w = await world(t);
  const before = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  // nothing after the entry reaches the disk: neither the signed line nor any outcome
  const crashing: Journal = {
    ...w.journal,
    appendOutcome: async () => Promise.reject(new Error('process gone')),
    entries: w.journal.entries,
    pending: w.journal.pending,
    path: w.journal.path,
    problems: [],
  };
  const r = await runAction(limitOrderSpec(w.api, w.wallet), deps(w, crashing));
  assert.equal(r.status, 'failed');
  assert.equal(r.error, 'could not write the journal, so nothing was sent: process gone');
  assert.equal(executes(w.sim, '/trigger/v1/execute').length, 0);

  const nextStart = await openJournal(w.journalPath);
  const pending = nth(await nextStart.pending(), 0);
  assert.equal(pending.status, 'prepared');
  assert.equal(pending.signedTransaction, '');
  const items = await reconcileJournal(nextStart, {
    execute: executeThrough(w.api),
    signatureStatus: rpcDeps(w.rpc).signatureStatus,
    now: () => Date.now(),
  });
  assert.deepEqual(
    items.map((i) => [i.after, i.note]),
    [['unsent', 'journalled but never signed: nothing was sent']],
  );
  assert.equal(executes(w.sim, '/trigger/v1/execute').length, 0, 'the check sent nothing either');
  assert.equal(w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT), before);
  assert.deepEqual(await (await openJournal(w.journalPath)).pending(), [], 'and it is final');
});

test('swap group: quote -> swap tx -> inspect -> confirm -> journal -> sign -> RPC send -> confirmed; balances move', async (t) => {
  const w = await world(t);
  const solBefore = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  const usdcBefore = w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT);
  const spec: ActionSpec = {
    group: 'swap',
    action: 'swap',
    build: async () => {
      const quoteResponse = await w.api.swap.quote({
        inputMint: NATIVE_MINT,
        outputMint: USDC_MINT,
        amount: '1000000000',
        slippageBps: 100,
      });
      const r = await w.api.swap.swap({ userPublicKey: w.wallet.address, quoteResponse });
      return {
        transactions: [r.swapTransaction],
        allowedSigners: [],
        lastValidBlockHeight: Number(r.lastValidBlockHeight),
        builtAt: Date.now(),
        submit: 'rpc',
        summary: { in: '1 SOL', out: quoteResponse.outAmount },
        expect: expecting({
          pays: { [NATIVE_MINT]: 1_000_000_000n },
          receives: { [USDC_MINT]: BigInt(quoteResponse.otherAmountThreshold) },
        }),
      };
    },
    describe: () => ({ title: 'Swap 1 SOL for USDC', lines: [] }),
  };
  const r = await runAction(
    spec,
    deps(w, w.journal, { sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))) }),
  );
  assert.equal(r.status, 'success', r.error);
  const sends = w.sim
    .requests()
    .filter((q) => q.path === '/rpc' && (q.body as { method?: string }).method === 'sendTransaction');
  assert.equal(sends.length, 1);
  assert.ok(solBefore - w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT) >= 1_000_000_000n);
  assert.ok(w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT) > usdcBefore);
  const state = nth(await w.journal.entries(), 0);
  assert.equal(state.group, 'swap');
  assert.equal(state.status, 'success');
  assert.equal(state.signature, r.signature);
});
