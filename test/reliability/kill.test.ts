// Kill -9 at every stage of the signing pipeline, then start again on the same state dir against
// the same simulator process: the start-up reconciliation reports the entry (flash line and the J
// journal view), nothing executes twice, the balance moves at most once, the journal stays readable.
//
// Five flows: the swap through the order group (the service's current generation: POST
// /swap/v2/execute), the same through its first generation (--api-version v1: POST
// /ultra/v1/execute), the swap through the swap group (built by /swap, sent by RPC
// sendTransaction), limit create and cancel-all. The order service takes the same signed
// transaction and requestId again, so the reconciliation re-posts an execute (to the execute of
// the generation the journal recorded) that never arrived and it lands once; a transaction for RPC is never sent again at start (its signature
// status is asked), so one killed before it was sent is reported unconfirmed and nothing moves.
// The entry is written before signing: one killed before its signed line (after-sign) was never
// sent, and the restart closes it as such without asking anyone.
//
// The kill points are the pipeline's test-only hook (src/pipeline/testKill.ts,
// TRADEDECK_TEST_KILL_AT). `npm test` runs a subset of the matrix (every stage at least once, every
// flow at least once); TRADEDECK_RELIABILITY_FULL=1 runs all 16.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { openTerminal, type Term } from '../support/pty.js';
import { signTransaction } from '../../src/wallet/sign.js';
import { loadKeypairFile } from '../../src/wallet/keypair.js';
import {
  balances,
  cli,
  crashSigns,
  fund,
  liveCommand,
  makeHome,
  NATIVE_MINT,
  requestLog,
  root,
  setFaults,
  startSim,
  USDC_MINT,
  wideLines,
  type Home,
  type LoggedRequest,
  type SimHandle,
} from '../support/reliability.js';

const API_KEY = 'td-rel-kill-key-5c2e';
const STAGES = ['after-sign', 'after-journal', 'during-execute', 'after-execute'] as const;
type Stage = (typeof STAGES)[number];
const FULL = process.env.TRADEDECK_RELIABILITY_FULL === '1';
const SOL = 1_000_000_000n;

let url: string;
let funder: Home;

let sim: SimHandle | undefined;
after(async () => {
  await sim?.stop();
});

before(async () => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  funder = await makeHome({ after }, 'kill-sim', API_KEY);
  sim = await startSim({ apiKey: API_KEY, fund: funder.address, seed: 12 });
  url = sim.url;
});

interface Flow {
  name: string;
  /** the requests that submit a signed transaction (an execute, or RPC sendTransaction) */
  submits(r: LoggedRequest): boolean;
  /**
   * Whether the action has executed once the restart is done, when killed at `stage`: for execute
   * flows whenever it was journalled (the reconciliation re-posts it); for RPC only once it was sent.
   */
  lands(stage: Stage): boolean;
  /** the reconciliation sends nothing itself: the submissions are exactly the one the killed run made, if any */
  neverResubmits?: boolean;
  /** settings of both runs (the generation of the service's routes) */
  env?: Record<string, string>;
  /** words of the reconciliation flash naming the entry */
  flashNames: RegExp;
  /** journal view row of the entry once it executed */
  journalRow: RegExp;
  /** journal view row of an entry that never executed (only for flows where that can be) */
  journalRowNotLanded?: RegExp;
  prepare?(home: Home): Promise<void>;
  drive(term: Term): Promise<void>;
  /** asserts the state shows the action done exactly once (executed) or not at all */
  check(home: Home, before: Map<string, bigint>, executed: boolean): Promise<void>;
}

