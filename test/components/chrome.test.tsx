import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { cleanup } from 'ink-testing-library';
import { Footer, fitFooter } from '../../components/chrome/Footer.js';
import { Header } from '../../components/chrome/Header.js';
import { HelpOverlay, helpColumns, type HelpColumnGroup } from '../../components/chrome/HelpOverlay.js';
import { createKeymap, KeyRouterProvider, type Binding } from '../../components/keys/index.js';
import { Tabs, tabLabels } from '../../components/chrome/Tabs.js';
import { Toasts, useToasts, type ToastApi } from '../../components/chrome/Toasts.js';
import { textWidth } from '../../components/base/text.js';
import {
  applyColorEnvironment,
  colorDisabled,
  plainTheme,
  colorTheme,
  themeFromEnv,
  ThemeContext,
} from '../../components/base/theme.js';
import { lines, mount, typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { nth } from '../support/narrow.js';

afterEach(() => cleanup());

const bindings: Binding[] = [
  { keys: ['q'], command: 'quit', scope: 'global', description: 'Quit', hint: 'quit' },
  { keys: ['?'], command: 'help', scope: 'global', description: 'Show every key', hint: 'help' },
  { keys: ['r'], command: 'refresh', scope: 'global', description: 'Refresh now', hint: 'refresh' },
  { keys: ['p'], command: 'pause', scope: 'global', description: 'Pause polling', hint: 'pause' },
  ...['1', '2', '3', '4', '5', '6'].map((k) => ({
    keys: [k],
    command: `screen${k}`,
    scope: 'global',
    description: `Go to screen ${k}`,
  })),
  { keys: ['/'], command: 'filter', scope: 'tokens', description: 'Filter tokens', hint: 'filter' },
  { keys: ['s'], command: 'sort', scope: 'tokens', description: 'Cycle sort column', hint: 'sort' },
  { keys: ['S'], command: 'reverse', scope: 'tokens', description: 'Reverse sort', hint: 'reverse' },
  { keys: ['enter'], command: 'open', scope: 'tokens', description: 'Open token detail', hint: 'detail' },
  { keys: ['w'], command: 'watch', scope: 'tokens', description: 'Watch token', hint: 'watch' },
];
const km = createKeymap(bindings);

describe('<Footer>', () => {
  it('always keeps "? help" and drops other hints from the end first', () => {
    for (const width of [200, 80, 40, 20, 12]) {
      const fit = fitFooter(km.hintsFor('tokens'), width, 'tokens 3s ago');
      assert.equal(nth(fit.hints, fit.hints.length - 1).keys, '?', `help kept at ${width}`);
      const used = fit.hints.reduce((s, h, i) => s + (i ? 2 : 0) + textWidth(h.keys) + 1 + textWidth(h.label), 0);
      assert.ok(used + (fit.right ? textWidth(fit.right) + 1 : 0) <= Math.max(width, 6), `fits ${width}`);
    }
    const narrow = fitFooter(km.hintsFor('tokens'), 40, 'tokens 3s ago').hints.map((h) => h.label);
    assert.deepEqual(narrow, ['filter', 'sort', 'help']);
    assert.deepEqual(
      fitFooter([{ keys: 'x', label: 'cancel' }], 80).hints.map((h) => h.keys),
      ['x', '?'],
      'help added when absent',
    );
  });

  it('renders the hints with the data age at the right edge', async () => {
    const app = await mount(<Footer hints={km.hintsFor('tokens')} width={80} right="tokens 3s ago" />);
    const frame = app.lastFrame() ?? '';
    assert.match(frame, /^\/ filter {2}s sort .*\? help +tokens 3s ago$/);
    assert.equal(textWidth(frame), 80);
  });
});

const groupsOf = (scope: string): HelpColumnGroup[] =>
  km.helpFor(scope).map((g) => ({ title: g.title, entries: g.entries }));

describe('<HelpOverlay>', () => {
  it('lists every binding of the scope and the globals, the same the keymap matches; other scopes are left out', () => {
    const ls = helpColumns(groupsOf('tokens'), 50, 100)
      .columns.flat()
      .map((l) => l.text.trim());
    for (const b of bindings)
      assert.ok(
        ls.some((l) => l.endsWith(b.description)),
        `help lists ${b.command}`,
      );
    assert.ok(ls.indexOf('tokens') < ls.indexOf('global'));
    assert.ok(
      !helpColumns(groupsOf('swap'), 50, 100)
        .columns.flat()
        .some((l) => l.text.includes('Filter tokens')),
      'other screens are not listed',
    );
  });

  it('lays out in as many columns as the height needs, each fitting the width; a heading never ends a column', () => {
    const one = helpColumns(groupsOf('tokens'), 76, 40);
    assert.equal(one.columns.length, 1);
    const two = helpColumns(groupsOf('tokens'), 76, 10);
    assert.equal(two.columns.length, 2);
    assert.ok(two.columns.every((c) => c.length <= 10 && !nth(c, c.length - 1).heading));
    assert.ok(two.columns.flat().every((l) => textWidth(l.text) === two.columnWidth));
    const entries = (cols: typeof one.columns) =>
      cols
        .flat()
        .filter((l) => !l.heading)
        .map((l) => l.text.trim());
    assert.deepEqual(entries(two.columns), entries(one.columns), 'nothing dropped');
  });

  it('every column starts with a heading: a group carried over says "(continued)"; an entry\'s wrapped lines stay together', () => {
    const two = helpColumns(groupsOf('tokens'), 76, 10);
    assert.ok(
      two.columns.every((c) => nth(c, 0).heading),
      "no key sits beside another group's heading",
    );
    assert.ok(two.columns.slice(1).some((c) => /\(continued\)/.test(nth(c, 0).text)));
    const long = [
      {
        title: 'Commands',
        entries: Array.from({ length: 6 }, (_, i) => ({
          keys: `:c${i}`,
          description: `command ${i} ${'word '.repeat(12)}end${i}`,
        })),
      },
    ];
    for (const rows of [5, 7, 9]) {
      const laid = helpColumns(long, 64, rows);
      for (const c of laid.columns)
        assert.doesNotMatch(c[1]?.text ?? ':c', /^ {3,}\S/, 'a column never begins with the tail of a description');
    }
  });

  it('too tall for every layout: one column at the full width, scrolled alone (:help)', () => {
    const long = [
      {
        title: 'Commands',
        entries: Array.from({ length: 30 }, (_, i) => ({ keys: `:c${i}`, description: `command ${i} does a thing` })),
      },
    ];
    const laid = helpColumns(long, 76, 10);
    assert.equal(laid.columns.length, 1);
    assert.equal(laid.columnWidth, 76);
    assert.equal(nth(laid.columns, 0).length, 31);
  });

  it('marks a disabled key (its reason is said when it is pressed)', () => {
    const off = helpColumns(
      [{ title: 'x', entries: [{ keys: 'n', description: 'new order', disabled: 'watch-only' }] }],
      60,
      10,
    );
    assert.match(nth(nth(off.columns, 0), 1).text, /n +× new order/);
    assert.equal(nth(nth(off.columns, 0), 1).disabled, true);
  });

  it('explains the × marker on its title line when a key is marked', async () => {
    const app = await mount(
      <KeyRouterProvider>
        <HelpOverlay
          title="Keys"
          groups={[{ title: 'x', entries: [{ keys: 'n', description: 'new order', disabled: 'watch-only' }] }]}
          width={80}
          height={10}
          onClose={() => {}}
        />
      </KeyRouterProvider>,
    );
    const frame = await waitForFrame(app, (f) => f.includes('new order'));
    assert.match(frame, /× = not available now \(pressed, it says why\)/);
    const plainApp = await mount(
      <KeyRouterProvider>
        <HelpOverlay
          title="Keys"
          groups={[{ title: 'x', entries: [{ keys: 'n', description: 'new order' }] }]}
          width={80}
          height={10}
          onClose={() => {}}
        />
      </KeyRouterProvider>,
    );
    assert.doesNotMatch(await waitForFrame(plainApp, (f) => f.includes('new order')), /×/);
  });

  it('scrolls when even the widest layout is too tall, and closes on Esc, consuming every key', async () => {
    let closed = 0;
    const app = await mount(
      <KeyRouterProvider>
        <HelpOverlay title="Commands" groups={groupsOf('tokens')} width={40} height={8} onClose={() => closed++} />
      </KeyRouterProvider>,
    );
    let frame = await waitForFrame(app, (f) => f.includes('Filter tokens'));
    assert.ok(lines(frame).length <= 8);
    // the title says what it lists and which of its lines are in view
    assert.match(frame, /Commands · lines 1-5 of \d+, j\/k/);
    assert.doesNotMatch(frame, /Go to screen 6/);
    await typeKeys(app, 'G');
    frame = await waitForFrame(app, (f) => f.includes('Go to screen 6'));
    assert.doesNotMatch(frame, /Filter tokens/);
    await typeKeys(app, 'g');
    await waitForFrame(app, (f) => f.includes('Filter tokens'));
    await typeKeys(app, 'escape');
    await waitFor(() => closed === 1, 'closed');
  });
});

describe('<Header> and <Tabs>', () => {
  it('shows mode, wallet, health and clock within the width', async () => {
    const app = await mount(
      <Header
        title="tradedeck"
        mode={{ label: 'LIVE api.example.com', tone: 'live' }}
        wallet="AbCd…WxYz"
        health={{ status: 'ok' }}
        clock="12:00:01"
        width={80}
      />,
    );
    const frame = app.lastFrame() ?? '';
    assert.match(frame, /^tradedeck {2}LIVE api\.example\.com {2}AbCd…WxYz api ok +12:00:01$/);
    assert.equal(textWidth(frame), 80);
  });

  it('shows the last error when the api is down, giving up the wallet on a narrow line', async () => {
    const app = await mount(
      <Header
        title="tradedeck"
        mode={{ label: 'SIMULATED', tone: 'sim' }}
        wallet="AbCd…WxYz 12.5 SOL"
        health={{ status: 'down', lastError: 'connect ECONNREFUSED 127.0.0.1:8080' }}
        clock="12:00:01"
        width={80}
      />,
    );
    const frame = app.lastFrame() ?? '';
    assert.match(frame, /api DOWN — connect ECONNREFUSED/);
    assert.match(frame, /12:00:01$/);
    assert.ok(textWidth(frame) <= 80);
  });

  it('tabs shorten to fit and mark the active one', async () => {
    const tabs = ['Tokens', 'Swap', 'Orders', 'Invites', 'Portfolio', 'Studio'].map((t) => ({
      id: t.toLowerCase(),
      title: t,
    }));
    assert.deepEqual(tabLabels(tabs, 80).slice(0, 2), ['1 Tokens', '2 Swap']);
    assert.deepEqual(tabLabels(tabs, 62).slice(0, 2), ['1 Tokens', '2 Swap']);
    // narrower, the words stay whole: closer together, then the active one's title alone
    assert.deepEqual(tabLabels(tabs, 61).slice(0, 3), ['1Tokens', '2Swap', '3Orders']);
    assert.deepEqual(tabLabels(tabs, 40, 'orders'), ['1', '2', '3 Orders', '4', '5', '6']);
    assert.deepEqual(tabLabels(tabs, 10), ['1', '2', '3', '4', '5', '6']);
    const seven = [...tabs, { id: 'alerts', title: 'Alerts' }];
    const at60 = await mount(
      <ThemeContext.Provider value={plainTheme}>
        <Tabs tabs={seven} activeId="orders" width={60} />
      </ThemeContext.Provider>,
    );
    const line = at60.lastFrame() ?? '';
    assert.match(line, /^1Tokens 2Swap \[3Orders\] 4Invites 5Portfolio 6Studio 7Alerts *$/);
    assert.ok(textWidth(line) <= 60, line);
    const app = await mount(<Tabs tabs={tabs} activeId="orders" width={80} />);
    assert.match(app.lastFrame() ?? '', / 1 Tokens {2}2 Swap {2}3 Orders /);
    const plain = await mount(
      <ThemeContext.Provider value={plainTheme}>
        <Tabs tabs={tabs} activeId="orders" width={80} />
      </ThemeContext.Provider>,
    );
    assert.match(
      plain.lastFrame() ?? '',
      / 2 Swap \[3 Orders\] 4 Invites/,
      'the active tab is bracketed without colour',
    );
  });
});

describe('<Toasts>', () => {
  it('shows messages and removes them when their time is up', async () => {
    let api: ToastApi | undefined;
    function Host() {
      const t = useToasts({ durationMs: 60_000 });
      api = t;
      return <Toasts toasts={t.toasts} width={60} maxLines={2} />;
    }
    const app = await mount(<Host />);
    api!.push('success', 'order placed');
    api!.push('error', 'swap failed: 429', 30);
    let frame = await waitForFrame(app, (f) => f.includes('✗ swap failed'));
    assert.doesNotMatch(frame, /order placed/, 'the newest message is shown');
    frame = await waitForFrame(app, (f) => !f.includes('swap failed'));
    assert.match(frame, /✓ order placed/, 'the longer message stays');
    api!.push('info', 'a');
    api!.push('info', 'b');
    frame = await waitForFrame(app, (f) => f.includes('i b'));
    assert.deepEqual(
      lines(frame).map((l) => l.trim()),
      ['i b'],
    );
    // A message longer than the width wraps onto the second line instead of being cut.
    api!.push(
      'error',
      ':limit: give the amount, the token you sell, the total and the token you buy (usage: :limit <amount> <sell> <total> <buy>)',
    );
    frame = await waitForFrame(app, (f) => f.includes(':limit: give'));
    assert.equal(lines(frame).length, 2);
    assert.ok(lines(frame).every((l) => textWidth(l) <= 60));
    assert.match(frame.replace(/\s+/g, ' '), /the token you sell, the total/);
    api!.clear();
    await waitForFrame(app, (f) => f.trim() === '');
  });
});

describe('theme', () => {
  it('NO_COLOR and TERM=dumb select the colourless theme and force chalk off', () => {
    assert.equal(colorDisabled({ NO_COLOR: '1' }), true);
    assert.equal(colorDisabled({ TERM: 'dumb' }), true);
    assert.equal(colorDisabled({ NO_COLOR: '', TERM: 'xterm-256color' }), false);
    assert.equal(themeFromEnv({ NO_COLOR: '1' }), plainTheme);
    assert.equal(themeFromEnv({}), colorTheme);
    const env: NodeJS.ProcessEnv = { NO_COLOR: 'yes' };
    assert.equal(applyColorEnvironment(env), true);
    assert.equal(env.FORCE_COLOR, '0');
    const env2: NodeJS.ProcessEnv = {};
    assert.equal(applyColorEnvironment(env2), false);
    assert.equal(env2.FORCE_COLOR, undefined);
  });
});
