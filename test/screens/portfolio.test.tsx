// The Portfolio screen in the whole app against the simulator over HTTP, at 80x24, as a person types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { textWidth } from '../../components/base/text.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';

const positionRequests = (d: Dashboard) =>
  d.sim.requests().filter((r) => r.path.startsWith('/portfolio/v1/positions/'));

/** Presses G (the body grows as balances and the journal arrive) until the bottom matches. */
async function bottomMatching(d: Dashboard, predicate: (f: string) => boolean, timeoutMs = 8000): Promise<string> {
  let f = '';
  await waitFor(
    async () => {
      await typeKeys(d.app, 'G');
      return predicate((f = d.app.lastFrame() ?? ''));
    },
    'the bottom of the view to match',
    timeoutMs,
    () => `last frame:\n${f}`,
  );
  return f;
}

/** Every body line of the screen, scrolling from top to bottom with PgDn. */
async function wholeBody(d: Dashboard): Promise<string> {
  const seen: string[] = [];
  await typeKeys(d.app, 'g');
  for (let i = 0; i < 20; i++) {
    const frame = d.app.lastFrame() ?? '';
    seen.push(frame);
    const m = /lines (\d+)-(\d+) of (\d+)/.exec(frame);
    if (!m || m[2] === m[3]) break;
    await typeKeys(d.app, 'pagedown');
  }
  return seen.join('\n');
}

function assertFits(frame: string, columns = 80) {
  for (const l of frame.split('\n'))
    assert.ok(textWidth(l) <= columns, `line wider than ${columns}: ${JSON.stringify(l)}`);
  assert.doesNotMatch(frame, /undefined|null|NaN/);
}

test('net worth, platforms with totals, the bar chart, a failed fetcher warning and an unknown element as key/value lines', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'portfolio' });
  t.after(() => d.close());
  const frame = await waitForFrame(d.app, (f) => f.includes('Allocation by platform'), 8000);
  assertFits(frame);
  assert.equal(frame.split('\n').length, 24);
  const worth = /Net worth \$([\d,]+\.\d\d)/.exec(frame);
  assert.ok(worth, frame);
  assert.match(frame, /since first seen \d\d:\d\d:\d\d/);
  // the chart: one line per platform with a block bar, share and value
  const bars = frame.split('\n').filter((l) => /[█▏▎▍▌▋▊▉]/.test(l) && /\d+\.\d\d%\s+\$[\d,]+\.\d\d/.test(l));
  assert.ok(bars.length >= 4, frame);
  assert.ok(
    bars.some((l) => /^ Wallet\s+█/.test(l)),
    frame,
  );
  // the simulator's marginfi fetcher fails: a warning naming it and how long it took
  assert.match(frame, /⚠ marginfi \(marginfi-lend\) failed after \d+ ms/);

  const body = await wholeBody(d);
  assertFits(body);
  // platforms: name, id and total; their sum is the net worth
  // (a platform can be worth less than nothing: a leveraged position under water reads -$109.21)
  const totals = [...body.matchAll(/▸ (.+?) \(([a-z0-9-]+)\)\s+(-?)\$([\d,]+\.\d\d)/g)];
  const ids = new Set(totals.map((m) => m[2]));
  // every platform the service answered with for this wallet (the simulator varies them per wallet)
  const answered = await d.services.api.portfolio.positions({ address: d.wallet.address });
  const expected = new Set(
    answered.elements.map((e) => e.platformId).filter((x): x is string => typeof x === 'string'),
  );
  assert.ok(expected.size >= 4, `the simulator answered with ${expected.size} platforms`);
  for (const id of expected) assert.ok(ids.has(id), `platform ${id} listed:\n${body}`);
  const sum = [...new Map(totals.map((m) => [m[2], Number(`${m[3]}${nth(m, 4).replace(/,/g, '')}`)])).values()].reduce(
    (a, b) => a + b,
    0,
  );
  assert.ok(
    Math.abs(sum - Number(nth(worth!, 1).replace(/,/g, ''))) < 0.02 * ids.size,
    `platform totals ${sum} add up to the net worth ${worth![1]}`,
  );
  // each known variant in its own columns
  assert.match(body, /\[multiple\]/);
  assert.match(body, /\[liquidity\]/);
  assert.match(body, /\[leverage\][\s\S]*Side\s+Size\s+Entry\s+Mark\s+Liq\.\s+Lev\s+PnL/);
  assert.match(body, /\[borrowlend\][\s\S]*supplied \$[\d,.]+[\s\S]*borrowed \$[\d,.]+\s+health/);
  assert.match(body, /\[trade\][\s\S]*filled [\d.]+%/);
  // the unlisted variant and unknown fields as key/value lines
  assert.match(body, /\[unknown type "staking-v2"\]/);
  assert.match(body, / validator: [1-9A-HJ-NP-Za-km-z]{32,44}/);
  assert.match(body, / epoch: \d+/);
  assert.match(body, /unlocks at: —/);
  assert.match(body, /tags: clmm/);
  // wallet balances over RPC and the P&L label
  await waitFor(() => d.services.session.getState().resources.portfolio?.length === 3, 'three resources');
  const end = await bottomMatching(
    d,
    (f) => /Spot P&L since tradedeck recorded/.test(f) && /Wallet balances \(RPC\)/.test(f) && !f.includes('loading…'),
  );
  assert.match(end, /SOL\s+100\s+\$[\d,.]+\s+\$[\d,.]+/);
  assertFits(end);
});

