// The journal view's E at 80x24 in a real terminal: J opens the journal, E writes it as CSV in the
// state directory and the view says where, with the path whole on screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv } from '../support/cli.js';
import { openTerminal } from '../support/pty.js';
import { openJournal } from '../../src/journal/journal.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';

test('J then E at 80x24: the journal exported as CSV, the file named on screen', async (t) => {
  const env = cleanEnv();
  const state = join(env.XDG_STATE_HOME!, 'tradedeck');
  const j = await openJournal(join(state, 'journal.jsonl'));
  await j.append({
    id: 'p1',
    time: Date.parse('2026-03-04T05:06:07Z'),
    group: 'ultra',
    action: 'swap',
    signature: '4'.repeat(88),
    signedTransaction: 'AQID',
    summary: { pay: '2 SOL', inputMint: SOL, outputMint: USDC, inAmount: '2000000000', outAmount: '300000000' },
    status: 'signed',
    network: 'simulator',
  });
  await j.appendOutcome({
    id: 'p1',
    time: Date.parse('2026-03-04T05:06:09Z'),
    status: 'success',
    executed: { input: '2000000000', output: '299500000' },
  });
  const term = await openTerminal(t, { command: [process.execPath, CLI], cols: 80, rows: 24, env });
  await term.waitFor(/SIMULATED/, 30_000);
  term.send('J');
  await term.waitFor(/1 entry[\s\S]*E export CSV/, 20_000);
  term.send('E');
  const screen = await term.waitFor(/exported 1 entry as CSV to/, 30_000);
  for (const line of screen.split('\n')) assert.ok(line.length <= 80, line);
  const path = nth(
    screen
      .slice(screen.indexOf('exported 1 entry'))
      .split('\n')
      .slice(0, 3)
      .map((l) => l.trim())
      .join('')
      .match(/to (\/\S+?\.csv)/)!,
    1,
  );
  assert.ok(path.startsWith(join(state, 'exports', 'journal-')), path);
  const rows = readFileSync(path, 'utf8').split('\r\n');
  // a demo entry: its mode in its column and in its description
  assert.match(nth(rows, 1), /^2026-03-04T05:06:07\.000Z,swap \(order group\),success,demo,simulator,/);
  assert.match(nth(rows, 1), /,demo: simulated \(not a real trade\)$/);
  assert.match(nth(rows, 1), /,2,SOL,So1+2,299\.5,USDC,/);
  term.send('q');
});
