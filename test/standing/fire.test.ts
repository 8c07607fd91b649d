// Standing orders fired against the simulator over loopback HTTP with real signatures: the
// services as the dashboard and `tradedeck watch` build them (live mode, one state directory), the
// simulator's price moved on purpose (its control route's function). Exactly once with two
// checkers on one state directory; an OCO's other leg cancelled in the same write as the firing;
// a quote under the floor not signed and told with both figures; an edited file refused; an
// expiry; a trailing stop's high followed; a hostile service's transaction refused by the pipeline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { loadTokens } from '../../src/actions/swapFlow.js';
import type { Services } from '../../src/services/index.js';
import type { SimHandle } from '../../src/sim/index.js';
import { createStanding } from '../../src/orders/standing/create.js';
import { standingOf } from '../../src/orders/standing/checker.js';
import { loadStanding, standingPath } from '../../src/orders/standing/file.js';
import type { StandingCommand } from '../../src/orders/standing/input.js';
import { readJournalFile } from '../../src/journal/journal.js';
import { signerServices } from '../support/services.js';
import { startSignerRig } from '../support/cli.js';
import { answerNext, submissions } from '../support/actions.js';
import { startRewritingProxy } from '../support/rewritingProxy.js';
import { redirectRoute } from '../support/rewrite.js';
import { randomAddress } from '../support/tx.js';
import { associatedTokenAccount } from '../../src/wallet/inspect.js';
import { TOKEN_PROGRAM } from '../../src/wallet/instructions.js';
import { first, nth } from '../support/narrow.js';

interface Rig {
  sim: SimHandle;
  stateDir: string;
  keyPath: string;
  address: string;
}

async function rig(t: { after(fn: () => unknown): void }, seed = 21): Promise<Rig> {
  // frozen: only the prices set on purpose move
  const r = await startSignerRig(seed, 'td-standing-', { timeScale: 0 });
  t.after(() => r.close());
  return { sim: r.sim, stateDir: join(r.home, 'state'), keyPath: r.keyPath, address: r.address };
}

/** A process's services on the rig's state directory (live mode against its simulator, or a proxy in front). */
const open = signerServices;

async function arm(s: Services, command: StandingCommand, words: string) {
  const made = createStanding(s, command, words.split(' '));
  await answerNext(s, true);
  const r = await made;
  assert.equal(r.status, 'success', r.message);
  return r.orders;
}

/** The prices the polling would bring, then one round of the checker. */
async function round(s: Services): Promise<void> {
  await loadTokens(s);
  await standingOf(s).tick();
}

const sends = (sim: SimHandle) =>
  submissions(sim).filter((r) => JSON.stringify(r.body ?? '').includes('sendTransaction')).length;
const stateOf = async (r: Rig, id: string) =>
  (await loadStanding(r.stateDir)).orders.find((o) => o.terms.id === id)?.status;

