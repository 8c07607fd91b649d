// The short fault soak run by npm test: one round (every screen, a swap, a limit order and its
// cancel, a 6 s outage) at 30% faults and 300 ms latency. `npm run soak` runs it for 10 minutes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cli, filesUnder, secretForms } from '../support/reliability.js';
import { formatSummary, runSoak } from './soak.js';

test('fault soak (short): the dashboard keeps working under 30% faults and an outage', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const started = Date.now();
  const summary = await runSoak(t, {
    durationMs: 0,
    faultRate: 0.3,
    latencyMs: 300,
    outageMs: 6_000,
    log: (l) => t.diagnostic(l),
  });
  t.diagnostic(formatSummary(summary, Date.now() - started));
  assert.deepEqual(summary.problems, []);
  assert.ok(summary.faultsInjected > 0, 'faults were injected');
  assert.ok(summary.flowsStarted >= 2, `signing flows ran (${summary.flowsStarted})`);
  assert.equal(summary.flowsCompleted, summary.flowsStarted, 'every signing flow ended with a clear outcome');

  // the secret scan over the whole session: terminal output, the state dir (journal, views, logs),
  // the config dir and every request the service received
  const traces = summary.traces!;
  const forms = await secretForms(traces.keyPath);
  const places: Array<[string, string]> = [
    ['terminal output', traces.terminal],
    ['request log', traces.requests],
    ...(await filesUnder(join(traces.home, 'state'))),
    ...(await filesUnder(join(traces.home, 'config'))),
  ];
  assert.ok(
    places.some(([where]) => where.endsWith('journal.jsonl')),
    'the journal was scanned',
  );
  for (const [where, text] of places) {
    assert.ok(!text.includes(traces.apiKey), `the API key appears in ${where}`);
    for (const form of forms) assert.ok(!text.includes(form), `a form of the key file secret appears in ${where}`);
  }
});