async function activeOrders(address: string): Promise<Array<{ orderKey: string }>> {
  const r = await fetch(`${url}/trigger/v1/getTriggerOrders?user=${address}&orderStatus=active`, {
    headers: { 'x-api-key': API_KEY },
  });
  return ((await r.json()) as { orders: Array<{ orderKey: string }> }).orders;
}

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as Record<string, unknown>;
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** An open limit order placed directly (not through the dashboard), to have something to cancel. */
async function placeOrder(home: Home, making: bigint): Promise<void> {
  const wallet = await loadKeypairFile(home.keyPath);
  const created = await post('/trigger/v1/createOrder', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: home.address,
    payer: home.address,
    params: { makingAmount: making.toString(), takingAmount: ((making * 600n) / 1000n).toString() },
  });
  const signed = await signTransaction(created.transaction as string, wallet);
  const r = await post('/trigger/v1/execute', { requestId: created.requestId, signedTransaction: signed.signedBase64 });
  assert.equal(r.status, 'Success', JSON.stringify(r));
}

const solDelta = (before: Map<string, bigint>, after: Map<string, bigint>) =>
  (before.get(NATIVE_MINT) ?? 0n) - (after.get(NATIVE_MINT) ?? 0n);

const executeAt = (path: string) => (r: LoggedRequest) => r.method === 'POST' && r.path === path;
const rpcSend = (r: LoggedRequest) =>
  r.method === 'POST' && r.path === '/rpc' && (r.body as { method?: unknown } | null)?.method === 'sendTransaction';
/** the signed line is on disk: the order service may be asked to execute it (again) */
const journalled = (stage: Stage) => stage !== 'after-sign';

/** 0.1 SOL swapped once (plus fees) and USDC received, or nothing moved at all. */
async function checkSwap(home: Home, before: Map<string, bigint>, executed: boolean): Promise<void> {
  const after = await balances(url, home.address);
  const spent = solDelta(before, after);
  const got = (after.get(USDC_MINT) ?? 0n) - (before.get(USDC_MINT) ?? 0n);
  if (executed) {
    assert.ok(spent >= SOL / 10n && spent < SOL / 10n + SOL / 100n, `SOL moved once (0.1 + fees), moved ${spent}`);
    assert.ok(got > 0n, 'USDC arrived');
  } else {
    assert.equal(spent, 0n, 'no SOL moved');
    assert.equal(got, 0n, 'no USDC arrived');
  }
}