test('a stop fires once with two checkers on one state directory; the event, the file and the journal say so', async (t) => {
  const r = await rig(t);
  const a = await open(t, r);
  const b = await open(t, r);
  const stop = nth(await arm(a.s, 'stop', '1 SOL @145 USDC'), 0);
  assert.equal((await stateOf(r, stop.terms.id))?.state, 'armed');
  // far from the trigger: the checkers ask nothing of the service
  const before = r.sim.requests().length;
  await Promise.all([standingOf(a.s).tick(), standingOf(b.s).tick()]);
  assert.equal(r.sim.requests().filter((q) => q.path === '/swap/v1/quote').length, 0);
  assert.ok(r.sim.requests().length === before, 'no request while far from the trigger');

  r.sim.setPrice(NATIVE_MINT, 144.6);
  await Promise.all([round(a.s), round(b.s)]);
  assert.equal(sends(r.sim), 1, 'one swap sent, not two');
  const fired = await stateOf(r, stop.terms.id);
  assert.equal(fired?.state, 'fired');
  assert.ok(fired?.signature);
  // told once, by the process that fired it
  const told = [...a.events, ...b.events].filter((e) => e.type === 'standing.fired');
  assert.equal(told.length, 1);
  assert.equal(nth(told, 0).data.id, stop.terms.id);
  assert.match(
    nth(told, 0).text,
    /^stop-loss s-[0-9a-f]{8} fired: sold 1 SOL for about 14\d\.\d+ USDC, signature \w+$/,
  );
  // the journal: the confirmed terms, the firing, the swap (marked as this order's) and its end
  const text = await readFile(join(r.stateDir, 'journal.jsonl'), 'utf8');
  const records = text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.kind === 'standing' && l.order === stop.terms.id)
    .map((l) => l.event);
  assert.deepEqual(records, ['create', 'firing', 'fired']);
  const { entries, problems } = await readJournalFile(join(r.stateDir, 'journal.jsonl'));
  assert.deepEqual(problems, [], 'the standing lines are no problem to the readers of entries');
  const swap = entries.find((e) => e.summary.standing === stop.terms.id);
  assert.equal(swap?.status, 'success');
  assert.equal(swap?.group, 'swap');
  assert.match(String(swap?.summary.label), /^stop-loss s-\w+ fired: when SOL is at or below 145\.00 USDC$/);
});

test('OCO: the take-profit fires and the stop-loss is cancelled in the same write', async (t) => {
  const r = await rig(t);
  const a = await open(t, r);
  const [tp, sl] = first(await arm(a.s, 'oco', '1 SOL tp 152 sl 140 USDC'), 2);
  assert.equal(tp.terms.oco, sl.terms.id);
  assert.equal(sl.terms.oco, tp.terms.id);
  r.sim.setPrice(NATIVE_MINT, 153);
  // every write of the file is seen: the one that fires the take-profit also cancels the stop-loss
  const seen: string[] = [];
  const { watch } = await import('node:fs');
  const w = watch(r.stateDir, () => {
    void readFile(standingPath(r.stateDir), 'utf8')
      .then((txt) => {
        const doc = JSON.parse(txt) as { orders: Array<{ terms: { id: string }; status: { state: string } }> };
        const st = (id: string) => doc.orders.find((o) => o.terms.id === id)?.status.state;
        seen.push(`${st(tp.terms.id)}/${st(sl.terms.id)}`);
      })
      .catch(() => undefined);
  });
  t.after(() => w.close());
  await round(a.s);
  assert.equal(sends(r.sim), 1);
  assert.equal((await stateOf(r, tp.terms.id))?.state, 'fired');
  const cancelled = await stateOf(r, sl.terms.id);
  assert.equal(cancelled?.state, 'cancelled');
  assert.equal(cancelled?.reason, `its pair ${tp.terms.id} fired`);
  assert.ok(!seen.includes('fired/armed'), `never fired with its pair still armed: ${seen.join(' ')}`);
  // the cancelled leg never fires, whatever the price does
  r.sim.setPrice(NATIVE_MINT, 139);
  await round(a.s);
  assert.equal(sends(r.sim), 1);
});

test('a quote under the floor: nothing signed, the order stays armed, a notification with both figures (once)', async (t) => {
  const r = await rig(t);
  const a = await open(t, r);
  const stop = nth(await arm(a.s, 'stop', '1 SOL @140 USDC'), 0);
  // a gap down: past the trigger and under the floor (140 less 1% = 138.60)
  r.sim.setPrice(NATIVE_MINT, 131);
  await round(a.s);
  assert.equal(sends(r.sim), 0, 'nothing signed');
  assert.equal((await stateOf(r, stop.terms.id))?.state, 'armed');
  const notes = a.events.filter((e) => e.type === 'standing.not-executed');
  assert.equal(notes.length, 1);
  assert.match(
    nth(notes, 0).text,
    /^stop at 140\.00 USDC not executed: the best quote gives 130\.\d+ USDC, under your floor 138\.6 USDC; still armed \(s-\w+\)$/,
  );
  assert.equal(nth(notes, 0).data.floor, '138600000');
  // the next rounds do not repeat it every poll
  await round(a.s);
  await round(a.s);
  assert.equal(a.events.filter((e) => e.type === 'standing.not-executed').length, 1);
  assert.equal(sends(r.sim), 0);
});