test('f filters platforms: typed ids are text (5, q do not leave), Enter sends platforms, Esc clears it', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'portfolio' });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('Allocation by platform'), 8000);
  await typeKeys(d.app, 'f');
  await waitForFrame(d.app, (f) => f.includes('platforms:'));
  await typeKeys(d.app, 'raydium,drift', 'enter');
  assert.equal(d.quits, 0);
  assert.equal(d.services.session.getState().screen, 'portfolio');
  await waitFor(
    () => positionRequests(d).some((r) => r.query.platforms === 'raydium,drift'),
    'a request with platforms=raydium,drift',
    5000,
  );
  const frame = await waitForFrame(
    d.app,
    (f) => f.includes('f: raydium,drift') && f.includes('Allocation') && !/^ Wallet\s+█/m.test(f),
    5000,
  );
  const chart = frame.split('\n').filter((l) => /[█▏▎▍▌▋▊▉]/.test(l));
  // only the two asked for (a platform whose share rounds to no bar, or whose fetcher timed out in
  // the simulator this time, draws no bar line)
  const names = chart.map((l) => nth(l.trim().split(/\s+/), 0));
  assert.ok(names.length > 0 && names.every((n) => n === 'Drift' || n === 'Raydium'), names.join(', '));
  assert.doesNotMatch(frame, /marginfi/);
  // typing q and 5 in the field is text, not quit or a screen switch
  await typeKeys(d.app, 'f', 'ctrl+u', 'q5', 'escape');
  assert.equal(d.quits, 0);
  assert.equal(d.services.session.getState().screen, 'portfolio');
  // Esc on the screen clears the filter; the next request has none
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => !f.includes('f: raydium') && /^ Wallet\s+█/m.test(f), 5000);
  const last = positionRequests(d).at(-1)!;
  assert.equal(last.query.platforms, undefined);
  // / does here what the help says it does here: the platforms filter, as f
  await typeKeys(d.app, '/');
  await waitForFrame(d.app, (f) => f.includes('platforms:'));
  await typeKeys(d.app, 'escape', '?');
  const help = await waitForFrame(d.app, (f) => f.includes('Portfolio screen'));
  assert.match(help, /\/ +platforms filter, as f/);
  assert.doesNotMatch(help, /filter the list|open the selected row/);
  // Enter opens nothing here, and says why
  await typeKeys(d.app, 'escape', 'enter');
  await waitForFrame(d.app, (f) => f.includes('the portfolio is one page, with nothing to open'));
  await typeKeys(d.app, '1');
  assert.equal(d.services.session.getState().screen, 'tokens');
});

test(':portfolio ADDRESS watches another address, Esc returns to your own; s sorts by name', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'portfolio' });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('Allocation by platform'), 8000);
  const other = 'CE8jNSNJy1M2fCgCY4P3HWdpvqVTweJeRsNR9oFTEPUn';
  d.sim.fund(other);
  await typeKeys(d.app, ':');
  await typeKeys(d.app, `portfolio ${other}`, 'enter');
  const frame = await waitForFrame(d.app, (f) => f.includes(`Watching ${other}`) && f.includes('Allocation'), 8000);
  assert.ok(positionRequests(d).some((r) => r.path === `/portfolio/v1/positions/${other}`));
  assert.doesNotMatch(frame, /Wallet balances/);
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => f.includes(`Wallet ${d.wallet.address}`), 5000);
  await typeKeys(d.app, 'o');
  const byName = await waitForFrame(d.app, (f) => f.includes('sort name'));
  const chart = byName
    .split('\n')
    .filter((l) => /[█▏▎▍▌▋▊▉]/.test(l))
    .map((l) => nth(l.trim().split(/\s+/), 0));
  assert.deepEqual(
    chart,
    [...chart].sort((a, b) => a.localeCompare(b)),
  );
  await typeKeys(d.app, ':');
  await typeKeys(d.app, 'portfolio nonsense', 'enter');
  await waitForFrame(d.app, (f) => f.includes('not a base58 address'));
});