const flows: Flow[] = [
  {
    name: 'swap (order group /swap/v2, :swap)',
    submits: executeAt('/swap/v2/execute'),
    lands: journalled,
    flashNames: /swap 0\.1 SOL/,
    journalRow: /Swap\s+swap\s+success/,
    async drive(term) {
      term.send(':swap 0.1 SOL USDC');
      term.press('Enter');
      await term.waitFor((s) => s.includes('y confirm') && s.includes('Your balances'), 30_000);
      term.send('y');
    },
    check: checkSwap,
  },
  {
    name: 'swap (order group /ultra/v1 by --api-version v1, :swap)',
    submits: executeAt('/ultra/v1/execute'),
    lands: journalled,
    env: { TRADEDECK_API_VERSION: 'v1' },
    flashNames: /swap 0\.1 SOL/,
    journalRow: /Swap\s+swap\s+success/,
    async drive(term) {
      term.send(':swap 0.1 SOL USDC');
      term.press('Enter');
      await term.waitFor((s) => s.includes('y confirm') && s.includes('(order, /ultra/v1)'), 30_000);
      term.send('y');
    },
    check: checkSwap,
  },
  {
    // a priority fee is the swap group's: built by /swap/v1/swap, sent by RPC sendTransaction
    name: 'swap (swap group, :swap with a priority fee)',
    submits: rpcSend,
    lands: (stage) => stage === 'during-execute' || stage === 'after-execute',
    neverResubmits: true,
    flashNames: /swap 0\.1 SOL/,
    journalRow: /Swap·RPC\s+swap\s+success/,
    journalRowNotLanded: /Swap·RPC\s+swap\s+(unknown|expired)/,
    async drive(term) {
      term.send(':swap 0.1 SOL USDC fee 20000');
      term.press('Enter');
      let screen = await term.waitFor(
        (s) => s.includes('y confirm') && s.includes('RPC send') && s.includes('Your balances'),
        30_000,
      );
      // its dialog is longer than 24 rows: y is taken only once every line was shown
      for (let i = 0; i < 6 && /more below/.test(screen); i++) {
        const shown = screen;
        term.press('PageDown');
        screen = await term.waitFor((s) => s !== shown, 10_000);
      }
      assert.doesNotMatch(screen, /more below/, 'the dialog scrolled to its end');
      term.send('y');
    },
    check: checkSwap,
  },
  {
    name: 'limit create (:limit)',
    submits: executeAt('/trigger/v1/execute'),
    lands: journalled,
    flashNames: /trigger|limit/i,
    journalRow: /Limit\s+\S+\s+success/,
    async drive(term) {
      term.send('3');
      await term.waitFor((s) => s.includes('No active limit orders'), 30_000);
      term.send(':limit 1 SOL 200 USDC');
      term.press('Enter');
      await term.waitFor((s) => s.includes('y confirm') && s.includes('Limit price'), 30_000);
      term.send('y');
    },
    async check(home, before, executed) {
      const after = await balances(url, home.address);
      const orders = await activeOrders(home.address);
      const spent = solDelta(before, after);
      if (executed) {
        assert.equal(orders.length, 1, 'exactly one order placed');
        assert.ok(spent >= SOL && spent < SOL + SOL / 100n, `1 SOL escrowed once, moved ${spent}`);
      } else {
        assert.equal(orders.length, 0, 'no order placed');
        assert.equal(spent, 0n, 'no SOL moved');
      }
    },
  },
  {
    name: 'cancel-all (X)',
    submits: executeAt('/trigger/v1/execute'),
    lands: journalled,
    flashNames: /trigger|cancel/i,
    journalRow: /Limit\s+\S+\s+success/,
    async prepare(home) {
      await placeOrder(home, SOL);
      await placeOrder(home, SOL / 2n);
      assert.equal((await activeOrders(home.address)).length, 2);
    },
    async drive(term) {
      term.send('3');
      await term.waitFor((s) => (s.match(/SOL→USDC/g) ?? []).length >= 2, 30_000);
      term.send('X');
      await term.waitFor((s) => s.includes('y confirm'), 30_000);
      term.send('y');
    },
    async check(home, before, executed) {
      const after = await balances(url, home.address);
      const orders = await activeOrders(home.address);
      const back = -solDelta(before, after);
      if (executed) {
        assert.equal(orders.length, 0, 'both orders cancelled');
        assert.ok(back > SOL && back <= SOL + SOL / 2n, `1.5 SOL returned once (less fees), got ${back}`);
      } else {
        assert.equal(orders.length, 2, 'both orders still open');
        assert.equal(back, 0n, 'no SOL moved');
      }
    },
  },
];

/** Every line of the journal parses, except perhaps a torn last one; returns the parsed lines. */
function readJournal(path: string): { lines: Array<Record<string, unknown>>; torn: number } {
  if (!existsSync(path)) return { lines: [], torn: 0 };
  const text = readFileSync(path, 'utf8');
  const raw = text.split('\n').filter((l) => l.trim() !== '');
  const lines: Array<Record<string, unknown>> = [];
  let torn = 0;
  raw.forEach((l, i) => {
    try {
      lines.push(JSON.parse(l) as Record<string, unknown>);
    } catch {
      assert.equal(i, raw.length - 1, `journal line ${i + 1} of ${raw.length} is corrupt: ${l.slice(0, 80)}`);
      torn++;
    }
  });
  return { lines, torn };
}

const submissions = async (flow: Flow) => (await requestLog(url)).filter((r) => flow.submits(r)).length;

function selected(): Array<[Flow, Stage]> {
  const all = flows.flatMap((f) => STAGES.map((s) => [f, s] as [Flow, Stage]));
  if (FULL) return all;
  // every stage and every flow at least once; the swap group where it differs from execute (killed
  // journalled but unsent: the restart must not send it)
  const short: Array<[number, Stage]> = [
    [0, 'after-sign'],
    // the current generation's order killed after its signed line: re-posted to POST /swap/v2/execute
    [0, 'after-journal'],
    [1, 'during-execute'],
    [2, 'after-journal'],
    [3, 'after-journal'],
    [4, 'after-execute'],
  ];
  return short.map(([f, s]) => [flows[f], s]);
}

