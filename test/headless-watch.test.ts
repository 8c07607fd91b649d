// `tradedeck tokens --watch`: one line per refresh into a pipe (NDJSON), a table redrawn on a
// terminal; it ends with exit 0 and nothing on stderr on SIGINT, SIGTERM or a closed pipe, and
// never asks the service more often than the interval (at least 2 s) or its rate limit allows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import { CLI, cleanEnv } from './support/cli.js';
import { openTerminal } from './support/pty.js';
import { startSim, type SimHandle } from '../src/sim/index.js';
import { ApiError } from '../src/api/errors.js';
import { retryWait, watchInterval, watchTokens, WATCH_DEFAULT_MS, WATCH_MIN_MS } from '../src/commands/watch.js';
import type { HeadlessServices } from '../src/commands/print.js';
import { first, nth } from './support/narrow.js';
import { waitFor } from './support/wait.js';

const ENV = cleanEnv();

interface Watch {
  child: ChildProcessWithoutNullStreams;
  /** the next stdout line (rejects if the program ends first) */
  line(): Promise<string>;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function watch(args: string[], env: NodeJS.ProcessEnv = {}): Watch {
  const child = spawn(process.execPath, [CLI, 'tokens', '--watch', ...args], {
    env: { ...ENV, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const queued: string[] = [];
  const waiting: Array<{ resolve: (l: string) => void; reject: (e: Error) => void }> = [];
  let ended = false;
  createInterface({ input: child.stdout })
    .on('line', (l) => (waiting.length ? waiting.shift()!.resolve(l) : queued.push(l)))
    .on('close', () => {
      ended = true;
      for (const w of waiting.splice(0)) w.reject(new Error(`the program ended; stderr: ${err}`));
    });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  void exited.then(() => clearTimeout(timer));
  return {
    child,
    line: () =>
      queued.length
        ? Promise.resolve(queued.shift()!)
        : ended
          ? Promise.reject(new Error(`the program ended; stderr: ${err}`))
          : new Promise((resolve, reject) => waiting.push({ resolve, reject })),
    stderr: () => err,
    exited,
  };
}

interface Doc {
  time: string;
  category: string;
  interval: string;
  tokens: Array<{ id: string; symbol: string; decimals: number; usdPrice: number }>;
}

function parseLine(line: string): Doc {
  const doc = JSON.parse(line) as Doc;
  assert.deepEqual(Object.keys(doc), ['time', 'category', 'interval', 'tokens']);
  assert.ok(!Number.isNaN(Date.parse(doc.time)), doc.time);
  return doc;
}

test('dist/cli.js is built', () => assert.ok(existsSync(CLI), 'run npm run build first'));

test('--watch --ndjson: one JSON object per refresh with the time and the tokens; a closed pipe ends it with exit 0 and nothing on stderr', async () => {
  const w = watch(['--ndjson', '--interval-ms', '2000', '--limit', '4', '--category', 'toptraded', '--interval', '1h']);
  const docs: Doc[] = [];
  for (let i = 0; i < 3; i++) docs.push(parseLine(await w.line()));
  for (const d of docs) {
    assert.deepEqual([d.category, d.interval], ['toptraded', '1h']);
    assert.equal(d.tokens.length, 4);
    for (const t of d.tokens) assert.equal(typeof t.decimals, 'number');
  }
  const times = docs.map((d) => Date.parse(d.time));
  for (let i = 1; i < times.length; i++)
    assert.ok(
      nth(times, i) > nth(times, i - 1),
      `each line is a refresh of its own: ${docs.map((d) => d.time).join(', ')}`,
    );
  w.child.stdout.destroy();
  const end = await w.exited;
  assert.deepEqual(end, { code: 0, signal: null });
  assert.equal(w.stderr(), '');
});

test('--watch into a pipe without --ndjson is NDJSON too; SIGINT and SIGTERM end it with exit 0 and nothing on stderr', async () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const w = watch(['--interval-ms', '2000', '--limit', '2']);
    assert.equal(parseLine(await w.line()).tokens.length, 2);
    const sent = Date.now();
    w.child.kill(signal);
    assert.deepEqual(await w.exited, { code: 0, signal: null }, signal);
    assert.ok(Date.now() - sent < 1_500, `${signal} ends it at once, not at the next refresh`);
    assert.equal(w.stderr(), '', signal);
  }
});

test('--watch --table into a pipe: one table per refresh under a heading, no terminal control', async () => {
  const w = watch(['--table', '--interval-ms', '2000', '--limit', '2']);
  const got: string[] = [];
  for (let i = 0; i < 10; i++) got.push(await w.line());
  w.child.kill('SIGTERM');
  assert.equal((await w.exited).code, 0);
  for (const at of [0, 5]) {
    assert.match(nth(got, at), /^tokens toporganicscore 24h at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, every 2s$/);
    assert.match(nth(got, at + 1), /^#\s+SYMBOL\s+PRICE \$\s+CHG 24h/);
    assert.equal(got[at + 4], '');
  }
  assert.doesNotMatch(got.join('\n'), /\u001b/);
});

test('usage: an interval under 2 s, --interval-ms without --watch, --ndjson with --table: exit 2 before any request', async () => {
  for (const [args, pattern] of [
    [
      ['--interval-ms', '1000'],
      /^tradedeck tokens: --interval-ms: must be a whole number of milliseconds from 2000 to 86400000 \(got "1000"\)\n$/,
    ],
    [['--interval-ms', 'soon'], /--interval-ms: must be a whole number of milliseconds/],
    [['--ndjson', '--table'], /^tradedeck tokens: --ndjson and --table: give one of them\n$/],
    [['--limit', '0'], /^tradedeck tokens: --limit: must be a whole number from 1 to 100 \(got "0"\)\n$/],
  ] as const) {
    const w = watch([...args]);
    const end = await w.exited;
    assert.equal(end.code, 2, `${args.join(' ')}: ${w.stderr()}`);
    assert.match(w.stderr(), pattern);
    await assert.rejects(w.line());
  }
  const child = spawn(process.execPath, [CLI, 'tokens', '--interval-ms', '5000'], { env: ENV });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 2);
  assert.equal(err, 'tradedeck tokens: --interval-ms goes with --watch\n');
});

// ---------- the service's rate limit ----------

let sim: SimHandle;
before(async () => {
  sim = await startSim({ seed: 5, rateLimitPerMinute: 2, rateLimitGroups: ['tokens'] });
});
after(() => sim.stop());

test('against a service that allows 2 token requests a minute, the watch waits as asked instead of asking again', async () => {
  const tokenRequests = () => sim.requests().filter((r) => r.path.startsWith('/tokens/')).length;
  const w = watch(['--interval-ms', '2000', '--limit', '2', '--base-url', sim.url], { TRADEDECK_API_KEY: 'test-key' });
  parseLine(await w.line());
  parseLine(await w.line());
  // the third refresh is answered 429 with the wait: the watch says so and plans its next request
  // no sooner than the service asked (the line is written once the refusal has come back)
  await waitFor(
    () => /\(trying again in \d+s\)\n$/.test(w.stderr()),
    'a retry line on stderr',
    30_000,
    () => w.stderr(),
  );
  const [, asked, planned] = first(/retry in (\d+) s .*\(trying again in (\d+)s\)\n$/.exec(w.stderr())!.map(Number), 3);
  assert.ok(planned >= asked, `the next request in ${planned} s, the service asked for ${asked} s`);
  assert.equal(tokenRequests(), 3, 'two lists and one refused request');
  w.child.kill('SIGTERM');
  assert.deepEqual(await w.exited, { code: 0, signal: null });
  // a wait longer than a command's time for one request (15 s) is not spent inside it: the refresh
  // fails at once saying how long, and the watch waits that long
  assert.match(
    w.stderr(),
    /^tradedeck tokens: GET \/tokens\/v2\/\{category\}\/\{interval\}: rate limited: retry in \d+ s \(HTTP 429: [^\n]*\) \(trying again in \d+s\)\n$/,
  );
});

// ---------- the loop itself ----------

test('interval: default 10 s, at least 2 s', () => {
  assert.equal(watchInterval({}), WATCH_DEFAULT_MS);
  assert.equal(WATCH_DEFAULT_MS, 10_000);
  assert.equal(watchInterval({ intervalMs: '2000' }), WATCH_MIN_MS);
  assert.throws(() => watchInterval({ intervalMs: '1999' }), /from 2000/);
  assert.throws(() => watchInterval({ intervalMs: '2.5e3' }), /whole number/);
});

test('after failures the wait doubles up to a minute, and is never shorter than the service asked', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((n) => retryWait(10_000, n)),
    [10_000, 20_000, 40_000, 60_000, 60_000],
  );
  assert.equal(retryWait(2_000, 1, 45_000), 45_000);
  assert.equal(retryWait(10_000, 3, 1_000), 40_000);
});

