// The Tokens screen against the real simulator over loopback HTTP.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, afterEach, describe, it } from 'node:test';
import { cleanup } from 'ink-testing-library';
import { formatCompact, formatCount, formatPct, formatPercent, formatPrice } from '../../src/text/format.js';
import { loadWatchlist } from '../../src/store/watchlist.js';
import { listKey } from '../../src/store/index.js';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { nth } from '../support/narrow.js';

const open: Dashboard[] = [];
async function dashboard(o: Parameters<typeof startDashboard>[0] = {}): Promise<Dashboard> {
  const d = await startDashboard(o);
  open.push(d);
  return d;
}
afterEach(async () => {
  for (const d of open.splice(0)) await d.close();
  cleanup();
});
after(() => cleanup());

const ROW = /^[› ]\s*(\d+|×)\s+[★ ]?(\S+)/;
/** The table rows of a frame: rank and symbol, in screen order. */
function rows(frame: string): Array<{ rank: string; symbol: string; selected: boolean }> {
  return frame
    .split('\n')
    .map((l) => ({ l, m: ROW.exec(l) }))
    .filter((x) => x.m)
    .map(({ l, m }) => ({ rank: nth(m!, 1), symbol: nth(m!, 2), selected: l.startsWith('›') }));
}
const selectedSymbol = (frame: string) => rows(frame).find((r) => r.selected)?.symbol;
const currentTokens = (d: Dashboard) => {
  const s = d.stores.tokens.getState();
  return s.lists[listKey(s)]?.tokens ?? [];
};

