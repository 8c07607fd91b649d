// Several RPC endpoints: the first one unreachable, the next takes over, the switch is said (a
// message and the session's note for the header), and a swap through the swap group (built here,
// sent by RPC) still completes; an answer the node gave is not a reason to switch. The probe moves
// off an endpoint whose slot is stale; when none answers, signing pauses (the header says so and a
// swap is refused) while the API-backed screens keep working, and resumes when one answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRpcClient, RpcError } from '../../src/rpc/client.js';
import { createFailoverRpc } from '../../src/rpc/failover.js';
import { executeSwapForm } from '../../src/actions/swapFlow.js';
import { createServices } from '../../src/services/index.js';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { createSwapStore } from '../../src/store/swap.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { demoConfig } from '../support/services.js';
import { answerNext, submissions } from '../support/actions.js';
import { render } from 'ink-testing-library';
import { plainTheme } from '../../components/base/theme.js';
import { App } from '../../screens/shell/App.js';
import { waitForFrame } from '../support/ink.js';
import { FakeClock } from '../support/fakeClock.js';
import type { SchedulerOptions } from '../../src/poll/scheduler.js';
import { nth } from '../support/narrow.js';
import { removeTree } from '../support/home.js';

/** A local port nothing listens on. */
async function deadUrl(): Promise<string> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return `http://127.0.0.1:${port}/rpc`;
}

/**
 * Live-mode services against the simulator with these RPC URLs and a funded key; closed after the
 * test. `scheduler`: the polling scheduler's clock and timers (a FakeClock's), when the test moves time.
 */
async function liveServices(
  t: { after(fn: () => unknown): void },
  sim: SimHandle,
  rpcUrls: string[],
  scheduler?: SchedulerOptions,
) {
  const dir = await mkdtemp(join(tmpdir(), 'td-failover-'));
  // retried: the journal view's index may still be written as the directory goes
  t.after(() => removeTree(dir));
  const keypairPath = await createDemoKeyFile(join(dir, 'keys'));
  sim.fund((await loadKeypairFile(keypairPath)).address);
  const s = await createServices(
    {
      ...demoConfig({ stateDir: join(dir, 'state'), keypairPath }),
      mode: 'live',
      baseUrl: sim.url,
      apiKey: 'k',
      rpcUrl: rpcUrls[0],
      rpcUrls,
    },
    { retries: 0, pipeline: { sleep: async () => undefined, pollIntervalMs: 1 }, scheduler },
  );
  t.after(() => s.close());
  return s;
}

/**
 * Moves the scheduler's fake clock on in steps of `stepMs` until the frame matches, letting the real
 * requests each step starts (the simulator answers over loopback) come back between steps. Fails
 * when `limitMs` of scheduler time pass without it.
 */
async function advanceUntil(
  app: ReturnType<typeof render>,
  clock: FakeClock,
  predicate: (frame: string) => boolean,
  limitMs: number,
  stepMs = 250,
): Promise<string> {
  const end = clock.t + limitMs;
  for (;;) {
    const frame = app.lastFrame() ?? '';
    if (predicate(frame)) return frame;
    if (clock.t >= end)
      throw new Error(`no matching frame within ${limitMs} ms of scheduler time; last frame:\n${frame}`);
    await clock.advance(stepMs);
    await new Promise((r) => setTimeout(r, 5));
  }
}

test('the next endpoint takes over from one that does not answer; a node error passes through', async (t) => {
  const sim = await startSim({ seed: 3 });
  t.after(() => sim.stop());
  const switches: string[] = [];
  const rpc = createFailoverRpc(
    [createRpcClient({ url: await deadUrl(), timeoutMs: 2000 }), createRpcClient({ url: sim.rpcUrl })],
    { onSwitch: (e) => switches.push(`${e.from}->${e.to} ${e.kind}`) },
  );
  assert.ok((await rpc.getSlot()) > 0);
  assert.deepEqual(switches, ['0->1 failed']);
  assert.equal(rpc.current(), 1);
  await assert.rejects(
    rpc.getTokenSupply('11111111111111111111111111111112'),
    (e: unknown) => e instanceof RpcError && e.kind === 'rpc',
  );
  assert.deepEqual(switches, ['0->1 failed'], 'a node answer is no reason to switch');
  const dead = createFailoverRpc([
    createRpcClient({ url: await deadUrl(), timeoutMs: 2000 }),
    createRpcClient({ url: await deadUrl(), timeoutMs: 2000 }),
  ]);
  await assert.rejects(dead.getSlot(), /every RPC endpoint failed \(2\)/);
});