test('with no wallet it says so plainly, and :portfolio ADDRESS still works', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'portfolio', noWallet: true });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('No wallet is configured'), 5000);
  assert.equal(positionRequests(d).length, 0);
  const other = 'CE8jNSNJy1M2fCgCY4P3HWdpvqVTweJeRsNR9oFTEPUn';
  d.sim.fund(other);
  await typeKeys(d.app, ':');
  await typeKeys(d.app, `portfolio ${other}`, 'enter');
  const frame = await waitForFrame(d.app, (f) => /Net worth \$[\d,]+\.\d\d/.test(f) && f.includes('Allocation'), 8000);
  assertFits(frame);
});

test('spot P&L from the journal: a recorded USDC->SOL swap shows units, average cost and unrealized P&L, labelled since tradedeck recorded', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'portfolio' });
  t.after(() => d.close());
  await d.services.journal!.append({
    id: 'pnl-1',
    time: Date.now() - 60_000,
    group: 'ultra',
    action: 'swap',
    signedTransaction: 'AA==',
    status: 'success',
    summary: {
      inputMint: USDC_MINT,
      outputMint: NATIVE_MINT,
      inAmount: '200000000',
      outAmount: '2000000000',
    },
  });
  await waitForFrame(d.app, (f) => f.includes('Allocation by platform'), 8000);
  await typeKeys(d.app, 'r');
  const frame = await bottomMatching(
    d,
    (f) =>
      /Spot P&L since tradedeck recorded \(1 swap or fill since \d{4}-\d\d-\d\d\)/.test(f) &&
      /SOL\s+2\s+\$100\.00\s+\$[\d,.]+\s+[+-]?\$[\d,.]+/.test(f),
  );
  assertFits(frame);
});

test('the net worth change counts from the first answer of this run: leaving the screen and coming back keeps it', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'portfolio' });
  t.after(() => d.close());
  const first = await waitForFrame(d.app, (f) => /since first seen \d\d:\d\d:\d\d/.test(f), 8000);
  const label = /since first seen (\d\d:\d\d:\d\d)/.exec(first)![1];
  const asked = positionRequests(d).length;
  await typeKeys(d.app, '1');
  await waitFor(() => d.stores.session.getState().screen === 'tokens', 'on Tokens', 3000);
  // time passes (at least a second of the clock the label reads), then the screen is opened again
  const seenAt = Date.now();
  await waitFor(() => Date.now() - seenAt > 1100, 'a second passed', 3000);
  await typeKeys(d.app, '5');
  await waitForFrame(d.app, (f) => f.includes('Allocation by platform'), 5000);
  await typeKeys(d.app, 'r');
  await waitFor(() => positionRequests(d).length > asked, 'a new positions answer', 8000);
  const again = await waitForFrame(d.app, (f) => /since first seen/.test(f) && !f.includes('loading'), 8000);
  assert.equal(/since first seen (\d\d:\d\d:\d\d)/.exec(again)![1], label);
});

test('a swap signed here shows on Portfolio at once: its positions are asked again when the signing ends, not at the next interval', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'portfolio' });
  t.after(() => d.close());
  // the wallet's own SOL, in the table of its balances at the bottom (pools hold SOL too)
  const walletSol = (f: string) => {
    const at = f.indexOf('Wallet balances (RPC)');
    const row = at < 0 ? null : /^ +SOL +([\d,.]+) /m.exec(f.slice(at));
    return row ? Number(nth(row, 1).replace(/,/g, '')) : undefined;
  };
  const held = walletSol(await bottomMatching(d, (f) => walletSol(f) !== undefined && !f.includes('loading')))!;
  const asked = positionRequests(d).length;
  await typeKeys(d.app, ':', 'swap 0.5 SOL USDC', 'enter');
  await waitForFrame(d.app, (f) => f.includes('y confirm'), 15_000);
  // to the end of the dialog (y asks for every line read), then y
  await typeKeys(d.app, 'G');
  await waitForFrame(d.app, (f) => f.includes('y confirm') && !/more below/.test(f), 5000);
  await typeKeys(d.app, 'y');
  await waitFor(() => d.services.session.getState().settled === 1, 'the signing ended', 15_000);
  await waitFor(() => positionRequests(d).length > asked, 'the positions asked again', 8000);
  // :swap went to the Swap screen; back on Portfolio (its interval is 30 s) the new amount is there
  await typeKeys(d.app, '5');
  const after = await bottomMatching(
    d,
    (f) => (walletSol(f) ?? held) <= held - 0.5 && /1 swap or fill since/.test(f.replace(/\s+/g, ' ')),
  );
  // SOL sold for USDC: recorded, and nothing bought to value (a stablecoin is not a position)
  assert.match(
    after.replace(/\s+/g, ' '),
    /Nothing bought is held now \(sold again, or USDC\/USDT\): no P&L to show\./,
  );
});
