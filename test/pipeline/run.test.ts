import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';
import { openJournal, type JournalGroup } from '../../src/journal/journal.js';
import type { ExecuteBody } from '../../src/journal/reconcile.js';
import { runAction, type ActionSpec, type Built, type PipelineDeps } from '../../src/pipeline/index.js';
import { createDemoKeyFile, loadKeypairFile, watchOnlyWallet, type KeypairWallet } from '../../src/wallet/keypair.js';
import { buildTransaction, expecting, randomAddress, simulateNothing } from '../support/tx.js';
import { RpcError } from '../../src/rpc/client.js';
import { nth } from '../support/narrow.js';

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'tradedeck-pipe-'));
  const wallet = await loadKeypairFile(await createDemoKeyFile(join(dir, 'keys')));
  const journal = await openJournal(join(dir, 'state', 'journal.jsonl'));
  return { dir, wallet, journal };
}

interface Harness {
  deps: PipelineDeps;
  calls: {
    build: number;
    confirm: number;
    execute: Array<{ group: JournalGroup; body: ExecuteBody }>;
    send: string[];
    journalLinesAtExecute: string[][];
  };
  clock: { now: number };
}

function harness(
  wallet: KeypairWallet,
  journal: PipelineDeps['journal'],
  opts: {
    answer?: 'confirm' | 'cancel';
    confirmTakesMs?: number[];
    execute?: (n: number) => unknown;
    height?: number;
  } = {},
): Harness {
  const clock = { now: 1_700_000_000_000 };
  const calls: Harness['calls'] = { build: 0, confirm: 0, execute: [], send: [], journalLinesAtExecute: [] };
  const deps: PipelineDeps = {
    wallet,
    journal,
    now: () => clock.now,
    confirm: async () => {
      clock.now += opts.confirmTakesMs?.[calls.confirm] ?? 5_000;
      calls.confirm++;
      return opts.answer ?? 'confirm';
    },
    execute: async (group, body) => {
      calls.execute.push({ group, body });
      calls.journalLinesAtExecute.push((await readFile(journal.path, 'utf8')).trim().split('\n').filter(Boolean));
      return (opts.execute?.(calls.execute.length) ?? {
        status: 'Success',
        code: 0,
        signature: 'SigFromExecute',
      }) as Awaited<ReturnType<PipelineDeps['execute']>>;
    },
    sendRawTransaction: async (b64) => {
      calls.send.push(b64);
      return 'unused';
    },
    signatureStatus: async () => 'unknown',
    blockHeight: async () => opts.height ?? 100,
    simulate: simulateNothing,
    sleep: async (ms) => {
      clock.now += ms;
    },
  };
  return { deps, calls, clock };
}

function orderSpec(
  wallet: string,
  calls: { build: number },
  clock: { now: number },
  extra: Partial<Built> = {},
): ActionSpec {
  return {
    group: 'ultra',
    action: 'swap',
    build: async () => {
      calls.build++;
      return {
        requestId: `req-${calls.build}`,
        transactions: [buildTransaction({ feePayer: wallet, programs: [SIM_PROGRAMS.router] })],
        allowedSigners: [],
        builtAt: clock.now,
        submit: 'execute',
        summary: { in: '1 SOL', out: '150 USDC' },
        expect: expecting(),
        ...extra,
      };
    },
    describe: (built) => ({ title: 'Swap 1 SOL for 150 USDC', lines: [`request ${built.requestId}`] }),
  };
}

test('cancel: nothing is signed, journalled or sent', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal, { answer: 'cancel' });
  const r = await runAction(orderSpec(wallet.address, h.calls, h.clock), h.deps);
  assert.equal(r.status, 'cancelled');
  assert.equal(h.calls.execute.length, 0);
  assert.equal(h.calls.send.length, 0);
  assert.equal(await readFile(journal.path, 'utf8'), '');
});

