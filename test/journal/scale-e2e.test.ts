// A 100,000-line journal at 80x24 in a real terminal: the start-up check finds the entry a kill -9
// left unfinished at its end, and J reads the journal and shows the count of every entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv } from '../support/cli.js';
import { openTerminal } from '../support/pty.js';

test('a 100,000-line journal: the unfinished entry at its end is checked at start, J shows 100,001 entries', async (t) => {
  const env = cleanEnv();
  const state = join(env.XDG_STATE_HOME!, 'tradedeck');
  mkdirSync(state, { recursive: true, mode: 0o700 });
  const lines: string[] = [];
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < 100_000; i++) {
    lines.push(
      JSON.stringify({
        kind: 'entry',
        id: `e${i}`,
        time: t0 + i * 60_000,
        group: 'ultra',
        action: 'swap',
        signature: '5'.repeat(88),
        signedTransaction: 'AQID'.repeat(50),
        summary: { pay: '1 SOL' },
        status: 'success',
      }),
    );
  }
  // the run killed after writing its entry: no outcome, no request id, no signature to look up
  lines.push(
    JSON.stringify({
      kind: 'entry',
      id: 'killed',
      time: Date.now() - 3_600_000,
      group: 'ultra',
      action: 'swap',
      signedTransaction: 'AQID',
      summary: { pay: '3 SOL' },
      status: 'signed',
    }),
  );
  writeFileSync(join(state, 'journal.jsonl'), `${lines.join('\n')}\n`, { mode: 0o600 });
  const term = await openTerminal(t, { command: [process.execPath, CLI], cols: 80, rows: 24, env });
  await term.waitFor(/1 unfinished transaction/, 60_000);
  assert.ok(existsSync(join(state, 'journal.jsonl.index')));
  term.send('J');
  const screen = await term.waitFor(/100,001 entries/, 60_000);
  assert.match(screen, /›.*Swap\s+swap\s+expired\s.*3 SOL/);
  assert.ok(!/Nothing signed yet/.test(screen));
  // the journal was added to, never rewritten: its first 100,001 lines are as they were
  assert.deepEqual(readFileSync(join(state, 'journal.jsonl'), 'utf8').split('\n').slice(0, 100_001), lines);
  term.send('q');
});