describe('Tokens screen', () => {
  it('shows the list the simulator returned, ranked, with at least 20 rows on a 30-line terminal', async () => {
    const d = await dashboard();
    const frame = await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    const tokens = currentTokens(d);
    assert.ok(tokens.length >= 20);
    const shown = rows(frame);
    assert.deepEqual(
      shown.slice(0, 10).map((r) => r.symbol),
      tokens.slice(0, 10).map((t) => t.symbol),
    );
    assert.deepEqual(
      shown.slice(0, 3).map((r) => r.rank),
      ['1', '2', '3'],
    );
    assert.match(frame, /SIMULATED/);
    assert.match(frame, /Organic 1h/);
    const req = d.tokenRequests();
    assert.equal(nth(req, 0).path, '/tokens/v2/toporganicscore/1h');
    // never more lines than the terminal has
    assert.ok(frame.split('\n').length <= 30);
  });

  it('c and i change the list, and the simulator is asked for the new category and window', async () => {
    const d = await dashboard();
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    await typeKeys(d.app, 'c');
    await waitFor(
      () => d.tokenRequests().some((r) => r.path === '/tokens/v2/toptraded/1h'),
      'toptraded request',
      10_000,
    );
    const frame = await waitForFrame(
      d.app,
      (f) =>
        f.includes('Traded 1h') &&
        rows(f).length > 0 &&
        currentTokens(d).length > 0 &&
        nth(rows(f), 0).symbol === nth(currentTokens(d), 0).symbol,
      10_000,
    );
    assert.deepEqual(
      rows(frame)
        .slice(0, 5)
        .map((r) => r.symbol),
      currentTokens(d)
        .slice(0, 5)
        .map((t) => t.symbol),
    );

    await typeKeys(d.app, 'i');
    await waitFor(
      () => d.tokenRequests().some((r) => r.path === '/tokens/v2/toptraded/6h'),
      'toptraded 6h request',
      10_000,
    );
    await waitForFrame(
      d.app,
      (f) =>
        f.includes('Traded 6h') &&
        currentTokens(d).length > 0 &&
        rows(f)[0]?.symbol === nth(currentTokens(d), 0).symbol,
      10_000,
    );
    assert.equal(d.stores.tokens.getState().interval, '6h');

    await typeKeys(d.app, 'c');
    await waitFor(
      () => d.tokenRequests().some((r) => r.path === '/tokens/v2/toptrending/6h'),
      'toptrending request',
      10_000,
    );
    await waitForFrame(d.app, (f) => f.includes('Trending 6h'), 10_000);
  });

  it('/ filters by symbol, name or mint; Esc clears the filter', async () => {
    const d = await dashboard();
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    const all = currentTokens(d);
    const target = nth(all, 7);
    await typeKeys(d.app, '/', ...target.symbol.toLowerCase().split(''));
    let frame = await waitForFrame(d.app, (f) => rows(f).length < 20 && f.includes('match'), 5000);
    const shown = rows(frame);
    assert.ok(
      shown.some((r) => r.symbol === target.symbol),
      frame,
    );
    for (const r of shown) {
      const t = all.find((x) => x.symbol === r.symbol)!;
      assert.ok(
        `${t.symbol} ${t.name} ${t.id}`.toLowerCase().includes(target.symbol.toLowerCase()),
        `${r.symbol} does not match`,
      );
    }
    // by mint: the first 10 characters of a mint find that token
    await typeKeys(d.app, 'escape', '/', ...nth(all, 3).id.slice(0, 10).split(''), 'enter');
    frame = await waitForFrame(d.app, (f) => rows(f).length === 1, 5000);
    assert.equal(nth(rows(frame), 0).symbol, nth(all, 3).symbol);
    await typeKeys(d.app, 'escape');
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 5000);
  });

  it('o orders by the next column, O reverses, and the selection stays on the same token', async () => {
    const d = await dashboard();
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    await typeKeys(d.app, 'j', 'j', 'j', 'j');
    let frame = await waitForFrame(d.app, (f) => rows(f)[4]?.selected === true, 5000);
    const picked = selectedSymbol(frame)!;
    const mint = d.stores.tokens.getState().selected;
    await typeKeys(d.app, 'o');
    frame = await waitForFrame(d.app, (f) => /Symbol ▲/.test(f), 5000);
    const symbols = rows(frame).map((r) => r.symbol);
    const sorted = [...symbols].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }));
    assert.deepEqual(symbols, sorted);
    // the selected token moved in the list, the selection went with it
    assert.equal(selectedSymbol(frame) ?? d.stores.tokens.getState().selected, selectedSymbol(frame) ? picked : mint);
    await typeKeys(d.app, 'O');
    frame = await waitForFrame(d.app, (f) => /Symbol ▼/.test(f), 5000);
    const reversed = rows(frame).map((r) => r.symbol);
    assert.deepEqual(
      reversed,
      [...reversed].sort((a, b) => b.localeCompare(a, undefined, { sensitivity: 'base', numeric: true })),
    );
    assert.equal(d.stores.tokens.getState().selected, mint);
  });

  it('keeps the selection on the same mint when a refresh re-sorts the rows', async () => {
    const d = await dashboard({ rows: 70 });
    await waitForFrame(d.app, (f) => rows(f).length >= 50, 10_000);
    // sort by price change, which moves between refreshes
    for (let i = 0; i < 4; i++) await typeKeys(d.app, 'o');
    await waitForFrame(d.app, (f) => /Chg 1h ▼/.test(f), 5000);
    await typeKeys(d.app, 'j', 'j', 'j', 'j', 'j', 'j');
    const mint = d.stores.tokens.getState().selected!;
    const symbol = currentTokens(d).find((t) => t.id === mint)!.symbol;
    const before = rows(d.app.lastFrame()!).findIndex((r) => r.selected);
    let moved = false;
    for (let round = 0; round < 8 && !moved; round++) {
      const key = nth(d.scheduler.keys(), 0);
      await waitFor(() => d.scheduler.state(key)?.inFlight === false, 'no request in flight', 10_000);
      const count = d.tokenRequests().length;
      d.sim.advance(1800);
      d.scheduler.refresh();
      await waitFor(() => d.tokenRequests().length > count, 'a refresh', 10_000);
      const frame = await waitForFrame(d.app, (f) => rows(f).some((r) => r.selected), 5000);
      assert.equal(selectedSymbol(frame), symbol);
      moved = rows(frame).findIndex((r) => r.selected) !== before;
    }
    assert.ok(moved, 'the selected token changed position at least once');
    assert.equal(d.stores.tokens.getState().selected, mint);
  });

  it('Enter shows the token as a readable card: labelled sections, $ and %, big numbers abbreviated, no raw field paths; Esc closes it', async () => {
    const d = await dashboard({ columns: 160, rows: 400 });
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    await typeKeys(d.app, 'j', 'enter');
    const frame = await waitForFrame(d.app, (f) => f.includes('Market') && f.includes('Safety'), 5000);
    const token = currentTokens(d).find((t) => t.id === d.stores.tokens.getState().selected)!;
    const lines = frame.split('\n').map((l) => l.trimEnd());
    const has = (key: string, value: string) =>
      assert.ok(
        lines.some((l) => l.startsWith(key + ' ') && l.includes(value)),
        `${key} ${value}`,
      );
    for (const title of ['Market', 'Price change by window (the list shows 1h)', 'Safety', 'Origin and links'])
      assert.ok(lines.includes(title), title);
    has('mint', token.id);
    if (typeof token.usdPrice === 'number') has('price', formatPrice(token.usdPrice, { symbol: true }));
    if (typeof token.mcap === 'number' && token.mcap >= 1000) has('market cap', `$${formatCompact(token.mcap)}`);
    if (typeof token.holderCount === 'number') has('holders', formatCount(token.holderCount));
    for (const w of ['5m', '1h', '6h', '24h'] as const) {
      const change = token[`stats${w}`]?.priceChange;
      if (typeof change === 'number') has(w === '1h' ? '1h (list)' : w, formatPct(change));
    }
    if (typeof token.audit?.topHoldersPercentage === 'number')
      has('top holders hold', formatPercent(token.audit.topHoldersPercentage));
    if (token.tags?.length) has('tags', token.tags.join(', '));
    if (token.audit?.mintAuthorityDisabled !== undefined && token.audit.mintAuthorityDisabled !== null)
      has('mint authority', token.audit.mintAuthorityDisabled ? 'disabled' : 'ENABLED');
    assert.ok(
      !lines.some((l) => /\[\d+\]|stats\d|\.priceChange|usdPrice|\s(null|undefined)$/.test(l)),
      'no raw field paths or nulls',
    );
    // the chart's change is labelled with its window, as the list's column is
    assert.match(frame, /24h ago \$[\d.,₀-₉]+ (┄┄|---) \(24h change [▲▼]/);
    await typeKeys(d.app, 'escape');
    await waitForFrame(d.app, (f) => rows(f).length >= 20 && !f.includes('Safety'), 5000);
  });

  it('keys at a token detail never act on the list behind it: s, S, /, c, i and W say why and change nothing; the footer offers only the detail keys', async () => {
    const d = await dashboard();
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    const listFooter = (f: string) => f.split('\n').at(-1) ?? '';
    assert.match(listFooter(d.app.lastFrame() ?? ''), /\/ filter +o sort +Enter detail +c category +i window/);
    await typeKeys(d.app, 'j', 'enter');
    const detail = await waitForFrame(d.app, (f) => f.includes('prices seen'), 5000);
    // the footer offers what works here: no list keys, no category or window
    assert.match(listFooter(detail), /w star +a alert +s swap/);
    assert.doesNotMatch(listFooter(detail), /filter|sort|Enter detail|category|window/);
    const before = { ...d.stores.tokens.getState() };
    const requests = d.tokenRequests().length;
    for (const key of ['o', 'O', '/', 'c', 'i', 'W']) {
      await typeKeys(d.app, key);
      await waitForFrame(d.app, (f) => f.includes('the list is behind the detail'), 3000);
    }
    const after = d.stores.tokens.getState();
    assert.deepEqual(
      [after.sortColumn, after.sortDir, after.filter, after.category, after.interval, after.starredOnly, after.detail],
      [before.sortColumn, before.sortDir, before.filter, before.category, before.interval, before.starredOnly, true],
    );
    assert.equal(d.tokenRequests().length, requests, 'no new list was asked for');
    // s in the detail does not re-sort the list behind it: it opens Swap to buy the detail's token
    const token = currentTokens(d).find((x) => x.id === d.stores.tokens.getState().selected)!;
    await typeKeys(d.app, 's');
    const swap = await waitForFrame(d.app, (f) => f.includes('From') && f.includes('e/Enter edit'), 5000);
    assert.ok(new RegExp(`To +${token.symbol}`).test(swap) || swap.includes(token.id.slice(0, 10)));
    const unsorted = d.stores.tokens.getState();
    assert.deepEqual([unsorted.sortColumn, unsorted.sortDir], [before.sortColumn, before.sortDir]);
    await typeKeys(d.app, '1');
    await waitForFrame(d.app, (f) => f.includes('prices seen'), 5000);
    await typeKeys(d.app, 'escape');
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 5000);
  });

  it('the last line says where the cursor is and what the list is sorted by, at any width', async () => {
    const d = await dashboard({ columns: 80, rows: 24 });
    await waitForFrame(d.app, (f) => rows(f).length >= 10 && /1\/50 · sorted by rank ▲/.test(f), 10_000);
    await typeKeys(d.app, 'j', 'j');
    await waitForFrame(d.app, (f) => f.includes('3/50 · sorted by rank ▲'), 3000);
    // Liquidity is not a column at 80: the line still says it is the sort.
    while (d.stores.tokens.getState().sortColumn !== 'liquidity') await typeKeys(d.app, 'o');
    const frame = await waitForFrame(d.app, (f) => / · sorted by Liq ▼/.test(f), 3000);
    assert.ok(!/\bLiq\b/.test(nth(frame.split('\n'), 2)), 'Liq is not a column at 80 columns');
    assert.ok(frame.split('\n').every((l) => l.length <= 80));
  });

  it('s opens Swap to buy the selected token with SOL, S to sell it for USDC; nothing is edited on arrival', async () => {
    const d = await dashboard();
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    await typeKeys(d.app, 'j', 'j');
    const token = currentTokens(d).find((x) => x.id === d.stores.tokens.getState().selected)!;
    await typeKeys(d.app, 's');
    let frame = await waitForFrame(d.app, (f) => f.includes('From') && f.includes('e/Enter edit'), 5000);
    assert.equal(d.stores.session.getState().screen, 'swap');
    assert.match(frame, /From +SOL/);
    assert.ok(new RegExp(`To +${token.symbol}`).test(frame) || frame.includes(token.id.slice(0, 10)));
    assert.match(frame, /› Amount/);
    await typeKeys(d.app, '1');
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 5000);
    await typeKeys(d.app, 'S');
    frame = await waitForFrame(d.app, (f) => /To +USDC/.test(f), 5000);
    assert.ok(new RegExp(`From +${token.symbol}`).test(frame) || frame.includes(token.id.slice(0, 10)));
  });

  it('category, window, row count and sort are remembered across restarts in the state dir', async () => {
    const d = await dashboard();
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    await typeKeys(d.app, 'c', 'i', 'o', 'O', ':', ...'rows 7'.split(''), 'enter');
    const want = (() => {
      const s = d.stores.tokens.getState();
      return {
        category: s.category,
        interval: s.interval,
        limit: s.limit,
        sortColumn: s.sortColumn,
        sortDir: s.sortDir,
      };
    })();
    assert.equal(want.limit, 7);
    await waitFor(
      () => {
        try {
          return (
            JSON.stringify(JSON.parse(readFileSync(`${d.stateDir}/tokens-view.json`, 'utf8'))) === JSON.stringify(want)
          );
        } catch {
          return false;
        }
      },
      'tokens-view.json written',
      5000,
    );
    const again = await dashboard({ stateDir: d.stateDir });
    const s = again.stores.tokens.getState();
    assert.deepEqual(
      { category: s.category, interval: s.interval, limit: s.limit, sortColumn: s.sortColumn, sortDir: s.sortDir },
      want,
    );
    await waitForFrame(again.app, (f) => rows(f).length === 7, 10_000);
  });

  it('w stars the selected token into watchlist.json; W shows only starred ones, also after they drop out of the list', async () => {
    const d = await dashboard();
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    const tokens = currentTokens(d);
    await typeKeys(d.app, 'j', 'j', 'w');
    await waitForFrame(d.app, (f) => f.includes(`★${nth(tokens, 2).symbol}`), 5000);
    await waitFor(
      () => {
        try {
          return readFileSync(`${d.stateDir}/watchlist.json`, 'utf8').includes(nth(tokens, 2).id);
        } catch {
          return false;
        }
      },
      'watchlist.json written',
      5000,
    );
    const saved = await loadWatchlist(d.stateDir);
    assert.deepEqual(
      saved.map((e) => e.mint),
      [nth(tokens, 2).id],
    );
    assert.equal(nth(saved, 0).symbol, nth(tokens, 2).symbol);

    await typeKeys(d.app, 'W');
    let frame = await waitForFrame(d.app, (f) => rows(f).length === 1, 5000);
    assert.equal(nth(rows(frame), 0).symbol, nth(tokens, 2).symbol);

    // :rows 1 leaves only the first token in the list: the starred one stays, marked, with its last data
    await typeKeys(d.app, ':', ...'rows 1'.split(''), 'enter');
    await waitFor(() => d.tokenRequests().some((r) => r.query.limit === '1'), 'limit=1 request', 10_000);
    frame = await waitForFrame(d.app, (f) => rows(f)[0]?.rank === '×', 10_000);
    assert.match(frame, /\(n…|\(not in list\)/);
    assert.equal(nth(rows(frame), 0).symbol, nth(tokens, 2).symbol);

    // a second dashboard on the same state directory starts with the star
    const again = await dashboard({ stateDir: d.stateDir });
    assert.deepEqual(
      again.stores.tokens.getState().starred.map((e) => e.mint),
      [nth(tokens, 2).id],
    );
    await typeKeys(d.app, 'W');
    await waitForFrame(d.app, (f) => rows(f).length === 1 && nth(rows(f), 0).rank === '1', 10_000);
  });

  it(':star stars by symbol, Tab completes it, and bad input is named', async () => {
    const d = await dashboard();
    await waitForFrame(d.app, (f) => rows(f).length >= 20, 10_000);
    const target = nth(currentTokens(d), 5);
    await typeKeys(d.app, ':', 's', 't', 'a', 'tab');
    await waitForFrame(d.app, (f) => f.includes(':star '), 5000);
    await typeKeys(d.app, ...target.symbol.slice(0, -1).split(''), 'tab', 'enter');
    await waitForFrame(d.app, (f) => f.includes(`starred ${target.symbol}`), 5000);
    assert.ok(d.stores.tokens.getState().starred.some((e) => e.mint === target.id));
    await typeKeys(d.app, ':', ...'star NOPE'.split(''), 'enter');
    await waitForFrame(d.app, (f) => f.includes('NOPE": no token with that symbol, name or mint'), 5000);
    await typeKeys(d.app, ':', ...'frobnicate'.split(''), 'enter');
    await waitForFrame(d.app, (f) => f.includes('unknown command :frobnicate'), 5000);
    await typeKeys(d.app, ':', ...'interval 0'.split(''), 'enter');
    await waitForFrame(d.app, (f) => f.includes('seconds must be 2 to 600'), 5000);
    await typeKeys(d.app, ':', 'up', 'up');
    await waitForFrame(d.app, (f) => f.includes(':frobnicate'), 5000);
  });
});
