// Sparklines and the detail chart on the Tokens screen, against the real simulator: block
// characters in colour, plain ASCII with NO_COLOR (the colourless theme) or --ascii
// (the theme's ascii, from the config); both fit 80x24 and 200x50; the trend is drawn from the first refresh (the
// interval stats lead it in) and the detail shows the session's range and the price 24h ago.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from 'ink-testing-library';
import { tmpdir } from 'node:os';
import { colorTheme, themeFromEnv, type Theme } from '../../components/base/theme.js';
import { loadConfig } from '../../src/config/config.js';
import { App } from '../../screens/shell/App.js';
import { typeKeys, waitForFrame } from '../support/ink.js';
import { testServices } from '../support/services.js';
import { trendValues } from '../../screens/Tokens/trend.js';
import { chartLines, trendLine } from '../../components/chart/Chart.js';
import { chartHeight } from '../../screens/Tokens/TokenDetail.js';
import { tokenRead } from '../support/apiFixtures.js';
import { nth } from '../support/narrow.js';

const BLOCKS = /[▁▂▃▄▅▆▇█]/;
const ASCII_TREND = /[_.\-~^]{10}/;

async function open(t: { after(fn: () => unknown): void }, theme: Theme, columns: number, rows: number) {
  const w = await testServices({ after: (fn) => void t.after(fn) }, { screen: 'tokens' });
  const app = render(<App services={w.services} theme={theme} size={{ columns, rows }} />);
  t.after(() => app.unmount());
  await waitForFrame(app, (f) => /^›\s+1\s/m.test(f), 10_000);
  return { app, services: w.services };
}

function fits(frame: string, columns: number, rows: number): void {
  const lines = frame.split('\n');
  assert.ok(lines.length <= rows, `${lines.length} lines for ${rows} rows`);
  for (const l of lines) assert.ok([...l].length <= columns, `line wider than ${columns}: ${l}`);
}

/** The trend cells of the selected row (the last column). */
const trendOf = (frame: string, width: number) =>
  (frame.split('\n').find((l) => l.startsWith('›')) ?? '').trimEnd().slice(-width);

for (const [columns, rows, spark] of [
  [80, 24, 10],
  [200, 50, 40],
] as const) {
  test(`${columns}x${rows}: the trend in blocks from the first refresh, the detail chart with the 24h range; all within the terminal`, async (t) => {
    const { app, services } = await open(t, colorTheme, columns, rows);
    let frame = await waitForFrame(app, (f) => BLOCKS.test(trendOf(f, spark)), 5000);
    fits(frame, columns, rows);
    assert.match(frame, /Trend/);
    await typeKeys(app, 'enter');
    frame = await waitForFrame(app, (f) => /session \d+ prices? \$[\d.,₀-₉]+–\$/.test(f), 3000);
    if (process.env.SHOW) console.log(frame);
    fits(frame, columns, rows);
    assert.match(frame, /24h ago \$[\d.,₀-₉]+ ┄┄ \(24h change [▲▼]? ?[+-]?[\d.]+%\)/);
    const chart = frame.split('\n').filter((l) => l.includes('│'));
    assert.equal(chart.length, chartHeight(rows - 4), 'a third of the screen, 3 to 12 rows');
    // the axis says its unit, as every price on screen does
    assert.match(nth(chart, 0), /^\s*\$[\d.,₀-₉]+│/);
    assert.match(chart.at(-1)!, /^\s*\$[\d.,₀-₉]+│/);
    assert.ok(chart.length >= 3 && chart.length <= 12);
    assert.ok(
      chart.some((l) => BLOCKS.test(l)),
      'blocks in the chart',
    );
    await typeKeys(app, 'escape');
    await waitForFrame(app, (f) => /^›/m.test(f) && !f.includes('session '), 3000);
    assert.ok(services.catalog.getState().detail === false);
  });
}

test('--ascii (the theme it makes) and NO_COLOR draw the trend and the chart in ASCII only', async (t) => {
  assert.equal(
    themeFromEnv({}, { ascii: loadConfig({ flags: { ascii: true }, env: {}, home: tmpdir() }).ascii }).ascii,
    true,
  );
  assert.equal(themeFromEnv({ NO_COLOR: '1' }).color, false);
  assert.equal(
    themeFromEnv({}, { ascii: loadConfig({ flags: {}, env: { TRADEDECK_ASCII: '1' }, home: tmpdir() }).ascii }).ascii,
    true,
  );
  for (const theme of [themeFromEnv({}, { ascii: true }), themeFromEnv({ NO_COLOR: '1' })]) {
    {
      const { app } = await open(t, theme, 80, 24);
      let frame = await waitForFrame(app, (f) => ASCII_TREND.test(trendOf(f, 10)), 5000);
      assert.doesNotMatch(frame, BLOCKS);
      await typeKeys(app, 'enter');
      frame = await waitForFrame(app, (f) => /session \d+ prices?/.test(f), 3000);
      assert.doesNotMatch(frame, BLOCKS);
      assert.doesNotMatch(frame, /[│┄]/);
      assert.match(frame, /24h ago \S+ --- \(/);
      assert.ok(
        frame
          .split('\n')
          .filter((l) => /^\s*[\d.,$₀-₉]*\|/.test(l))
          .some((l) => /[#:.]/.test(l.split('|')[1] ?? '')),
        'an ASCII chart',
      );
      fits(frame, 80, 24);
      app.unmount();
    }
  }
});

test('the trend: the stats lead in while few prices are seen, then only the prices seen; the chart fills its width', () => {
  const token = tokenRead({
    id: 'm',
    symbol: 'M',
    name: 'M',
    decimals: 6,
    usdPrice: 110,
    stats24h: { priceChange: 10 },
    stats1h: { priceChange: -1 },
  });

  const v = trendValues([110], token, 10);
  assert.equal(v.length, 10);
  assert.ok(Math.abs(nth(v, 0) - 100) < 1e-9, 'starts at the price 24h ago');
  assert.equal(v[v.length - 1], 110);
  assert.deepEqual(trendValues([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], token, 10), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  assert.deepEqual(
    trendValues([5, 6], { ...token, stats24h: undefined, stats1h: undefined }, 10),
    [5, 6],
    'no stats: what was seen',
  );
  assert.equal(trendLine([1, 2, 3, 4, 5], 5), '▁▃▅▆█');
  assert.equal(trendLine([1, 2, 3, 4, 5], 5, true), '_.-~^');
  assert.equal(trendLine([2, 2], 5, true), '--');
  const lines = chartLines([1, 2, 3, 4], { width: 30, height: 4, ascii: false, reference: 3.5 });
  assert.equal(lines.length, 4);
  for (const l of lines) assert.equal([...l].length, 30);
  assert.match(
    nth(lines, 0),
    /^ *4│┄+█+$/,
    'the high on the axis; the reference level across the cells the series leaves empty',
  );
  assert.doesNotMatch(lines.slice(1).join(''), /┄/);
  assert.match(nth(lines, 3), /^ *1│▁+█+$/, 'the low on the axis');
  assert.match(chartLines([], { width: 30, height: 3, ascii: true }).join('\n'), /no prices seen yet/);
});
