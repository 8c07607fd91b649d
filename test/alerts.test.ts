// Price alerts without the UI: what `:alert` reads, when an alert fires (once), the change
// windows (the service's stats, else the prices seen), the alerts file (0600, read defensively),
// which lists the background poll needs, and the limit order an alert suggests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Token } from '../src/api/types.js';
import { readAlertLine } from '../src/alerts/command.js';
import { categoryNeeded, categoryOf, outsideLists } from '../src/alerts/coverage.js';
import { alertOf, ALERTS_FILE, loadAlerts } from '../src/alerts/file.js';
import {
  AlertInputError,
  changeOver,
  conditionInput,
  conditionText,
  evaluate,
  firedText,
  limitDraft,
  parseCondition,
  plainDecimal,
  splitAlertLine,
  type Alert,
} from '../src/alerts/model.js';
import { createAlertsStore } from '../src/alerts/store.js';
import { createTokensStore } from '../src/store/tokens.js';
import { tokenRead } from './support/apiFixtures.js';
import { nth } from './support/narrow.js';
import { NATIVE_MINT as SOL } from '../src/chain/mints.js';
import { waitFor } from './support/wait.js';
import { removeTree } from './support/home.js';

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const token = (id: string, symbol: string, usdPrice: number, extra: Partial<Token> = {}): Token =>
  tokenRead({ id, symbol, name: symbol, decimals: 6, usdPrice, ...extra });

test('conditions: above / below a price, a signed or either-way change over a window', () => {
  assert.deepEqual(parseCondition('> 250'), { kind: 'above', level: 250 });
  assert.deepEqual(parseCondition('>=250'), { kind: 'above', level: 250 });
  assert.deepEqual(parseCondition('above $1,250.5'), { kind: 'above', level: 1250.5 });
  assert.deepEqual(parseCondition('< 100'), { kind: 'below', level: 100 });
  assert.deepEqual(parseCondition('below 0.0000215'), { kind: 'below', level: 0.0000215 });
  assert.deepEqual(parseCondition('-5%/1h'), { kind: 'change', pct: -5, windowMs: 3_600_000, either: false });
  assert.deepEqual(parseCondition('+10% 30m'), { kind: 'change', pct: 10, windowMs: 1_800_000, either: false });
  assert.deepEqual(parseCondition('5% in 24h'), { kind: 'change', pct: 5, windowMs: 86_400_000, either: true });
  assert.deepEqual(splitAlertLine('SOL>250'), { token: 'SOL', condition: '>250' });
  assert.deepEqual(splitAlertLine(':alert BONK -5%/1h'), { token: 'BONK', condition: '-5%/1h' });
  const bad: Array<[string, RegExp]> = [
    ['> abc', /price: "abc" is not a decimal number \(e\.g\. 250 or 0\.00002\)/],
    // the one amount grammar: a decimal comma is refused, never read as 15
    ['> 1,5', /^price "1,5": a comma only groups thousands \(1,500\); for a decimal write 1\.5/],
    ['< 1.000,5', /^price "1\.000,5": "\." is the decimal point/],
    ['> 0', /price: must be greater than zero/],
    ['> -3', /price: must not be negative \(got "-3"\)/],
    ['-5%/2y', /window: "2y" is not a duration/],
    ['-5%/30s', /window: must be 1m to 24h/],
    ['-5%/2d', /window: must be 1m to 24h/],
    ['0%/1h', /change: must be more than 0%/],
    ['-5%', /change: give a percentage and a window/],
    ['sideways', /condition: "sideways" is not one of/],
    ['', /condition: missing/],
  ];
  for (const [text, message] of bad)
    assert.throws(
      () => parseCondition(text),
      (e: unknown) => e instanceof AlertInputError && message.test(e.message),
      text,
    );
  assert.throws(() => splitAlertLine('SOL'), /condition: missing after SOL/);
  for (const text of ['> 250', '< 0.0000215', '-5%/1h', '+2.5%/90m', '5%/6h'])
    assert.deepEqual(parseCondition(conditionInput(parseCondition(text))), parseCondition(text), text);
  assert.equal(conditionText(parseCondition('5%/6h')), '±5% in 6h');
  assert.equal(plainDecimal(2.15e-7), '0.000000215');
  assert.equal(plainDecimal(250), '250');
});