test('confirm: exactly one execute, journalled before it, with the signed transaction and requestId', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal);
  const seen: unknown[] = [];
  h.deps.confirm = async (req) => {
    seen.push(req);
    return 'confirm';
  };
  const r = await runAction(orderSpec(wallet.address, h.calls, h.clock), h.deps);
  assert.equal(r.status, 'success');
  assert.equal(r.signature, 'SigFromExecute');
  assert.equal(h.calls.execute.length, 1);
  const { group, body } = nth(h.calls.execute, 0);
  assert.equal(group, 'ultra');
  assert.equal(body.requestId, 'req-1');
  const onDiskAtExecute = nth(h.calls.journalLinesAtExecute, 0).map((l) => JSON.parse(l));
  assert.equal(onDiskAtExecute.length, 2, 'the entry and its signed line were on disk when execute was called');
  // the entry was written before signing: the transaction as built, no signature yet
  assert.equal(onDiskAtExecute[0].kind, 'entry');
  assert.equal(onDiskAtExecute[0].status, 'prepared');
  assert.equal(onDiskAtExecute[0].signedTransaction, undefined);
  assert.equal(typeof onDiskAtExecute[0].transaction, 'string');
  assert.equal(onDiskAtExecute[0].wallet, wallet.address);
  // then the signed line, before anything was sent
  assert.equal(onDiskAtExecute[1].kind, 'outcome');
  assert.equal(onDiskAtExecute[1].id, onDiskAtExecute[0].id);
  assert.equal(onDiskAtExecute[1].status, 'signed');
  assert.equal(onDiskAtExecute[1].signedTransaction, body.signedTransaction);
  const state = nth(await journal.entries(), 0);
  assert.equal(state.status, 'success');
  assert.equal(state.signature, 'SigFromExecute');
  const req = seen[0] as { title: string; inspections: Array<{ programs: unknown[] }> };
  assert.equal(req.title, 'Swap 1 SOL for 150 USDC');
  assert.deepEqual(nth(req.inspections, 0).programs, [{ id: SIM_PROGRAMS.router, name: 'Router' }]);
});

test('a build that aged past its lifetime in the dialog is re-built and confirmed again', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal, { confirmTakesMs: [61_000, 2_000] });
  const r = await runAction(orderSpec(wallet.address, h.calls, h.clock), h.deps);
  assert.equal(r.status, 'success');
  assert.equal(h.calls.build, 2);
  assert.equal(h.calls.confirm, 2);
  assert.equal(h.calls.execute.length, 1);
  assert.equal(nth(h.calls.execute, 0).body.requestId, 'req-2', 'only the fresh build is sent');
  assert.equal((await journal.entries()).length, 1);
});

test('a build past its last valid block height is never signed', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal, { height: 900 });
  const r = await runAction(orderSpec(wallet.address, h.calls, h.clock, { lastValidBlockHeight: 800 }), {
    ...h.deps,
    maxRebuilds: 1,
  });
  assert.equal(r.status, 'expired');
  assert.equal(h.calls.build, 2);
  assert.equal(h.calls.execute.length, 0);
  assert.equal(await readFile(journal.path, 'utf8'), '');
});

test('a refused inspection stops before the dialog: nothing signed', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal);
  const stranger = randomAddress();
  const spec = orderSpec(wallet.address, h.calls, h.clock, {
    transactions: [buildTransaction({ feePayer: stranger, signers: [wallet.address] })],
  });
  const r = await runAction(spec, h.deps);
  assert.equal(r.status, 'refused');
  assert.equal(r.stage, 'inspect');
  assert.match(r.error ?? '', new RegExp(stranger));
  assert.equal(h.calls.confirm, 0);
  assert.equal(h.calls.execute.length, 0);
  assert.equal(await readFile(journal.path, 'utf8'), '');
});

test('a watch-only wallet is refused before anything is built', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal);
  const r = await runAction(orderSpec(wallet.address, h.calls, h.clock), {
    ...h.deps,
    wallet: watchOnlyWallet(wallet.address),
  });
  assert.equal(r.status, 'refused');
  assert.equal(r.error, `watch-only: ${wallet.address} has no key; signing is disabled`);
  assert.equal(h.calls.build, 0);
});

test('a transient execute code re-posts the same signed transaction; a slippage failure advises a new quote', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal, {
    execute: (n) =>
      n === 1 ? { status: 'Failed', code: -1006, error: 'timed out' } : { status: 'Success', code: 0, signature: 'S' },
  });
  const r = await runAction(orderSpec(wallet.address, h.calls, h.clock), h.deps);
  assert.equal(r.status, 'success');
  assert.equal(h.calls.execute.length, 2);
  assert.deepEqual(
    nth(h.calls.execute, 1).body,
    nth(h.calls.execute, 0).body,
    'same bytes, same requestId: never re-signed',
  );

  const h2 = harness(wallet, journal, { execute: () => ({ status: 'Failed', code: 6001, error: 'slippage' }) });
  const r2 = await runAction(orderSpec(wallet.address, h2.calls, h2.clock), h2.deps);
  assert.equal(r2.status, 'failed');
  assert.equal(r2.code, 6001);
  assert.match(r2.advice ?? '', /new quote/);
  assert.equal(h2.calls.execute.length, 1, 'a real failure is not re-sent');
});

test('transient codes are retried a bounded number of times, then left for reconcile', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal, { execute: () => ({ status: 'Failed', code: -1000 }) });
  const r = await runAction(orderSpec(wallet.address, h.calls, h.clock), { ...h.deps, maxExecuteAttempts: 3 });
  assert.equal(r.status, 'unknown');
  assert.equal(h.calls.execute.length, 3);
  assert.equal((await journal.pending()).length, 1);
});

