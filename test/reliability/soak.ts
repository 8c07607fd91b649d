// The fault soak: the real dashboard in a pseudo-terminal at 80x24 against `tradedeck sim` with
// faults on (5xx, resets, truncated and malformed bodies) and latency. Round after round it visits
// every screen, swaps (`:swap 0.1 SOL USDC` + y), places a limit order (`:limit 1 SOL 200 USDC` +
// y) and cancels it (x + y), with an outage (every request failing) in between. What it checks,
// on every screen it sees: the program is still running, no stack trace or "Unhandled" text, no
// line wider than the terminal; the header says DEGRADED or DOWN during the outage and ok again
// after; every signing flow ends with a clear outcome; in the end, no signed transaction was sent
// without its journal line, none landed twice, and the USDC balance moved exactly as reported.
//
// `runSoak` is used by soak.test.ts (the short version in npm test) and soak-main.ts (npm run soak).
import { readFileSync, existsSync } from 'node:fs';
import { openTerminal, type Term } from '../support/pty.js';
import {
  balances,
  crashSigns,
  liveCommand,
  makeHome,
  requestLog,
  root,
  setFaults,
  startSim,
  USDC_MINT,
  wideLines,
} from '../support/reliability.js';
import { nth } from '../support/narrow.js';

export interface SoakOptions {
  durationMs: number;
  faultRate: number;
  latencyMs: number;
  outageMs: number;
  /** progress lines */
  log?(line: string): void;
}

export interface SoakSummary {
  rounds: number;
  requests: number;
  faultsInjected: number;
  flowsStarted: number;
  flowsCompleted: number;
  outcomes: Record<string, number>;
  executions: number;
  signedTransactions: number;
  screensChecked: number;
  outages: number;
  problems: string[];
  /** where the session left its traces, for the secret scan */
  traces?: { home: string; keyPath: string; apiKey: string; terminal: string; requests: string };
}

const COLS = 80;
const ROWS = 24;
const API_KEY = 'td-rel-soak-key-0d9f';
const SCREENS: Array<[string, RegExp]> = [
  ['1', /Symbol\s+Name/],
  ['2', /From/],
  ['3', /Limit\]? *\[?DCA|\[Limit\]/],
  ['4', /Invites|invite/i],
  ['5', /Portfolio|Wallet|Total/i],
  ['6', /Studio|pool|Launch/i],
];
const SWAP_OUTCOME =
  /Success|Failed|Refused: nothing was signed|Expired: not executed|Outcome not known yet|Cancelled: nothing/;
const ORDER_OUTCOME = /: (done|failed|unknown|expired|not sent)\b/;

interface Ctx {
  term: Term;
  summary: SoakSummary;
  log(line: string): void;
}

function check(ctx: Ctx, where: string): string {
  const screen = ctx.term.screen();
  ctx.summary.screensChecked++;
  for (const sign of crashSigns(screen)) problem(ctx, `${where}: ${sign} on screen`, screen);
  for (const line of wideLines(screen, COLS)) problem(ctx, `${where}: a line wider than ${COLS}: ${line.slice(0, 90)}`);
  if (screen.split('\n').length > ROWS)
    problem(ctx, `${where}: ${screen.split('\n').length} lines on a ${ROWS}-line terminal`);
  return screen;
}

function problem(ctx: Ctx, text: string, screen?: string): void {
  if (ctx.summary.problems.includes(text)) return;
  ctx.summary.problems.push(text);
  ctx.log(`PROBLEM ${text}${screen ? `\n${screen}` : ''}`);
}

async function waitOr(ctx: Ctx, predicate: (s: string) => boolean, timeoutMs: number): Promise<string | undefined> {
  try {
    return await ctx.term.waitFor(predicate, timeoutMs);
  } catch (err) {
    if (!isRunning(ctx)) throw err;
    return undefined;
  }
}

let exitedFlag = false;
function isRunning(_ctx: Ctx): boolean {
  return !exitedFlag;
}

/** A flow the pipeline refused before any dialog (the Swap screen's outcome: a build or simulation that failed under faults). */
const REFUSED = /Refused: nothing was signed/;