test('the token resolves through the catalog; a mint always works; an unknown symbol is named', () => {
  const latest = { [SOL]: token(SOL, 'SOL', 150), [BONK]: token(BONK, 'Bonk', 0.00002) };
  assert.deepEqual(readAlertLine('sol > 250', latest), {
    mint: SOL,
    symbol: 'SOL',
    condition: { kind: 'above', level: 250 },
  });
  assert.equal(readAlertLine('BONK -5%/1h', latest).mint, BONK);
  assert.equal(readAlertLine('JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN < 1', latest).symbol, '');
  assert.throws(() => readAlertLine('NOPE > 1', latest), /token: .*NOPE/);
});

test('evaluate: levels on the latest price; change windows from the service stats, else from the prices seen', () => {
  const a = (condition: Alert['condition']): Alert => ({
    id: 'a1',
    mint: SOL,
    symbol: 'SOL',
    condition,
    createdAt: 0,
    state: 'armed',
  });
  assert.equal(evaluate(a({ kind: 'above', level: 250 }), token(SOL, 'SOL', 249.99), [], 0).fires, false);
  assert.equal(evaluate(a({ kind: 'above', level: 250 }), token(SOL, 'SOL', 250), [], 0).fires, true);
  assert.equal(evaluate(a({ kind: 'below', level: 100 }), token(SOL, 'SOL', 99), [], 0).fires, true);
  assert.equal(evaluate(a({ kind: 'below', level: 100 }), undefined, [], 0).fires, false, 'no record: nothing fires');
  const drop = a({ kind: 'change', pct: -5, windowMs: 3_600_000, either: false });
  assert.equal(evaluate(drop, token(SOL, 'SOL', 140, { stats1h: { priceChange: -6 } }), [], 0).fires, true);
  assert.equal(
    evaluate(drop, token(SOL, 'SOL', 140, { stats1h: { priceChange: 6 } }), [], 0).fires,
    false,
    'a rise is not a fall',
  );
  const either = a({ kind: 'change', pct: 5, windowMs: 3_600_000, either: true });
  assert.equal(evaluate(either, token(SOL, 'SOL', 140, { stats1h: { priceChange: 6 } }), [], 0).fires, true);
  // 30 minutes is no service window: the prices seen inside it decide
  const seen = [
    { at: 0, price: 100 },
    { at: 600_000, price: 98 },
    { at: 1_200_000, price: 94 },
  ];
  const half = a({ kind: 'change', pct: -5, windowMs: 1_800_000, either: false });
  assert.deepEqual(changeOver(1_800_000, token(SOL, 'SOL', 94), seen, 1_200_000), { pct: -6, from: 'seen' });
  assert.equal(evaluate(half, token(SOL, 'SOL', 94), seen, 1_200_000).fires, true);
  assert.equal(
    evaluate(half, token(SOL, 'SOL', 94), seen, 3_500_000).fires,
    false,
    'older prices fall out of the window',
  );
  assert.equal(changeOver(1_800_000, undefined, seen.slice(0, 1), 0), undefined, 'one price is no change');
  // without stats for the window, the seen prices are used for a service window too
  assert.equal(evaluate(drop, token(SOL, 'SOL', 94), seen, 1_200_000).fires, true);
  assert.equal(
    firedText({ ...drop, state: 'fired' }, 'SOL', { fires: true, price: 94, change: -6 }),
    'SOL moved -6.00% in 1h (alert -5% in 1h): now $94.00',
  );
});

