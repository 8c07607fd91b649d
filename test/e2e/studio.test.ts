// The real program in a real pseudo-terminal at 80x24 against the simulator run as its own
// process: 6, n, a name, a symbol and a PNG, s, y: the pool is launched and listed; the
// simulator's clock moves an hour; c, s, y: the creator fees are claimed and the USDC balance moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { confirmToEnd } from '../support/pty.js';
import { CLI as cli } from '../support/home.js';
import { startLive } from '../support/live.js';
import { nth } from '../support/narrow.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('80x24: launch a pool with an image, see it listed, advance the clock, claim the fees, the balance moves', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { home, url, term } = await startLive(t, 'e2e-studio', { apiKey: 'e2e-key', sim: { seed: 9 } });
  const image = join(home, 'deck.png');
  writeFileSync(image, PNG);

  await term.waitFor(/tradedeck/, 30_000);
  term.send('6');
  let screen = await term.waitFor((s) => s.includes('Launched pools (0)'), 10_000);
  assert.match(screen, /No pools launched from here yet/);

  term.send('n');
  await term.waitFor('› Name', 10_000);
  term.press('Enter');
  await term.waitFor('✎ Name', 10_000);
  term.send('Deck Token');
  term.press('Tab');
  term.send('DECK');
  term.press('Tab');
  term.send(image);
  term.press('Enter');
  await term.waitFor((s) => s.includes('› Image') && s.includes('checked when you press s'), 10_000);
  term.send('s');
  screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Launch DECK (Deck Token)'), 20_000);
  assert.match(screen, /Image\s+deck\.png · image\/png · 0\.1 KiB · uploaded \(image\)/);
  assert.match(screen, /Starts at\s+16,000 USDC \(\$[\d,.]+\) market cap/);
  assert.match(screen, /Migrates at\s+69,000 USDC/);
  assert.equal(screen.split('\n').length, 24);
  // the simulation's balance line makes the dialog taller than 24 rows: read to its end, then y
  await confirmToEnd(term);
  screen = await term.waitFor((s) => s.includes('Launch DECK: done') && s.includes('Launched pools (1)'), 30_000);
  assert.match(screen, /DECK\s+Deck Token\s+USDC\s+1\.00% 16\.0K→69\.0K/);
  const pool = /Pool ([1-9A-HJ-NP-Za-km-z]{32,44})/.exec(screen)![1];
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, line);

  const advanced = await fetch(`${url}/__sim/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: 3600 }),
  });
  assert.equal(advanced.status, 200);

  term.send('c');
  await term.waitFor((s) => s.includes('Claim creator fees') && s.includes('DECK (Deck Token) launched here'), 10_000);
  term.send('s');
  screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Claim the creator fees of DECK'), 20_000);
  assert.match(screen, /Claim\s+everything accrued \(max\)/);
  term.send('y');
  screen = await term.waitFor((s) => s.includes('Claim DECK: done') && s.includes('Claimed +'), 30_000);
  const m = /Claimed \+([\d.,]+) USDC: balance ([\d.,]+) USDC → ([\d.,]+) USDC/.exec(screen);
  assert.ok(m, screen);
  const n = (x: string) => Number(x.replace(/,/g, ''));
  assert.ok(n(nth(m, 3)) > n(nth(m, 2)), 'the USDC balance went up');
  assert.match(screen, new RegExp(`bal ${nth(m, 3).replace(/\./g, '\\.').slice(0, 8)}`));
  term.send('q');
  assert.equal(await term.exited(), 0);

  const requests = (await (await fetch(`${url}/__sim/requests`)).json()) as Array<{
    path: string;
    body: { method?: string; poolAddress?: string } | null;
  }>;
  assert.equal(requests.filter((r) => r.path === '/studio/v1/dbc-pool/create-tx').length, 1);
  assert.deepEqual(
    requests.filter((r) => r.path === '/studio/v1/dbc/fee/create-tx').map((r) => r.body?.poolAddress),
    [pool],
  );
  assert.equal(requests.filter((r) => r.path === '/rpc' && r.body?.method === 'sendTransaction').length, 2);
  const file = join(home, 'state', 'tradedeck', 'studio-pools.json');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.match(readFileSync(join(home, 'state', 'tradedeck', 'journal.jsonl'), 'utf8'), /"action":"claim-fee"/);
});