test('live with two RPC URLs, the first down: the switch is said and a swap-group swap completes', async (t) => {
  const sim = await startSim({ seed: 3 });
  t.after(() => sim.stop());
  const s = await liveServices(t, sim, [await deadUrl(), sim.rpcUrl]);
  const swap = createSwapStore({ input: 'SOL', output: 'USDC', amount: '0.1' });
  const run = executeSwapForm(s, swap, 'swap');
  await answerNext(s, true);
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  assert.equal(s.session.getState().rpcNote, 'RPC 2/2');
  assert.ok(
    s.notices.some((n) => /RPC 1 of 2 failed .*now using RPC 2/.test(n.text)),
    JSON.stringify(s.notices),
  );
  assert.equal(submissions(sim).length, 1);
  // the header says which endpoint is in use
  const app = render(<App services={s} theme={plainTheme} size={{ columns: 100, rows: 30 }} />);
  t.after(() => app.unmount());
  await waitForFrame(app, (f) => nth(f.split('\n'), 0).includes('RPC 2/2'), 5000);
});

/** Sets the simulator's RPC fault switches (POST /__sim/faults {"rpc": ...}). */
async function rpcSwitch(sim: { url: string }, rpc: Record<string, string>): Promise<Record<string, unknown>> {
  const r = await fetch(`${sim.url}/__sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rpc }),
  });
  const body = (await r.json()) as Record<string, unknown>;
  assert.equal(r.status, 200, JSON.stringify(body));
  return body;
}

test("the simulator's RPC fault switch: a down endpoint answers 503, a stale one keeps its slot, the others follow the chain", async (t) => {
  const sim = await startSim({ seed: 4 });
  t.after(() => sim.stop());
  const a = createRpcClient({ url: `${sim.url}/rpc/a`, timeoutMs: 60_000 });
  const b = createRpcClient({ url: `${sim.url}/rpc/b`, timeoutMs: 60_000 });
  const main = createRpcClient({ url: sim.rpcUrl, timeoutMs: 60_000 });
  const state = await rpcSwitch(sim, { a: 'stale', main: 'down' });
  assert.match(String((state.rpc as Record<string, string>).a), /^stale at slot \d+$/);
  assert.equal((state.rpc as Record<string, string>).main, 'down');
  await assert.rejects(
    main.getSlot(),
    (e: unknown) => e instanceof RpcError && e.kind !== 'rpc' && /503/.test(e.message),
  );
  const frozen = await a.getSlot();
  sim.advance(60);
  assert.equal(await a.getSlot(), frozen, 'a stale endpoint keeps its slot');
  const raw = await fetch(`${sim.url}/rpc/a`, {
    method: 'POST',
    body: JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash' },
      { jsonrpc: '2.0', id: 2, method: 'getBlockHeight' },
    ]),
  });
  const [hash, height] = (await raw.json()) as [{ result: { context: { slot: number } } }, { result: number }];
  assert.equal(hash.result.context.slot, frozen, 'and every context says it');
  assert.equal(height.result, frozen);
  assert.ok((await b.getSlot()) >= frozen + 150, 'the others follow the chain');
  const bad = await fetch(`${sim.url}/__sim/faults`, {
    method: 'POST',
    body: JSON.stringify({ rpc: { a: 'broken' } }),
  });
  assert.equal(bad.status, 400);
  assert.match(((await bad.json()) as { error: string }).error, /rpc\.a: must be "ok", "down" or "stale"/);
  await rpcSwitch(sim, { a: 'ok', main: 'ok' });
  assert.ok((await main.getSlot()) > frozen);
  assert.ok((await a.getSlot()) > frozen);
});

test('the probe moves off a stale endpoint and off one that stopped; none answering is down, one answering again is ok', async (t) => {
  const sim = await startSim({ seed: 4 });
  t.after(() => sim.stop());
  const events: string[] = [];
  let clock = 0;
  const rpc = createFailoverRpc(
    ['a', 'b', 'c'].map((n) => createRpcClient({ url: `${sim.url}/rpc/${n}`, timeoutMs: 60_000 })),
    {
      onSwitch: (e) => events.push(`switch ${e.from}->${e.to} ${e.kind}: ${e.reason}`),
      onHealth: (h, why) => events.push(`${h}: ${why}`),
      now: () => clock,
    },
  );
  assert.equal((await rpc.probe()).health, 'ok');
  assert.deepEqual(events, []);
  // a falls behind: the most advanced of the others takes over
  await rpcSwitch(sim, { a: 'stale' });
  sim.advance(90);
  clock += 15_000;
  let p = await rpc.probe();
  assert.equal(p.current, 1);
  assert.equal(p.health, 'ok');
  assert.match(events.shift() ?? '', /^switch 0->1 stale: slot \d+ is 2\d\d behind$/);
  // b goes down: its calls move to c at once (no probe needed)
  await rpcSwitch(sim, { b: 'down' });
  await rpc.getSlot();
  assert.equal(rpc.current(), 2);
  assert.match(events.shift() ?? '', /^switch 1->2 failed: .*503/);
  // every endpoint down: a call says every endpoint failed; three such rounds in a row are down
  await rpcSwitch(sim, { a: 'down', c: 'down' });
  await assert.rejects(rpc.getBalance('11111111111111111111111111111112'), /every RPC endpoint failed \(3\)/);
  p = await rpc.probe();
  assert.deepEqual([p.health, p.failingRounds], ['ok', 2], 'two failing rounds are not yet down');
  assert.deepEqual(p.slots, [null, null, null]);
  assert.deepEqual(events, []);
  p = await rpc.probe();
  assert.deepEqual([p.health, p.failingRounds], ['down', 3]);
  assert.match(events.shift() ?? '', /^down: /);
  await assert.rejects(rpc.getBalance('11111111111111111111111111111112'), /every RPC endpoint failed \(3\)/);
  assert.deepEqual(events, [], 'down is said once');
  // c answers again: ok
  await rpcSwitch(sim, { c: 'ok' });
  p = await rpc.probe();
  assert.equal(p.health, 'ok');
  assert.equal(p.current, 2);
  assert.match(events.shift() ?? '', /^ok: /);
  // the only endpoint left stops moving: stale after a minute, with nothing better to move to
  await rpcSwitch(sim, { c: 'stale' });
  await rpc.probe();
  clock += 61_000;
  p = await rpc.probe();
  assert.equal(p.health, 'stale');
  assert.match(events.shift() ?? '', /^stale: slot \d+ has not moved for 61 s$/);
});

test('no RPC answering: the header says signing is paused, a swap is refused with why, Tokens keep refreshing; one answering resumes signing', async (t) => {
  const sim = await startSim({ seed: 3 });
  t.after(() => sim.stop());
  await rpcSwitch(sim, { a: 'down', b: 'down' });
  // the polling scheduler (the probes' interval, the token list's refresh) runs on a fake clock
  const clock = new FakeClock();
  clock.t = Date.now();
  const s = await liveServices(t, sim, [`${sim.url}/rpc/a`, `${sim.url}/rpc/b`], {
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  const app = render(<App services={s} theme={plainTheme} size={{ columns: 80, rows: 24 }} />);
  t.after(() => app.unmount());
  // the probes find no endpoint three times (the first at start, then every 5 s): the header and
  // the flash say so; the token list loads all the same
  let frame = await waitForFrame(app, (f) => /^›\s+1\s/m.test(f), 10_000);
  assert.doesNotMatch(nth(frame.split('\n'), 0), /SIGNING PAUSED/, 'one failing round is not yet down');
  const startedAt = clock.t;
  frame = await advanceUntil(
    app,
    clock,
    (f) => nth(f.split('\n'), 0).includes('SIGNING PAUSED') && /^›\s+1\s/m.test(f),
    20_000,
  );
  assert.ok(clock.t - startedAt >= 10_000, 'two more rounds, 5 s apart, before signing pauses');
  assert.match(
    frame.replace(/\n\s*/g, ' '),
    /✗ no RPC endpoint answers: signing is paused, the screens keep working read-only/,
  );
  for (const line of frame.split('\n')) assert.ok([...line].length <= 80, line);
  const swap = createSwapStore({ input: 'SOL', output: 'USDC', amount: '0.1' });
  assert.equal(await executeSwapForm(s, swap, 'order'), undefined);
  const refused = swap.getState().outcome;
  assert.equal(refused?.status, 'refused');
  assert.equal(refused?.title, 'Not sent');
  assert.match(refused?.error ?? '', /^none of the 2 RPC endpoints answers: signing is paused/);
  assert.equal(submissions(sim).length, 0, 'nothing was sent');
  // b answers again: the next probe (every 5 s while down) resumes signing
  await rpcSwitch(sim, { b: 'ok' });
  frame = await advanceUntil(
    app,
    clock,
    (f) => !f.includes('SIGNING PAUSED') && /RPC 2 of 2 answers again: signing resumed/.test(f),
    10_000,
  );
  assert.match(nth(frame.split('\n'), 0), /RPC 2\/2/);
  const run = executeSwapForm(s, swap, 'swap');
  await answerNext(s, true);
  assert.equal((await run)?.status, 'success');
});