test('the store fires an armed alert once on a catalog refresh, through notify, and saves it fired (0600); re-arm and edit arm it again', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'td-alerts-'));
  t.after(() => removeTree(dir));
  const catalog = createTokensStore();
  const told: string[] = [];
  let clock = 1_000;
  const store = createAlertsStore({
    stateDir: dir,
    catalog,
    notify: (source, text) => void told.push(`${source}: ${text}`),
    now: () => clock,
    onError: (m) => assert.fail(m),
  });
  await waitFor(() => store.getState().loaded, 'the alerts store to load', 2000);
  const a = store.getState().add(SOL, 'SOL', { kind: 'above', level: 200 });
  catalog.getState().applyList('toptraded/24h/100', [token(SOL, 'SOL', 150)], clock);
  assert.equal(told.length, 0);
  clock += 10_000;
  catalog.getState().applyList('toptraded/24h/100', [token(SOL, 'SOL', 201.5)], clock);
  assert.deepEqual(told, ['Alerts: SOL rose above $200.00: now $201.50']);
  clock += 10_000;
  catalog.getState().applyList('toptraded/24h/100', [token(SOL, 'SOL', 205)], clock);
  assert.equal(told.length, 1, 'fires once');
  const fired = nth(store.getState().alerts, 0);
  assert.equal(fired.state, 'fired');
  assert.equal(fired.firedPrice, 201.5);
  assert.equal(fired.firedAt, 11_000);
  await waitFor(async () => (await loadAlerts(dir))[0]?.state === 'fired', 'the alert stored as fired', 2000);
  assert.equal((await stat(join(dir, ALERTS_FILE))).mode & 0o777, 0o600);
  assert.deepEqual(
    store
      .getState()
      .samples(SOL)
      .map((s) => s.price),
    [150, 201.5, 205],
  );

  store.getState().rearm(a.id);
  assert.equal(nth(store.getState().alerts, 0).state, 'armed');
  assert.equal(nth(store.getState().alerts, 0).firedAt, undefined);
  catalog.getState().applyList('toptraded/24h/100', [token(SOL, 'SOL', 206)], clock + 1);
  assert.equal(told.length, 2, 're-armed, it fires again when it holds');
  store.getState().edit(a.id, { kind: 'below', level: 100 });
  assert.deepEqual(nth(store.getState().alerts, 0).condition, { kind: 'below', level: 100 });
  assert.equal(nth(store.getState().alerts, 0).state, 'armed');
  store.getState().remove(a.id);
  await waitFor(async () => (await loadAlerts(dir)).length === 0, 'the file to hold no alert', 2000);
  // every save written before the directory goes
  await store.getState().saved();
});

test('alerts set before the file is read are kept with the saved ones; a file that is not alerts is never overwritten', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'td-alerts-'));
  t.after(() => removeTree(dir));
  await writeFile(
    join(dir, ALERTS_FILE),
    JSON.stringify({
      version: 1,
      alerts: [
        {
          id: 'old1',
          mint: BONK,
          symbol: 'Bonk',
          condition: { kind: 'below', level: 0.00001 },
          createdAt: 5,
          state: 'armed',
        },
        { id: 'bad', mint: 'x', condition: {} },
        'junk',
      ],
    }),
  );
  const deps = { stateDir: dir, catalog: createTokensStore(), notify: () => {}, now: () => 9, onError: () => {} };
  const store = createAlertsStore(deps);
  store.getState().add(SOL, 'SOL', { kind: 'above', level: 300 });
  await waitFor(() => store.getState().loaded, 'the alerts store to load', 2000);
  assert.deepEqual(
    store.getState().alerts.map((a) => a.mint),
    [BONK, SOL],
  );
  await waitFor(async () => (await loadAlerts(dir)).length === 2, 'two alerts in the file', 2000);

  const broken = join(dir, 'broken');
  await mkdir(broken);
  await writeFile(join(broken, ALERTS_FILE), '{not json');
  const errors: string[] = [];
  const other = createAlertsStore({ ...deps, stateDir: broken, onError: (m) => void errors.push(m) });
  await waitFor(() => other.getState().loaded, 'the other alerts store to load', 2000);
  other.getState().add(SOL, 'SOL', { kind: 'above', level: 300 });
  // every save the add could have asked for has ended: the file is as it was
  await other.getState().saved();
  await store.getState().saved();
  assert.equal(await readFile(join(broken, ALERTS_FILE), 'utf8'), '{not json');
  assert.match(nth(errors, 0), /alerts\.json: not valid JSON \(.*\); alerts will not be saved this session/);
  assert.equal(
    alertOf({ id: 'x1', mint: SOL, condition: { kind: 'change', pct: -5, windowMs: 10 }, state: 'armed' }),
    undefined,
    'a window out of range is left out',
  );
  assert.equal(
    alertOf({
      id: 'x1',
      mint: SOL,
      symbol: 'S\x1b]0;x',
      condition: { kind: 'above', level: 1 },
      state: 'fired',
      firedAt: 'soon',
    })?.firedAt,
    undefined,
  );
});