/** Types a `:` command until its confirm dialog shows (builds fail under faults); undefined if it never did. */
async function openDialog(ctx: Ctx, command: string, tries = 6): Promise<string | undefined> {
  for (let i = 0; i < tries; i++) {
    // the last attempt's outcome dismissed, so a refusal on screen is this attempt's
    ctx.term.press('Escape');
    await waitOr(
      ctx,
      (s) => !s.includes('Waiting for your confirmation') && !/Building/.test(lastLines(s)) && !REFUSED.test(s),
      30_000,
    );
    // the flash line before this attempt: an error still shown from the last one is not this
    // attempt's answer (taking it would send the next command while this one is still building,
    // and its Enter could then land on the dialog this one opens)
    const flashLine = (s: string) => s.split('\n').at(-2) ?? '';
    const before = flashLine(ctx.term.screen());
    ctx.term.send(`:${command}`);
    ctx.term.press('Enter');
    // the dialog, or a new error in the flash line (marked ✗) about this attempt
    const s = await waitOr(
      ctx,
      (s) => s.includes('y confirm') || REFUSED.test(s) || (/✗/.test(flashLine(s)) && flashLine(s) !== before),
      60_000,
    );
    check(ctx, `:${command}`);
    if (s?.includes('y confirm')) return s;
    ctx.log(`:${command}: no dialog (${(ctx.term.screen().split('\n').at(-2) ?? '').trim().slice(0, 200)})`);
    await sleep(500);
  }
  return undefined;
}

/**
 * y, after scrolling a long dialog to its end (y is refused until every line was shown). Each
 * PgDn is waited for on screen; a y the dialog still refused (it came before the app drew the
 * scroll) is said and the dialog scrolled and answered again, instead of left open to expire.
 */
async function confirm(ctx: Ctx): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    let screen = ctx.term.screen();
    for (let i = 0; i < 6 && /more below/.test(screen); i++) {
      const shown = screen;
      ctx.term.press('PageDown');
      screen = (await waitOr(ctx, (s) => s !== shown, 10_000)) ?? ctx.term.screen();
    }
    ctx.term.send('y');
    const after = await waitOr(ctx, (s) => !s.includes('y confirm') || s.includes('Read to the end first'), 10_000);
    if (!after?.includes('Read to the end first')) return;
    ctx.log(`y was refused before the dialog's end was shown (attempt ${attempt}); scrolling again`);
  }
}

const lastLines = (s: string) => s.split('\n').slice(-4).join('\n');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signingFlow(ctx: Ctx, name: string, command: string, outcome: RegExp): Promise<string | undefined> {
  const dialog = await openDialog(ctx, command);
  if (!dialog) {
    ctx.log(`${name}: no dialog after retries (the build kept failing under faults)`);
    return undefined;
  }
  ctx.summary.flowsStarted++;
  await confirm(ctx);
  const done = await waitOr(ctx, (s) => outcome.test(s) && !s.includes('y confirm'), 120_000);
  check(ctx, `${name} outcome`);
  if (!done) {
    problem(ctx, `${name}: no clear outcome within 120 s`, ctx.term.screen());
    return undefined;
  }
  ctx.summary.flowsCompleted++;
  const word = (outcome.exec(done)?.[0] ?? 'outcome').replace(/^: /, '').split(':')[0];
  ctx.summary.outcomes[`${name} ${word}`] = (ctx.summary.outcomes[`${name} ${word}`] ?? 0) + 1;
  ctx.log(`${name}: ${word}`);
  return done;
}

