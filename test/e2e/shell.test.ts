// The shell as a person uses it, in a real pseudo-terminal: number keys always leave a screen unless
// a field is being edited, a field is edited only after Enter, Esc keeps what was typed, `?` shows
// every key without scrolling at 80x24 and 100x30, :rows sizes the token list, :limit is the
// Orders screen's, and no line is ever wider than the terminal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

const ROW = /^[› ]\s*\d+\s+[★ ]?\S+/;
// the first two lines are the header and the tabs (" 1 Tokens  2 Swap" reads like a row)
const tokenRows = (screen: string) =>
  screen
    .split('\n')
    .slice(2)
    .filter((l) => ROW.test(l));
const narrowEnough = (screen: string, cols: number) => screen.split('\n').every((l) => l.length <= cols);

test('80x24: 2 then 1; Enter on From, SO, Esc restores the field; SO Enter keeps SOL across 1 and 2; ? fits at 80x24 and 100x30; :rows 5; :star USDC; :limit alone explains itself', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm test builds it first)');
  const { env } = tempHome(t, 'e2e-shell');
  const term = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor((s) => tokenRows(s).length >= 10, 30_000);

  term.send('2');
  await term.waitFor((s) => s.includes('› From') && s.includes('e/Enter edit'), 10_000);
  term.send('1');
  await term.waitFor((s) => tokenRows(s).length >= 10, 10_000);

  term.send('2');
  await term.waitFor('› From', 10_000);
  term.press('Enter');
  await term.waitFor('✎ From', 10_000);
  term.send('SO');
  await term.waitFor(/✎ From\s+SO/, 10_000);
  term.press('Escape');
  const restored = await term.waitFor((s) => !s.includes('✎ From') && s.includes('› From'), 10_000);
  assert.doesNotMatch(restored, /From\s+SO/, 'Esc puts back the value from before the edit');
  term.press('Enter');
  await term.waitFor('✎ From', 10_000);
  term.send('SO');
  await term.waitFor(/✎ From\s+SO/, 10_000);
  term.press('Enter');
  await term.waitFor(/From\s+SOL\b/, 10_000);
  term.press('Escape');
  await term.waitFor((s) => !s.includes('✎'), 10_000);
  term.send('1');
  await term.waitFor((s) => tokenRows(s).length >= 10, 10_000);
  term.send('2');
  await term.waitFor(/From\s+SOL\b/, 10_000);
  term.send('1');
  await term.waitFor((s) => tokenRows(s).length >= 10, 10_000);

  for (const [cols, rows] of [
    [80, 24],
    [100, 30],
  ] as const) {
    term.resize(cols, rows);
    term.send('?');
    const help = await term.waitFor((s) => s.includes('Dialogs') && s.includes('Tokens screen'), 10_000);
    assert.doesNotMatch(help, /j\/k scroll/, `no scrolling at ${cols}x${rows}`);
    for (const word of [
      'move down / up',
      'next / previous screen',
      'command bar',
      'quit',
      '1-7',
      'next category',
      'confirm and sign',
    ])
      assert.ok(help.includes(word), `${word} at ${cols}x${rows}`);
    assert.ok(narrowEnough(help, cols));
    term.press('Escape');
    await term.waitFor((s) => !s.includes('Dialogs'), 10_000);
  }
  term.resize(80, 24);

  term.send(':rows 5');
  term.press('Enter');
  const five = await term.waitFor((s) => tokenRows(s).length === 5 && s.includes('1/5 · sorted by'), 15_000);
  assert.ok(narrowEnough(five, 80));

  // :star stars a token (watch is the command line's event stream, no bar command)
  term.send(':star USDC');
  term.press('Enter');
  const starred = await term.waitFor(/starred USDC/, 10_000);
  assert.ok(narrowEnough(starred, 80));
  term.send(':watch USDC');
  term.press('Enter');
  await term.waitFor(/unknown command :watch; :help lists them all/, 10_000);

  term.send(':limit');
  term.press('Enter');
  const said = await term.waitFor(/limit order/i, 10_000);
  assert.match(said, /:limit \d/);
  assert.ok(narrowEnough(said, 80));
  // :limit belongs to the Orders screen: the token list keeps its five rows
  term.send('1');
  await term.waitFor((s) => tokenRows(s).length === 5, 10_000);

  term.send('q');
  assert.equal(await term.exited(), 0);
});
