// The real program in a real pseudo-terminal at 80x24, live against a separate simulator that
// limits each API key as the service does (60 a minute free, 600 for a paid- key) and says so in
// its rate-limit headers: on a paid key the header says "poll 1s" and the simulator's request log
// shows the visible list asked far more often than its own 10 s, with no 429.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { simControl } from '../support/simProcess.js';
import { CLI as cli } from '../support/home.js';
import { nth } from '../support/narrow.js';
import { waitFor } from '../support/wait.js';
import { TOKENS_INTERVAL_MS } from '../../screens/Tokens/resources.js';
import { startLive } from '../support/live.js';

const LIST = '/tokens/v2/toporganicscore/1h';

interface Logged {
  path: string;
  status: number;
  time: string;
}

test('paid key at 80x24: the header says poll 1s and the list is asked every second or so, no 429', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { url, term } = await startLive(t, 'e2e-pacing', {
    apiKey: 'paid-e2e-pacing',
    before: (url) => simControl(url, 'faults', { rateLimitPerMinute: 60 }),
  });
  const screen = await term.waitFor((s) => nth(s.split('\n'), 0).includes('poll 1s'), 30_000);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  assert.doesNotMatch(nth(screen.split('\n'), 0), /left/, 'plenty left: no count shown');

  const lists = async () =>
    ((await (await fetch(`${url}/__sim/requests`)).json()) as Logged[]).filter((r) => r.path === LIST);
  const from = (await lists()).length;
  // five more list requests, as the request log receives them
  let log: Logged[] = [];
  await waitFor(
    async () => (log = await lists()).length >= from + 5,
    'five more list requests',
    30_000,
    () => `only ${log.length - from} arrived`,
  );
  const times = log.slice(from - 1, from + 5).map((r) => Date.parse(r.time));
  const gaps = times.slice(1).map((at, i) => at - nth(times, i));
  // each sooner than the list's own interval would ask (a loaded machine adds its answer time to the 1 s)
  assert.ok(
    gaps.every((g) => g < TOKENS_INTERVAL_MS),
    `gaps ${gaps.join(', ')} ms`,
  );
  assert.ok(
    log.every((r) => r.status === 200),
    'no 429',
  );
  term.send('q');
  assert.equal(await term.exited(), 0);
});
