// Any token the service knows is found by name, whatever category is on screen: with "Traded" on
// the Tokens screen, `:swap` names a token only another category lists and `:limit` one that no
// list holds (found by GET /tokens/v2/search), as `tradedeck quote` does; the new-order form's
// notes name it once its field is left; a word no lookup finds is still refused in one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { cleanEnv, runCli } from '../support/cli.js';
import type { SimHandle } from '../../src/sim/index.js';
import { removeTree } from '../support/home.js';

const SEED = 13;
const headers = { 'x-api-key': 'k' };

/** A token listed by another category but not in the top 50 traded, and one no list of 100 holds. */
async function pickTokens(sim: SimHandle): Promise<{ listed: string; searchOnly: string }> {
  const list = async (category: string, limit: number) =>
    (
      (await (await fetch(`${sim.url}/tokens/v2/${category}/24h?limit=${limit}`, { headers })).json()) as Array<{
        symbol: string;
      }>
    ).map((t) => t.symbol);
  const traded = new Set(await list('toptraded', 50));
  const inLists = new Set(
    (await Promise.all(['toporganicscore', 'toptraded', 'toptrending'].map((c) => list(c, 100)))).flat(),
  );
  const symbols = sim.kernel.market.tokens().map((t) => t.symbol);
  const unique = (s: string) => symbols.filter((x) => x === s).length === 1;
  const listed = [...inLists].find((s) => !traded.has(s) && unique(s) && /^[A-Z]{4,6}$/.test(s));
  const searchOnly = symbols.find((s) => !inLists.has(s) && unique(s));
  assert.ok(listed && searchOnly, 'the simulator of this seed has both kinds of token');
  return { listed, searchOnly };
}

function assertFits(frame: string) {
  for (const l of frame.split('\n')) assert.ok([...l].length <= 80, `line wider than 80: "${l}"`);
}

async function onTraded(t: { after(fn: () => Promise<void>): void }): Promise<Dashboard> {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'tokens', seed: SEED });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => /Organic/.test(f) && /\d+\/50/.test(f), 8000);
  await typeKeys(d.app, 'c');
  await waitForFrame(d.app, (f) => /Traded \S+ · 1\/50/.test(f), 8000);
  return d;
}

const searches = (d: Dashboard) => d.sim.requests().filter((r) => r.path === '/tokens/v2/search');

test('with Traded on screen, :swap names a token of another list and :limit one only the search finds', async (t) => {
  const d = await onTraded(t);
  const { listed, searchOnly } = await pickTokens(d.sim);

  await typeKeys(d.app, ':', `swap 500 USDC ${listed}`, 'enter');
  let f = await waitForFrame(d.app, (fr) => /confirm/.test(fr) && fr.includes(`Swap 500 USDC for ${listed}`), 10_000);
  assertFits(f);
  assert.match(f, new RegExp(`Your balances\\s+.*\\+[\\d.,]+ ${listed}`));
  assert.equal(searches(d).length, 0, 'a token of a category list needs no search');
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (fr) => fr.includes('nothing was signed'), 5000);

  await typeKeys(d.app, ':', `limit 100 USDC 1 ${searchOnly}`, 'enter');
  f = await waitForFrame(d.app, (fr) => fr.includes('Limit price') && /confirm/.test(fr), 10_000);
  assertFits(f);
  assert.match(f, new RegExp(`Limit order: buy 1 ${searchOnly} for 100 USDC`));
  assert.deepEqual(
    searches(d).map((r) => r.query.query),
    [searchOnly],
    'the search was asked once, for the one word no list holds',
  );
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (fr) => fr.includes('nothing was signed'), 5000);

  // a word nothing knows: one line, no dialog
  await typeKeys(d.app, ':', 'swap 5 USDC NOSUCHTOKEN', 'enter');
  f = await waitForFrame(
    d.app,
    (fr) => fr.replace(/\s+/g, ' ').includes('"NOSUCHTOKEN": no token with that symbol'),
    8000,
  );
  assertFits(f);
});

test('the new-order form names a token no list holds once its field is left', async (t) => {
  const d = await onTraded(t);
  const { searchOnly } = await pickTokens(d.sim);
  await typeKeys(d.app, '3', 'n');
  await waitForFrame(d.app, (f) => f.includes('New limit order') && f.includes('› Amount'), 5000);
  await typeKeys(d.app, 'enter', '100', 'tab', 'USDC', 'tab', searchOnly, 'enter');
  const frame = await waitForFrame(d.app, (f) => new RegExp(`Buy +${searchOnly} +${searchOnly} \\$`).test(f), 8000);
  assertFits(frame);
  await waitFor(() => searches(d).length === 1, 'one search', 3000);
});

test('tradedeck quote finds the same tokens by name through the same lookup', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'tokens', seed: SEED });
  t.after(() => d.close());
  const { searchOnly } = await pickTokens(d.sim);
  const home = mkdtempSync(join(tmpdir(), 'td-lookup-'));
  t.after(() => removeTree(home));
  const r = await runCli(['quote', '100', 'USDC', searchOnly, '--base-url', d.sim.url, '--json'], {
    ...cleanEnv(home),
    TRADEDECK_API_KEY: 'k',
  });
  assert.equal(r.code, 0, r.err);
  const mint = d.sim.kernel.market.tokens().find((x) => x.symbol === searchOnly)!.mint;
  assert.equal((JSON.parse(r.out) as { outputMint: string }).outputMint, mint);
  const unknown = await runCli(['quote', '100', 'USDC', 'NOSUCHTOKEN', '--base-url', d.sim.url], {
    ...cleanEnv(home),
    TRADEDECK_API_KEY: 'k',
  });
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /^tradedeck quote: TO token "NOSUCHTOKEN": no token with that symbol, name or mint$/m);
});