test('rpc submit: sent once, polled until confirmed; a transaction needing a foreign signature is refused', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal);
  let polls = 0;
  h.deps.sendRawTransaction = async (b64) => {
    h.calls.send.push(b64);
    return 'SigRpc';
  };
  h.deps.signatureStatus = async (sig) => (sig === 'SigRpc' && ++polls >= 3 ? 'confirmed' : 'unknown');
  const spec: ActionSpec = {
    ...orderSpec(wallet.address, h.calls, h.clock, { submit: 'rpc', requestId: undefined, lastValidBlockHeight: 1000 }),
    group: 'swap',
  };
  const r = await runAction(spec, h.deps);
  assert.equal(r.status, 'success');
  assert.equal(r.signature, 'SigRpc');
  assert.equal(h.calls.send.length, 1);
  assert.equal(h.calls.execute.length, 0);
  assert.equal(polls, 3);
  const payer = randomAddress();
  const foreign: ActionSpec = {
    ...spec,
    build: async () => ({
      ...(await spec.build()),
      allowedSigners: [payer],
      transactions: [buildTransaction({ feePayer: payer, signers: [wallet.address] })],
    }),
  };
  const refused = await runAction(foreign, h.deps);
  assert.equal(refused.status, 'refused');
  assert.match(refused.error ?? '', /cannot provide/);
});

test('rpc submit that never confirms expires once block height passes lastValidBlockHeight', async () => {
  const { wallet, journal } = await setup();
  let height = 100;
  const h = harness(wallet, journal);
  h.deps.blockHeight = async () => (height += 20);
  h.deps.sendRawTransaction = async () => 'SigLost';
  const spec: ActionSpec = {
    ...orderSpec(wallet.address, h.calls, h.clock, { submit: 'rpc', requestId: undefined, lastValidBlockHeight: 250 }),
    group: 'studio',
  };
  const r = await runAction(spec, h.deps);
  assert.equal(r.status, 'expired');
  const state = nth(await journal.entries(), 0);
  assert.equal(state.status, 'expired');
  assert.equal(state.signature, 'SigLost');
});

test('several transactions (cancel-all): each is journalled before its own execute', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal);
  const spec: ActionSpec = {
    ...orderSpec(wallet.address, h.calls, h.clock, {
      transactions: [1, 2, 3].map(() =>
        buildTransaction({ feePayer: wallet.address, programs: [SIM_PROGRAMS.trigger] }),
      ),
    }),
    group: 'trigger',
    action: 'cancel-all',
  };
  const r = await runAction(spec, h.deps);
  assert.equal(r.status, 'success');
  assert.equal(r.transactions.length, 3);
  assert.deepEqual(
    h.calls.journalLinesAtExecute.map((lines) => lines.filter((l) => l.includes('"kind":"entry"')).length),
    [1, 2, 3],
  );
  assert.equal(new Set(h.calls.execute.map((c) => c.body.signedTransaction)).size, 3);
});

test('a dialog that fails without an answer counts as cancel: nothing signed', async () => {
  const { wallet, journal } = await setup();
  const h = harness(wallet, journal);
  h.deps.confirm = async () => {
    throw new Error('dialog closed');
  };
  const r = await runAction(orderSpec(wallet.address, h.calls, h.clock), h.deps);
  assert.equal(r.status, 'cancelled');
  assert.equal(h.calls.execute.length, 0);
  assert.equal(await readFile(journal.path, 'utf8'), '');
});

test("rpc submit refused by the node's preflight: failed, nothing sent, and the advice read from the preflight's error", async () => {
  const { wallet, journal } = await setup();
  const spec = (h: ReturnType<typeof harness>): ActionSpec => ({
    ...orderSpec(wallet.address, h.calls, h.clock, { submit: 'rpc', requestId: undefined, lastValidBlockHeight: 1000 }),
    group: 'swap',
  });
  const refusal = (data: unknown) =>
    new RpcError(
      -32002,
      'sendTransaction: Transaction simulation failed: Error processing Instruction 2: custom program error: 0x1771',
      'rpc',
      data,
    );
  for (const [data, advice] of [
    [{ err: { InstructionError: [2, { Custom: 6001 }] }, logs: [] }, /nothing was sent\. Slippage tolerance exceeded/],
    [{ err: 'BlockhashNotFound', logs: [] }, /nothing was sent\. The transaction expired before it landed/],
    [undefined, /nothing was sent\. Get a new quote to try again\.$/],
  ] as const) {
    const h = harness(wallet, journal);
    h.deps.sendRawTransaction = async () => {
      throw refusal(data);
    };
    const r = await runAction(spec(h), h.deps);
    assert.equal(r.status, 'failed');
    assert.match(r.advice ?? '', advice);
    assert.match(r.error ?? '', /Transaction simulation failed/);
  }
});