test('kill -9 at every pipeline stage, restart on the same state dir', async (t) => {
  for (const [flow, stage] of selected()) {
    await t.test(`${flow.name}: killed ${stage}`, async (t) => {
      const home = await makeHome(t, 'kill', API_KEY);
      await fund(url, home.address);
      await flow.prepare?.(home);
      const before = await balances(url, home.address);
      const submittedBefore = await submissions(flow);

      // 1. the run that dies
      const term = await openTerminal(t, {
        command: liveCommand(url, home.keyPath),
        cols: 80,
        rows: 24,
        env: { ...home.env, ...flow.env, TRADEDECK_TEST_KILL_AT: stage },
        cwd: root,
      });
      await term.waitFor(/LIVE/, 30_000);
      if (stage === 'during-execute') await setFaults(url, { latencyMs: 800 });
      try {
        await flow.drive(term);
        let timer: NodeJS.Timeout | undefined;
        const code = await Promise.race([
          term.exited(),
          new Promise<'alive'>((r) => (timer = setTimeout(() => r('alive'), 30_000))),
        ]);
        clearTimeout(timer);
        assert.equal(code, null, `the process died by a signal at ${stage} (got ${code}); screen:\n${term.screen()}`);
      } finally {
        if (stage === 'during-execute') {
          // let the request that was in flight land (or not) before looking
          await new Promise((r) => setTimeout(r, 1000));
          await setFaults(url, { latencyMs: 0 });
        }
      }
      const died = readJournal(home.journalPath);
      const entries = died.lines.filter((l) => l.kind === 'entry');
      const after = died.lines.filter((l) => l.kind === 'outcome');
      // the entry is written before signing, whatever the stage
      assert.equal(entries.length, 1, 'one journal entry, written before signing');
      assert.equal(entries[0].status, 'prepared');
      if (stage === 'after-sign') {
        assert.equal(after.length, 0, 'killed before its signed line: nothing after the entry');
        assert.equal(await submissions(flow), submittedBefore, 'and nothing sent');
        await flow.check(home, before, false);
      } else {
        assert.deepEqual(
          after.map((l) => l.status),
          ['signed'],
          'its signed line, written before anything was sent; no outcome before the kill',
        );
        if (stage === 'after-journal')
          assert.equal(await submissions(flow), submittedBefore, 'killed before sending: nothing sent yet');
      }
      const sentByKilledRun = (await submissions(flow)) - submittedBefore;
      const landed = flow.lands(stage);

      // 2. the run that recovers, same HOME / state dir, same simulator
      const again = await openTerminal(t, {
        command: liveCommand(url, home.keyPath),
        cols: 80,
        rows: 24,
        env: { ...home.env, ...flow.env },
        cwd: root,
      });
      let screen: string;
      if (stage === 'after-sign') {
        // an entry without its signed line: never sent, closed as such without asking anyone
        screen = await again.waitFor(
          (s) => /journal: 1 unfinished transaction from the last run checked/.test(s.replace(/\n/g, ' ')),
          40_000,
        );
        assert.match(screen.replace(/\s*\n\s*/g, ' '), /journalled but never signed: nothing was sent/);
        again.send('J');
        screen = await again.waitFor((s) => s.includes('Journal:') && /\bunsent\b/.test(s), 15_000);
        again.press('Escape');
      } else {
        screen = await again.waitFor(
          (s) => /journal: 1 unfinished transaction from the last run checked/.test(s.replace(/\n/g, ' ')),
          40_000,
        );
        const flat = screen.replace(/\s*\n\s*/g, ' ');
        assert.match(flat, flow.flashNames, 'the flash names the entry');
        // sent by RPC but killed before: never sent, so not confirmed (and its blockhash runs out)
        assert.match(
          flat,
          landed ? /executed|confirmed on chain/ : /not confirmed yet|never confirmed/,
          `the flash says what became of it: ${flat}`,
        );
        again.send('J');
        const row = landed ? flow.journalRow : flow.journalRowNotLanded;
        assert.ok(row, `${flow.name} has no journal row for an entry that never executed`);
        screen = await again.waitFor((s) => s.includes('Journal:') && row.test(s), 15_000);
        again.press('Escape');
      }
      assert.deepEqual(crashSigns(screen), []);
      assert.deepEqual(wideLines(screen, 80), []);
      again.send('q');
      assert.equal(await again.exited(), 0);

      await flow.check(home, before, landed);
      if (flow.neverResubmits) {
        assert.equal(sentByKilledRun, landed ? 1 : 0, 'the killed run sent it once if it landed, never otherwise');
        assert.equal(await submissions(flow), submittedBefore + sentByKilledRun, 'the restart sent nothing again');
      }
      const final = readJournal(home.journalPath);
      assert.equal(final.torn, 0);
      if (stage === 'after-sign')
        assert.equal(final.lines.at(-1)!.status, 'unsent', 'the reconciliation recorded it as never sent');
      else {
        const outcome = final.lines.filter((l) => l.kind === 'outcome');
        assert.ok(outcome.length >= 1, 'the reconciliation recorded an outcome');
        if (landed) assert.equal(outcome.at(-1)!.status, 'success', 'the reconciliation recorded the success');
        else
          assert.match(
            String(outcome.at(-1)!.status),
            /^(unknown|expired)$/,
            'the reconciliation recorded it as not executed (yet)',
          );
      }
    });
  }
});