test('a standing order file edited to a larger amount: refused, never fired, said', async (t) => {
  const r = await rig(t);
  const a = await open(t, r);
  const stop = nth(await arm(a.s, 'stop', '1 SOL @145 USDC'), 0);
  const path = standingPath(r.stateDir);
  const doc = JSON.parse(await readFile(path, 'utf8')) as { orders: Array<{ terms: { amount: string } }> };
  nth(doc.orders, 0).terms.amount = '5000000000';
  await writeFile(path, JSON.stringify(doc));
  r.sim.setPrice(NATIVE_MINT, 144.6);
  await round(a.s);
  assert.equal(sends(r.sim), 0, 'nothing signed');
  const failed = await stateOf(r, stop.terms.id);
  assert.equal(failed?.state, 'failed');
  assert.equal(failed?.reason, 'its stored terms differ from the ones confirmed (amount): refused, never fired');
  const told = a.events.find((e) => e.type === 'standing.failed');
  assert.match(told?.text ?? '', /stored terms differ from the ones confirmed \(amount\): refused, never fired/);
});

test('expiry: an armed order past its end is expired once, and told', async (t) => {
  const r = await rig(t);
  let clock = Date.now();
  const a = await open(t, r, { now: () => clock });
  const stop = nth(await arm(a.s, 'stop', '1 SOL @140 USDC expiry 1h'), 0);
  clock += 2 * 3_600_000;
  await standingOf(a.s).tick();
  assert.equal((await stateOf(r, stop.terms.id))?.state, 'expired');
  await standingOf(a.s).tick();
  const told = a.events.filter((e) => e.type === 'standing.expired');
  assert.equal(told.length, 1);
  assert.match(nth(told, 0).text, /^stop-loss s-\w+ expired unfired at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
});

test('a trailing stop follows its high up, then fires when the price falls its distance below it', async (t) => {
  const r = await rig(t);
  const a = await open(t, r);
  const trail = nth(await arm(a.s, 'trail', '1 SOL 3% USDC'), 0);
  r.sim.setPrice(NATIVE_MINT, 170);
  await round(a.s);
  assert.equal(sends(r.sim), 0);
  assert.equal((await stateOf(r, trail.terms.id))?.high, '170');
  // 3% under 150 would have fired at 145.5; under the high of 170 it fires at 164.90 or below
  r.sim.setPrice(NATIVE_MINT, 164.5);
  await round(a.s);
  assert.equal(sends(r.sim), 1);
  assert.equal((await stateOf(r, trail.terms.id))?.state, 'fired');
});

test('buy-below spends the quote token when the price falls to the trigger', async (t) => {
  const r = await rig(t);
  const a = await open(t, r);
  const before = r.sim.kernel.ledger.balance(r.address, USDC_MINT);
  const buy = nth(await arm(a.s, 'buy-below', '100 USDC @146 SOL'), 0);
  r.sim.setPrice(NATIVE_MINT, 145);
  await round(a.s);
  assert.equal((await stateOf(r, buy.terms.id))?.state, 'fired');
  assert.equal(before - r.sim.kernel.ledger.balance(r.address, USDC_MINT), 100_000_000n);
});

test('a hostile service rewriting the firing transaction: refused by the pipeline, not signed, not fired, standing.failed with the reason', async (t) => {
  const r = await rig(t);
  const proxy = await startRewritingProxy(t, r.sim.url);
  // the output sent to a token account of another wallet's (funded, so its account exists)
  const other = randomAddress();
  r.sim.fund(other);
  const attacker = await associatedTokenAccount(other, USDC_MINT, TOKEN_PROGRAM);
  const own = await associatedTokenAccount(r.address, USDC_MINT, TOKEN_PROGRAM);
  // either generation of the swap group: the first's transaction, or the current one's instructions
  // (assembled by the client) with the wallet's USDC account swapped for the attacker's
  type Ix = { accounts: Array<{ pubkey: string }> };
  const redirect = (ix: Ix): Ix => ({
    ...ix,
    accounts: ix.accounts.map((m) => (m.pubkey === own ? { ...m, pubkey: attacker } : m)),
  });
  proxy.onAnswer = (req, answer) => {
    if (!answer || typeof answer !== 'object') return answer;
    const a = answer as Record<string, unknown>;
    if (req.path === '/swap/v1/swap')
      return { ...a, swapTransaction: redirectRoute(a.swapTransaction as string, attacker) };
    if (req.path === '/swap/v2/build') return { ...a, swapInstruction: redirect(a.swapInstruction as Ix) };
    return answer;
  };
  const a = await open(t, r, { baseUrl: proxy.url });
  const stop = nth(await arm(a.s, 'stop', '1 SOL @145 USDC'), 0);
  r.sim.setPrice(NATIVE_MINT, 144.6);
  await round(a.s);
  assert.ok(
    proxy.seen.includes('POST /swap/v1/swap') || proxy.seen.includes('GET /swap/v2/build'),
    'the firing asked the service for its swap',
  );
  assert.equal(sends(r.sim), 0, 'not signed, not sent');
  const failed = await stateOf(r, stop.terms.id);
  assert.equal(failed?.state, 'failed');
  assert.match(failed?.reason ?? '', /^not signed: .*not this wallet's account.*refused$/);
  const told = a.events.find((e) => e.type === 'standing.failed');
  assert.equal(told?.data.id, stop.terms.id);
  assert.match(String(told?.data.reason), /not signed/);
});

test('a firing whose process died is settled from the journal: its swap succeeded (fired), or nothing was sent (armed again)', async (t) => {
  const r = await rig(t);
  const a = await open(t, r);
  const one = nth(await arm(a.s, 'stop', '1 SOL @140 USDC'), 0);
  const two = nth(await arm(a.s, 'stop', '1 SOL @130 USDC'), 0);
  // a process that is gone: its pid ended
  const { spawnSync } = await import('node:child_process');
  const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
  const { processIdentity } = await import('../../src/state/lock.js');
  const owner = { ...processIdentity(), pid: gone };
  const { updateStanding, withStatus } = await import('../../src/orders/standing/file.js');
  await updateStanding(r.stateDir, (orders) => ({
    orders: withStatus(
      withStatus(orders, one.terms.id, (o) => ({ ...o.status, state: 'firing', owner })),
      two.terms.id,
      (o) => ({ ...o.status, state: 'firing', owner }),
    ),
    result: undefined,
  }));
  // the first one's swap went through before its process died: the journal has it, finished
  await a.s.journal!.append({
    id: 'swap-of-one',
    time: Date.now(),
    group: 'swap',
    action: 'swap',
    transaction: 'AAAA',
    summary: { standing: one.terms.id },
    status: 'prepared',
    wallet: r.address,
  });
  await a.s.journal!.appendOutcome({
    id: 'swap-of-one',
    time: Date.now(),
    status: 'signed',
    signature: 'sig1',
    signedTransaction: 'AAAA',
  });
  await a.s.journal!.appendOutcome({ id: 'swap-of-one', time: Date.now(), status: 'success', signature: 'sig1' });
  await standingOf(a.s).tick();
  assert.equal((await stateOf(r, one.terms.id))?.state, 'fired');
  assert.equal((await stateOf(r, two.terms.id))?.state, 'armed', 'nothing of it was sent: armed again');
  assert.equal(sends(r.sim), 0);
});