test('coverage: the first category whose list holds the mint; all three while no list has shown it; outside every top-100 list', () => {
  const armed = (mint: string): Alert => ({
    id: 'a',
    mint,
    symbol: '',
    condition: { kind: 'above', level: 1 },
    createdAt: 0,
    state: 'armed',
  });
  const lists = {
    'toptraded/1h/50': { tokens: [token(SOL, 'SOL', 1)], at: 0 },
    'toptrending/24h/100': { tokens: [token(SOL, 'SOL', 1), token(BONK, 'Bonk', 1)], at: 0 },
  };
  assert.equal(categoryOf(SOL, lists), 'toptraded');
  assert.equal(categoryOf(BONK, lists), 'toptrending');
  assert.equal(categoryNeeded('toptraded', [armed(SOL)], lists), true);
  assert.equal(categoryNeeded('toptrending', [armed(SOL)], lists), false, 'one list per mint');
  assert.equal(categoryNeeded('toporganicscore', [armed(SOL)], lists), false);
  const unseen = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
  assert.equal(categoryNeeded('toporganicscore', [armed(unseen)], lists), true, 'looked for everywhere');
  assert.equal(
    categoryNeeded('toptraded', [{ ...armed(SOL), state: 'fired' }], lists),
    false,
    'fired alerts poll nothing',
  );
  assert.equal(outsideLists(unseen, lists), false, 'not every category looked at yet');
  const all = {
    ...lists,
    'toporganicscore/24h/100': { tokens: [], at: 0 },
    'toptraded/24h/100': { tokens: [], at: 0 },
  };
  assert.equal(outsideLists(unseen, all), true);
});

test('the limit order an alert suggests: sell at the level above, buy below, at the fired price once fired', () => {
  const base = { id: 'a', mint: SOL, symbol: 'SOL', createdAt: 0 } as const;
  assert.equal(
    limitDraft({ ...base, condition: { kind: 'above', level: 250 }, state: 'armed' }, 'SOL', 150),
    'limit 1 SOL @250 USDC',
  );
  assert.equal(
    limitDraft({ ...base, condition: { kind: 'above', level: 250 }, state: 'fired', firedPrice: 251.25 }, 'SOL', 150),
    'limit 1 SOL @251.25 USDC',
  );
  assert.equal(
    limitDraft({ ...base, condition: { kind: 'below', level: 100 }, state: 'armed' }, 'SOL', 150),
    'limit 100 USDC @100 SOL',
  );
  assert.equal(
    limitDraft(
      { ...base, condition: { kind: 'change', pct: -5, windowMs: 3_600_000, either: false }, state: 'armed' },
      'Bonk',
      0.00002,
    ),
    'limit 100 USDC @0.00002 Bonk',
  );
  assert.equal(
    limitDraft(
      {
        ...base,
        condition: { kind: 'change', pct: 5, windowMs: 3_600_000, either: true },
        state: 'fired',
        firedPrice: 2,
        firedChange: 7,
      },
      'JUP',
      2,
    ),
    'limit 1 JUP @2 USDC',
  );
  assert.equal(
    limitDraft(
      { ...base, condition: { kind: 'change', pct: -5, windowMs: 3_600_000, either: false }, state: 'armed' },
      'SOL',
      undefined,
    ),
    undefined,
  );
});