let tornScreen = '';

test('a torn last journal line (a crash mid-write) is tolerated: the whole entries before it are still reconciled', async (t) => {
  const home = await makeHome(t, 'torn', API_KEY);
  await fund(url, home.address);
  const before = await balances(url, home.address);
  const term = await openTerminal(t, {
    command: liveCommand(url, home.keyPath),
    cols: 80,
    rows: 24,
    env: { ...home.env, TRADEDECK_TEST_KILL_AT: 'after-journal' },
    cwd: root,
  });
  await term.waitFor(/LIVE/, 30_000);
  await flows[0].drive(term);
  assert.equal(await term.exited(), null);
  // what a crash in the middle of writing the outcome line leaves
  appendFileSync(home.journalPath, '{"kind":"outcome","id":"');
  const again = await openTerminal(t, {
    command: liveCommand(url, home.keyPath),
    cols: 80,
    rows: 24,
    env: home.env,
    cwd: root,
  });
  const screen = await again.waitFor((s) => /unfinished transaction/.test(s), 40_000);
  assert.deepEqual(crashSigns(screen), []);
  tornScreen = screen;
  again.send('J');
  await again.waitFor((s) => /Swap\s+swap\s+success/.test(s), 15_000);
  again.press('Escape');
  again.send('q');
  assert.equal(await again.exited(), 0);
  await flows[0].check(home, before, true);
  const text = readFileSync(home.journalPath, 'utf8');
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const bad = lines.filter((l) => {
    try {
      JSON.parse(l);
      return false;
    } catch {
      return true;
    }
  });
  assert.equal(bad.length, 1, 'the torn line is kept (never silently rewritten), and only it');
  assert.ok(
    lines.at(-1)!.startsWith('{"kind":"outcome"') && !bad.includes(lines.at(-1)!),
    'the next line was written whole after it',
  );
});

test('the torn journal line is reported at start, not silently dropped', () => {
  assert.ok(tornScreen !== '', 'the torn-line run happened');
  const flat = tornScreen.replace(/\s*\n\s*/g, ' ');
  assert.ok(
    /could not be read|unreadable|torn|damaged|skipped/i.test(flat),
    `no line on screen says a journal line could not be read:\n${tornScreen}`,
  );
});
