// The order-group path (Enter, :swap) against the simulator over HTTP: refusals before signing,
// re-quoting an aged quote, the journal line on disk before execute, and start-up reconcile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Order } from '../../src/api/types.js';
import { USDC_MINT } from '../../src/chain/mints.js';
import { openJournal } from '../../src/journal/journal.js';
import { reconcileAtStart } from '../../src/actions/startup.js';
import { executeSwapForm, swapFromCommand } from '../../src/actions/swapFlow.js';
import { buildTransaction, randomAddress } from '../support/tx.js';
import { nth } from '../support/narrow.js';
import { answerNext, submissions, withOrder, world, nextConfirmation } from '../support/actions.js';

const FORM = { input: 'SOL', output: 'USDC', amount: '0.1' };
const FOREIGN = randomAddress();

for (const [name, tamper, reason, stage] of [
  [
    'trailing bytes',
    (o: Order) => ({
      ...o,
      transaction: Buffer.concat([Buffer.from(o.transaction!, 'base64'), Buffer.from([1, 2, 3])]).toString('base64'),
    }),
    /trailing bytes/,
    'inspect',
  ],
  [
    'an unexpected signer',
    (o: Order) => ({ ...o, transaction: buildTransaction({ feePayer: o.taker!, signers: [randomAddress()] }) }),
    /unexpected signer/,
    'inspect',
  ],
  // A foreign fee payer must sign too, so it is caught as a signer the response never named.
  [
    'a foreign fee payer',
    (o: Order) => ({ ...o, transaction: buildTransaction({ feePayer: FOREIGN, signers: [o.taker!] }) }),
    new RegExp(`unexpected signer ${FOREIGN}|fee payer ${FOREIGN}`),
    'inspect',
  ],
  // The order says it takes a thousandth of the 0.1 SOL asked for: the answer is not the request.
  [
    'an inAmount other than the amount asked',
    (o: Order) => ({ ...o, inAmount: String(BigInt(o.inAmount) / 1000n) }),
    /^inAmount: the service quoted 0\.0001 SOL; you asked for 0\.1 SOL: nothing was signed$/,
    'build',
  ],
] as const) {
  test(`a transaction with ${name} is refused before signing, with the reason`, async (t) => {
    const w = await world(t, { form: FORM });
    w.services.api = withOrder(w.services.api, tamper);
    const r = await executeSwapForm(w.services, w.services.swap, 'order');
    assert.equal(r?.status, 'refused');
    assert.equal(r?.stage, stage);
    assert.equal(w.services.confirm.getState().queue.length, 0, 'no dialog was shown');
    const outcome = w.services.swap.getState().outcome!;
    assert.match(outcome.title, /Refused: nothing was signed/);
    assert.match(outcome.error!, reason);
    assert.equal(submissions(w.sim).length, 0);
    assert.deepEqual(await w.services.journal!.entries(), []);
  });
}

test('order errorCode 1 is explained in plain words with what to do', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '100000' } });
  // Without an RPC the balance is not known here, so the service's own refusal is what the person sees.
  w.services.rpc = undefined;
  const r = await executeSwapForm(w.services, w.services.swap, 'order');
  assert.equal(r?.status, 'failed');
  assert.match(w.services.swap.getState().outcome!.error!, /^Insufficient funds: .*Lower the amount or add funds/);
  assert.equal(submissions(w.sim).length, 0);
});

test('a quote that aged past its blockhash lifetime in the dialog is re-ordered, never sent stale', async (t) => {
  let offset = 0;
  const w = await world(t, { form: FORM, now: () => Date.now() + offset });
  const requestIds: string[] = [];
  w.services.api = withOrder(w.services.api, (o) => (requestIds.push(o.requestId), o));
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  await nextConfirmation(w.services);
  offset = 61_000;
  await answerNext(w.services, true);
  await answerNext(w.services, true);
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  assert.equal(requestIds.length, 2, 'a second order was fetched');
  const executes = w.sim.requests().filter((x) => x.path === '/swap/v2/execute');
  assert.equal(executes.length, 1);
  assert.equal((nth(executes, 0).body as { requestId: string }).requestId, requestIds[1]);
});

test('the journal line is on disk (0600) before the execute request leaves', async (t) => {
  const w = await world(t, { form: FORM });
  const seen: boolean[] = [];
  const api = w.services.api;
  w.services.api = {
    ...api,
    swapV2: {
      ...api.swapV2,
      execute: async (b, o) => {
        seen.push(readFileSync(w.journalPath, 'utf8').includes(b.signedTransaction));
        return api.swapV2.execute(b, o);
      },
    },
  };
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  await answerNext(w.services, true);
  assert.equal((await run)?.status, 'success');
  assert.deepEqual(seen, [true]);
  const { statSync } = await import('node:fs');
  assert.equal(statSync(w.journalPath).mode & 0o777, 0o600);
});

for (const [generation, executePath] of [
  ['v2', '/swap/v2/execute'],
  ['v1', '/ultra/v1/execute'],
] as const)
  test(`killed between sign and execute (${generation}): the next start reconciles it through ${executePath} with one execution, never two`, async (t) => {
    const w = await world(t, { config: { apiVersion: generation } });
    const usdcBefore = w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT);
    // The process "dies" right after the signed line is flushed: no execute reaches the service, no outcome is written.
    const journal = w.services.journal!;
    const dying = {
      ...w.services,
      api: {
        ...w.services.api,
        ultra: { ...w.services.api.ultra, execute: async () => Promise.reject(new Error('process gone')) },
        swapV2: { ...w.services.api.swapV2, execute: async () => Promise.reject(new Error('process gone')) },
      },
      journal: {
        ...journal,
        path: journal.path,
        append: journal.append,
        entries: journal.entries,
        pending: journal.pending,
        problems: [],
        appendOutcome: async (o: Parameters<typeof journal.appendOutcome>[0]) =>
          o.status === 'signed' ? journal.appendOutcome(o) : Promise.reject(new Error('process gone')),
      },
      pipeline: { sleep: async () => undefined, maxExecuteAttempts: 1 },
    };
    const run = swapFromCommand(dying, w.services.swap, ['0.1', 'SOL', 'USDC']);
    await answerNext(dying, true);
    assert.notEqual((await run)?.status, 'success');
    assert.equal(submissions(w.sim).length, 0);
    assert.equal(w.session.getState().pendingSubmissions, 0);

    const restarted = { ...w.services, journal: await openJournal(w.journalPath) };
    const first = await reconcileAtStart(restarted);
    assert.deepEqual(
      first.items.map((i) => i.after),
      ['success'],
    );
    assert.match(first.message!, /1 unfinished transaction .* executed/);
    // the journal records which generation the swap went through, and the re-post went to its execute
    const entry = nth(await (await openJournal(w.journalPath)).entries(), 0);
    assert.equal(entry.group, generation === 'v2' ? 'swapV2' : 'ultra');
    assert.equal(w.sim.requests().filter((x) => x.path === executePath).length, 1);
    const moved = w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT) - usdcBefore;
    assert.ok(moved > 0n);

    const again = await reconcileAtStart({ ...w.services, journal: await openJournal(w.journalPath) });
    assert.deepEqual(again.items, []);
    assert.equal(w.sim.requests().filter((x) => x.path === executePath).length, 1);
    assert.equal(w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT) - usdcBefore, moved);
  });
