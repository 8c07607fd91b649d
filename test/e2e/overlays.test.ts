// The journal (J) and the notifications log (N) as a person opens them over any screen, in a real
// pseudo-terminal at 80x24: their own keys listed by `?` over them, the list keys moving in them
// (PgDn/PgUp, G/g), a number key taken by the overlay rather than leaking to the screen behind it,
// and the letter that opened each one closing it again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { confirmToEnd, openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

const fits = (screen: string) =>
  assert.ok(
    screen.split('\n').every((l) => l.length <= 80),
    screen,
  );

test('80x24: a swap, then J lists it, ? shows the journal keys, PgDn/G/g move, 2 stays in it, J closes; N with ? and q, N closes', async (t) => {
  const { env } = tempHome(t, 'e2e-overlays');
  const term = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor(/^›\s+1\s/m, 30_000);

  // something to list: one swap, confirmed after reading the dialog to its end
  term.send(':swap 0.01 SOL USDC');
  term.press('Enter');
  await term.waitFor((s) => s.includes('y confirm') && s.includes('Swap 0.01 SOL for USDC'), 30_000);
  await confirmToEnd(term);
  await term.waitFor('Order: Success', 30_000);

  term.send('J');
  let screen = await term.waitFor((s) => s.includes('Journal: 1 entry') && /swap\s+success/.test(s), 10_000);
  fits(screen);
  assert.match(screen, /Enter detail · E export CSV · r reload · J\/q close · \? help/);
  term.send('?');
  screen = await term.waitFor(
    (s) => s.includes('export the journal as CSV') && s.includes('close the journal'),
    10_000,
  );
  fits(screen);
  assert.match(screen, /PgDn\/PgUp\s+page down \/ up/);
  term.press('Escape');
  await term.waitFor((s) => !s.includes('export the journal as CSV') && s.includes('Journal: 1 entry'), 10_000);
  // the list keys move in the journal; none of them leaves it
  for (const key of ['PageDown', 'PageUp'] as const) term.press(key);
  term.send('G');
  term.send('g');
  // a number key is the journal's while it is open: the Swap screen behind it does not come up
  term.send('2');
  screen = await term.waitFor((s) => s.includes('Journal: 1 entry') && /^›/m.test(s), 10_000);
  assert.doesNotMatch(screen, /› From|e\/Enter edit/);
  term.send('J');
  await term.waitFor((s) => !s.includes('Journal: 1 entry') && s.includes('Order: Success'), 10_000);

  term.send('N');
  screen = await term.waitFor((s) => /Notifications: \d+ entr/.test(s), 10_000);
  fits(screen);
  term.send('?');
  screen = await term.waitFor(
    (s) => s.includes('Notifications') && s.includes('Esc closes') && s.includes('│'),
    10_000,
  );
  fits(screen);
  term.send('q');
  await term.waitFor((s) => /Notifications: \d+ entr/.test(s) && !s.includes('│ Keys'), 10_000);
  term.send('N');
  await term.waitFor((s) => !/Notifications: \d+ entr/.test(s) && s.includes('Order: Success'), 10_000);

  term.send('q');
  assert.equal(await term.exited(), 0);
});