export async function runSoak(
  t: { after(fn: () => void | Promise<void>): void },
  o: SoakOptions,
): Promise<SoakSummary> {
  const log = o.log ?? (() => undefined);
  exitedFlag = false;
  const home = await makeHome(t, 'soak', API_KEY);
  const sim = await startSim({
    apiKey: API_KEY,
    fund: home.address,
    seed: 21,
    args: ['--fault-rate', String(o.faultRate), '--latency', String(o.latencyMs)],
  });
  t.after(() => sim.stop());
  const before = await balances(sim.url, home.address);
  const summary: SoakSummary = {
    rounds: 0,
    requests: 0,
    faultsInjected: 0,
    flowsStarted: 0,
    flowsCompleted: 0,
    outcomes: {},
    executions: 0,
    signedTransactions: 0,
    screensChecked: 0,
    outages: 0,
    problems: [],
  };
  const term = await openTerminal(t as never, {
    command: liveCommand(sim.url, home.keyPath),
    cols: COLS,
    rows: ROWS,
    env: home.env,
    cwd: root,
  });
  let quitting = false;
  void term.exited(Infinity).then((code) => {
    exitedFlag = true;
    if (!quitting) summary.problems.push(`the program exited (${code === null ? 'by a signal' : `code ${code}`})`);
  });
  const ctx: Ctx = { term, summary, log };
  await term.waitFor(/LIVE/, 60_000);
  const end = Date.now() + o.durationMs;
  try {
    do {
      summary.rounds++;
      log(`round ${summary.rounds}`);
      for (const [key, shows] of SCREENS) {
        term.press('Escape');
        term.send(key);
        const s = await waitOr(ctx, (s) => shows.test(s), 30_000);
        check(ctx, `screen ${key}`);
        if (!s) problem(ctx, `screen ${key} never showed ${shows}`, term.screen());
      }
      term.send('1');
      await signingFlow(ctx, 'swap', 'swap 0.1 SOL USDC', SWAP_OUTCOME);
      term.press('Escape');
      term.send('3');
      await waitOr(ctx, (s) => /\[Limit\]/.test(s), 30_000);
      const placed = await signingFlow(ctx, 'limit', 'limit 1 SOL 200 USDC', ORDER_OUTCOME);
      if (placed) {
        // cancel what is listed: the newest row is selected after a refresh
        const listed = await waitOr(ctx, (s) => /SOL→USDC/.test(s), 60_000);
        if (listed) {
          let dialog: string | undefined;
          for (let i = 0; i < 6 && !dialog; i++) {
            term.press('Escape');
            term.send('x');
            dialog = await waitOr(ctx, (s) => s.includes('y confirm'), 40_000);
          }
          if (dialog) {
            summary.flowsStarted++;
            await confirm(ctx);
            const done = await waitOr(ctx, (s) => ORDER_OUTCOME.test(s) && !s.includes('y confirm'), 120_000);
            check(ctx, 'cancel outcome');
            if (done) {
              summary.flowsCompleted++;
              const word = ORDER_OUTCOME.exec(done)![1];
              summary.outcomes[`cancel ${word}`] = (summary.outcomes[`cancel ${word}`] ?? 0) + 1;
              log(`cancel: ${word}`);
            } else problem(ctx, 'cancel: no clear outcome within 120 s', term.screen());
          } else log('cancel: no dialog after retries');
        }
      }

      // the outage: every request fails
      summary.outages++;
      await setFaults(sim.url, { faultRate: 1 });
      term.press('Escape');
      term.send('1');
      const down = await waitOr(
        ctx,
        (s) => /api (DEGRADED|DOWN)/.test(nth(s.split('\n'), 0)),
        Math.max(o.outageMs, 30_000),
      );
      if (!down) problem(ctx, 'the header never said DEGRADED or DOWN during the outage', term.screen());
      const outageEnd = Date.now() + o.outageMs;
      while (Date.now() < outageEnd) {
        term.send(nth(['1', '2', '3', '5'], Math.floor(Math.random() * 4)));
        await sleep(1000);
        check(ctx, 'outage');
      }
      await setFaults(sim.url, { faultRate: o.faultRate });
      // fresh data within one interval (10 s for the token list) plus the latency and a retry's backoff
      const up = await waitOr(ctx, (s) => /api ok/.test(nth(s.split('\n'), 0)), 30_000 + 4 * o.latencyMs);
      if (!up) problem(ctx, 'the header did not say api ok again after the outage', term.screen());
      check(ctx, 'after the outage');
    } while (Date.now() < end && !exitedFlag);
  } finally {
    await setFaults(sim.url, { faultRate: 0, latencyMs: 0 });
  }
  // let anything in flight finish, then quit as a person would
  await sleep(1500);
  term.press('Escape');
  quitting = true;
  term.send('q');
  let timer: NodeJS.Timeout | undefined;
  const quick = await Promise.race([
    term.exited(),
    new Promise<'asking'>((r) => (timer = setTimeout(() => r('asking'), 3000))),
  ]);
  clearTimeout(timer);
  // quitting while a transaction is between sign and outcome asks first
  if (quick === 'asking' && /quit/i.test(term.screen())) term.send('y');
  const code = quick === 'asking' ? await term.exited() : quick;
  if (code !== 0) summary.problems.push(`q exited with ${code}`);

  // what the service saw, against the journal
  const log2 = await requestLog(sim.url);
  summary.requests = log2.length;
  summary.faultsInjected = log2.filter((r) => r.fault).length;
  const executes = log2.filter((r) => r.method === 'POST' && /\/execute$/.test(r.path));
  const sentRpc = log2.filter(
    (r) => r.path === '/rpc' && (r.body as { method?: string } | null)?.method === 'sendTransaction',
  );
  summary.executions = executes.length + sentRpc.length;
  const signed = new Set(
    executes
      .map((r) => (r.body as { signedTransaction?: string } | null)?.signedTransaction)
      .filter((x): x is string => typeof x === 'string'),
  );
  summary.signedTransactions = signed.size;
  const journalText = existsSync(home.journalPath) ? readFileSync(home.journalPath, 'utf8') : '';
  const lines = journalText
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const entries = lines.filter((l) => l.kind === 'entry');
  // the signed transaction is in the signed line written before the send (an older entry held it itself)
  const journalled = new Set(
    lines
      .filter((l) => (l.kind === 'outcome' && l.status === 'signed') || l.kind === 'entry')
      .map((l) => l.signedTransaction as string | undefined)
      .filter((x): x is string => typeof x === 'string'),
  );
  for (const tx of signed)
    if (!journalled.has(tx)) summary.problems.push('a signed transaction reached execute without its journal line');
  const final = new Map<string, Record<string, unknown>>();
  for (const l of lines) if (l.kind === 'outcome') final.set(l.id as string, l);
  // USDC arrives only by the swaps: it must have moved by what their outcomes report
  const after = await balances(sim.url, home.address);
  const usdcMoved = (after.get(USDC_MINT) ?? 0n) - (before.get(USDC_MINT) ?? 0n);
  let reported = 0n;
  let unreported = 0;
  for (const e of entries.filter((e) => e.group === 'ultra' || e.group === 'swapV2')) {
    const out = final.get(e.id as string);
    if (out?.status === 'success') {
      const got = (out.executed as { output?: string } | undefined)?.output;
      if (got) reported += BigInt(got);
      else unreported++;
    } else if (out?.status !== 'failed' && out?.status !== 'expired') unreported++;
  }
  if (unreported === 0 && usdcMoved !== reported)
    summary.problems.push(`USDC moved by ${usdcMoved} base units, the outcomes report ${reported}`);
  if (unreported > 0 && usdcMoved < reported)
    summary.problems.push(`USDC moved by ${usdcMoved}, less than the ${reported} reported`);
  summary.traces = {
    home: home.dir,
    keyPath: home.keyPath,
    apiKey: API_KEY,
    terminal: term.rawOutput(),
    requests: JSON.stringify(log2),
  };
  if (unreported > 0)
    log(
      `${unreported} swap(s) without a final reported amount (outcome not known at quit); USDC moved ${usdcMoved}, reported ${reported}`,
    );
  return summary;
}

export function formatSummary(s: SoakSummary, elapsedMs: number): string {
  return [
    `fault soak: ${Math.round(elapsedMs / 1000)} s, ${s.rounds} round(s), ${s.outages} outage(s)`,
    `  requests ${s.requests}, faults injected ${s.faultsInjected}`,
    `  signing flows completed ${s.flowsCompleted} of ${s.flowsStarted} started: ${
      Object.entries(s.outcomes)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }`,
    `  executions (execute + sendTransaction requests) ${s.executions}, distinct signed transactions ${s.signedTransactions}`,
    `  screens checked ${s.screensChecked}`,
    `  problems found ${s.problems.length}${s.problems.length ? `:\n    ${s.problems.join('\n    ')}` : ''}`,
  ].join('\n');
}