test('a failed refresh is one line on stderr with the wait; the watch goes on and stops when told, exit 0', async () => {
  let calls = 0;
  const services = {
    api: {
      tokens: {
        list: async () => {
          calls++;
          if (calls === 1)
            throw new ApiError('GET /tokens/v2/{category}/{interval}: HTTP 429: slow down\u001b[2J', {
              kind: 'http',
              endpoint: 'GET',
              status: 429,
              retryable: true,
              retryAfterMs: 30_000,
            });
          return [{ id: 'M1', symbol: 'ONE', name: 'One', decimals: 6 }];
        },
      },
    },
  } as unknown as HeadlessServices;
  const written: string[] = [];
  const failed: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const code = await watchTokens(
    services,
    { json: true, indent: false, intervalMs: '2000' },
    {
      write: (t) => written.push(t),
      fail: (l) => {
        failed.push(l);
        stop();
      },
      tty: false,
      stopped,
    },
  );
  assert.equal(code, 0);
  assert.deepEqual(failed, ['GET /tokens/v2/{category}/{interval}: HTTP 429: slow down (trying again in 30s)']);
  assert.deepEqual(written, [], 'stopped during the wait, before asking again');
  assert.equal(calls, 1);
});

// ---------- on a terminal ----------

test('on a terminal: tokens prints a table, and --watch redraws it in place until Ctrl-C (exit 0)', async (t) => {
  const env: Record<string, string | undefined> = { ...ENV };
  const once = await openTerminal(t, {
    command: [process.execPath, CLI, 'tokens', '--limit', '3'],
    cols: 160,
    rows: 30,
    env,
  });
  assert.equal(await once.exited(), 0);
  assert.match(once.screen(), /^#\s+SYMBOL\s+PRICE \$\s+CHG 24h/m);
  // --json on a terminal: the same document, indented for reading
  const asked = await openTerminal(t, {
    command: [process.execPath, CLI, 'config', '--json'],
    cols: 160,
    rows: 30,
    env,
  });
  assert.equal(await asked.exited(), 0);
  assert.match(asked.screen(), /^\{\n {2}"mode": "demo \(embedded simulator\)",\n/);

  const term = await openTerminal(t, {
    command: [process.execPath, CLI, 'tokens', '--watch', '--interval-ms', '2000', '--limit', '3'],
    cols: 160,
    rows: 30,
    env,
  });
  const first = await term.waitFor(/^tokens toporganicscore 24h at .* UTC, every 2s \(Ctrl-C stops\)$/m, 15_000);
  const stamp = (s: string) => /at (\S+ \S+) UTC/.exec(s)![1];
  await term.waitFor((s) => /UTC, every 2s/.test(s) && stamp(s) !== stamp(first), 10_000);
  const screen = term.screen();
  assert.equal(screen.match(/^tokens toporganicscore/gm)?.length, 1, 'one table on the screen: redrawn, not appended');
  assert.match(screen, /^#\s+SYMBOL\s+PRICE \$\s+CHG 24h/m);
  term.press('C-c');
  assert.equal(await term.exited(), 0);
});
