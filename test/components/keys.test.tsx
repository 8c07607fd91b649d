import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import React, { useState } from 'react';
import {
  createKeymap,
  KeyRouterProvider,
  normalizeKey,
  useCommands,
  useKeyLayer,
  type Binding,
  type KeyLayer,
} from '../../components/keys/index.js';
import { LineInput } from '../support/LineInput.js';
import { mount, settle, typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import type { Key } from 'ink';
import { nth } from '../support/narrow.js';

afterEach(() => cleanup());

const noKey: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** Records every key a layer sees; consumes the keys listed in `consume` ('*' = all). */
function Layer({
  name,
  layer,
  log,
  consume,
  active = true,
}: {
  name: string;
  layer: KeyLayer;
  log: string[];
  consume: string;
  active?: boolean;
}) {
  useKeyLayer(
    layer,
    (input, key) => {
      const k = normalizeKey(input, key);
      log.push(`${name}:${k}`);
      return consume === '*' || consume.split(',').includes(k);
    },
    active,
  );
  return <Text>{name}</Text>;
}

describe('normalizeKey', () => {
  it('names keys the way bindings spell them', () => {
    const cases: Array<[string, Partial<Key>, string]> = [
      ['j', {}, 'j'],
      ['S', { shift: true }, 'S'],
      ['', { downArrow: true }, 'down'],
      ['', { pageUp: true }, 'pageup'],
      ['', { return: true }, 'enter'],
      ['', { escape: true, meta: true }, 'escape'],
      ['', { tab: true }, 'tab'],
      ['', { tab: true, shift: true }, 'shift+tab'],
      ['c', { ctrl: true }, 'ctrl+c'],
      [' ', {}, 'space'],
      ['', { delete: true }, 'backspace'],
      ['?', {}, '?'],
    ];
    for (const [input, key, want] of cases) assert.equal(normalizeKey(input, { ...noKey, ...key }), want);
  });
});

describe('key router', () => {
  it('a focused text input swallows q; the global layer never sees it', async () => {
    const log: string[] = [];
    let quits = 0;
    function App() {
      const [text, setText] = useState('');
      useKeyLayer('global', (input) => (input === 'q' ? (quits++, true) : false));
      return <LineInput label="Amount" value={text} onChange={setText} focus width={30} />;
    }
    const app = await mount(
      <KeyRouterProvider>
        <App />
        <Layer name="screen" layer="screen" log={log} consume="" />
      </KeyRouterProvider>,
    );
    await typeKeys(app, 'q', 'u', 'i', 't');
    await waitForFrame(app, (f) => f.includes('quit'));
    assert.equal(quits, 0);
    assert.deepEqual(log, []);
  });

  it('a modal blocks screen and global keys, even those it does not handle', async () => {
    const log: string[] = [];
    function App() {
      const [open, setOpen] = useState(true);
      useKeyLayer('global', (input) => (log.push('global:' + input), true));
      return (
        <>
          <Layer name="screen" layer="screen" log={log} consume="*" />
          {open ? <ModalLike close={() => setOpen(false)} log={log} /> : <Text>closed</Text>}
        </>
      );
    }
    function ModalLike({ close, log }: { close: () => void; log: string[] }) {
      useKeyLayer('modal', (input, key) => {
        log.push('modal:' + normalizeKey(input, key));
        if (key.escape) close();
        return key.escape;
      });
      return <Text>modal</Text>;
    }
    const app = await mount(
      <KeyRouterProvider>
        <App />
      </KeyRouterProvider>,
    );
    await typeKeys(app, 'j', 'q');
    assert.deepEqual(log, ['modal:j', 'modal:q']);
    await typeKeys(app, 'escape');
    await waitForFrame(app, (f) => f.includes('closed'));
    await typeKeys(app, 'j');
    await waitFor(() => log.length === 4, 'screen sees j after the modal closed');
    assert.deepEqual(log, ['modal:j', 'modal:q', 'modal:escape', 'screen:j']);
  });

  it('orders layers modal > input > screen > global, newest first within a layer, and stops at a consumer', async () => {
    const log: string[] = [];
    const app = await mount(
      <KeyRouterProvider>
        <Layer name="g" layer="global" log={log} consume="*" />
        <Layer name="s1" layer="screen" log={log} consume="a" />
        <Layer name="i" layer="input" log={log} consume="b" />
        <Layer name="s2" layer="screen" log={log} consume="c" />
      </KeyRouterProvider>,
    );
    await typeKeys(app, 'a', 'b', 'c', 'd');
    assert.deepEqual(log, ['i:a', 's2:a', 's1:a', 'i:b', 'i:c', 's2:c', 'i:d', 's2:d', 's1:d', 'g:d']);
  });

  it('a component nested in a screen is tried before the screen in the same layer', async () => {
    const log: string[] = [];
    function Screen({ children }: { children?: React.ReactNode }) {
      useKeyLayer('screen', (input) => (log.push('screen:' + input), true));
      return <>{children}</>;
    }
    const app = await mount(
      <KeyRouterProvider>
        <Screen>
          <Layer name="pane" layer="screen" log={log} consume="j" />
        </Screen>
      </KeyRouterProvider>,
    );
    await typeKeys(app, 'j', 'x');
    assert.deepEqual(log, ['pane:j', 'pane:x', 'screen:x']);
  });

  it('an inactive layer sees nothing; Ctrl-C goes to the global layer past a modal', async () => {
    const log: string[] = [];
    function App() {
      return (
        <>
          <Layer name="g" layer="global" log={log} consume="*" />
          <Layer name="off" layer="input" log={log} consume="*" active={false} />
          <Layer name="m" layer="modal" log={log} consume="*" />
        </>
      );
    }
    // exitOnCtrlC is Ink's option: ink-testing-library leaves it on, so Ctrl-C reaches no handler
    // there; the dispatcher rule is checked directly.
    const app = await mount(
      <KeyRouterProvider>
        <App />
      </KeyRouterProvider>,
    );
    await typeKeys(app, 'x');
    assert.deepEqual(log, ['m:x']);
    const { KeyDispatcher } = await import('../../components/keys/dispatcher.js');
    const d = new KeyDispatcher();
    const seen: string[] = [];
    d.register('global', { current: (i) => (seen.push('global:' + i), true) });
    d.register('input', { current: (i) => (seen.push('input:' + i), true) });
    d.register('modal', { current: (i) => (seen.push('modal:' + i), true) });
    assert.equal(d.dispatch('c', { ...noKey, ctrl: true }), true);
    assert.equal(d.dispatch('x', noKey), true);
    assert.deepEqual(seen, ['global:c', 'modal:x']);
    await settle();
  });
});

const bindings: Binding[] = [
  { keys: ['q'], command: 'quit', scope: 'global', description: 'Quit', hint: 'quit' },
  { keys: ['?'], command: 'help', scope: 'global', description: 'Show every key', hint: 'help' },
  { keys: ['r'], command: 'refresh', scope: 'global', description: 'Refresh now', hint: 'refresh' },
  { keys: ['j', 'down'], command: 'down', scope: 'global', description: 'Move down' },
  { keys: ['s'], command: 'sort', scope: 'tokens', description: 'Cycle sort column', hint: 'sort' },
  { keys: ['r'], command: 'reverse', scope: 'tokens', description: 'Reverse the list' },
];

describe('keymap', () => {
  const km = createKeymap(bindings);

  it('matches the screen scope before global', () => {
    assert.equal(km.match('tokens', 'r', noKey), 'reverse');
    assert.equal(km.match('swap', 'r', noKey), 'refresh');
    assert.equal(km.match('tokens', '', { ...noKey, downArrow: true }), 'down');
    assert.equal(km.match('tokens', 'z', noKey), undefined);
  });

  it('hints and help come from the same bindings and agree with match', () => {
    assert.deepEqual(km.hintsFor('tokens'), [
      { keys: 's', label: 'sort' },
      { keys: 'q', label: 'quit' },
      { keys: '?', label: 'help' },
    ]);
    const help = km.helpFor('tokens');
    assert.deepEqual(
      help.map((g) => g.title),
      ['tokens', 'global'],
    );
    assert.deepEqual(
      nth(help, 1).entries.map((e) => e.command),
      ['quit', 'help', 'down'],
      'refresh is shadowed by reverse on r',
    );
    assert.equal(nth(nth(help, 1).entries, 2).keys, 'j/↓');
    for (const group of help) {
      for (const entry of group.entries) {
        const first = nth(entry.keys.split('/'), 0);
        const name = first === '↓' ? 'down' : first;
        assert.equal(km.matchName('tokens', name), entry.command, `help says ${entry.keys} runs ${entry.command}`);
      }
    }
  });

  it('refuses one key bound twice in a scope', () => {
    assert.throws(
      () => createKeymap([...bindings, { keys: ['s'], command: 'search', scope: 'tokens', description: 'x' }]),
      /"s" in scope tokens/,
    );
  });

  it('useCommands runs the command the keymap names and lets unbound keys pass', async () => {
    const ran: string[] = [];
    const passed: string[] = [];
    function Screen() {
      useCommands(km, 'tokens', { sort: () => void ran.push('sort'), reverse: () => void ran.push('reverse') });
      useKeyLayer('global', (input) => (passed.push(input), true));
      return <Text>tokens</Text>;
    }
    const app = await mount(
      <KeyRouterProvider>
        <Screen />
      </KeyRouterProvider>,
    );
    await typeKeys(app, 's', 'r', 'x', 'q');
    assert.deepEqual(ran, ['sort', 'reverse']);
    assert.deepEqual(passed, ['x', 'q']);
  });
});

describe('key bursts', () => {
  it('splits printable text that arrives in one chunk into single keys', async () => {
    const { splitBurst } = await import('../../components/keys/KeyRouter.js');
    assert.deepEqual(
      splitBurst('jjK', noKey).map(([i, k]) => `${i}${k.shift ? '+' : ''}`),
      ['j', 'j', 'K+'],
    );
    assert.equal(splitBurst('j', noKey).length, 1);
    assert.equal(splitBurst('ab', { ...noKey, ctrl: true }).length, 1);
    assert.deepEqual(
      splitBurst('a\tb\r', noKey).map(([i, k]) => normalizeKey(i, k)),
      ['a', 'tab', 'b', 'enter'],
    );
    assert.deepEqual(
      splitBurst('x\u007f\u0003', noKey).map(([i, k]) => normalizeKey(i, k)),
      ['x', 'backspace', 'ctrl+c'],
    );
    assert.equal(splitBurst('\u001b[A\u001b[A', noKey).length, 1);
    // Esc then a key in one read arrives as Alt+key: it is Esc, then the key
    assert.deepEqual(
      splitBurst('3', { ...noKey, meta: true }).map(([i, k]) => normalizeKey(i, k)),
      ['escape', '3'],
    );
  });

  it('Esc then 1 typed together in a real app: the field closes and the number key switches', async () => {
    const seen: string[] = [];
    function Screen() {
      useKeyLayer('screen', (input, key) => (seen.push(normalizeKey(input, key)), true));
      return <Text>screen</Text>;
    }
    const app = await mount(
      <KeyRouterProvider>
        <Screen />
      </KeyRouterProvider>,
    );
    app.stdin.write('\u001b1');
    await waitFor(() => seen.length >= 2, 'two keys');
    assert.deepEqual(seen, ['escape', '1']);
  });

  it('a burst that opens a field delivers the rest of its keys to the field', async () => {
    let moves = 0;
    function App() {
      const [filtering, setFiltering] = useState(false);
      const [text, setText] = useState('');
      useKeyLayer('screen', (input) => {
        if (input === 'j') return (moves++, true);
        if (input === '/') return (setFiltering(true), true);
        return false;
      });
      // Esc leaves the field, as every field of the app does
      useKeyLayer('input', (_input, key) => (filtering && key.escape ? (setFiltering(false), true) : false));
      return filtering ? (
        <LineInput label="Filter" value={text} onChange={setText} focus width={30} />
      ) : (
        <Text>list</Text>
      );
    }
    const app = await mount(
      <KeyRouterProvider>
        <App />
      </KeyRouterProvider>,
    );
    app.stdin.write('jjj');
    await waitFor(() => moves === 3);
    app.stdin.write('/sol');
    await waitForFrame(app, (f) => f.includes('sol'));
    assert.equal(moves, 3);
    // Ink emits a text key and an escape sequence of one chunk as two events in the same tick; Esc
    // just before j reads as Alt+j: it is Esc (the field closes), then j (a move), / opens it again.
    app.stdin.write('\u001b');
    app.stdin.write('j/x\u001b[D');
    await waitForFrame(app, (f) => f.includes('xsol') || f.includes('x'));
    assert.equal(moves, 4);
  });
});

describe('escape sequences that are not keys', () => {
  it('drops colour codes, screen controls and terminal replies but keeps every key sequence', async () => {
    const { isNotAKey } = await import('../../components/keys/KeyRouter.js');
    for (const s of ['\x1b[31m', '\x1b[0m', '\x1b[1;31m', '\x9b31m', '\x1b[2J', '\x1b[?1049l', '\x1b[I', '\x1bO5x'])
      assert.equal(isNotAKey(s), true, JSON.stringify(s));
    for (const s of [
      '\x1b[A',
      '\x1b[B',
      '\x1b[C',
      '\x1b[D',
      '\x1b[H',
      '\x1b[F',
      '\x1b[5~',
      '\x1b[6~',
      '\x1b[3~',
      '\x1b[Z',
      '\x1b[1;5C',
      '\x1bOP',
      '\x1b[97;5u',
      'a',
      '\x1b',
      'red',
    ])
      assert.equal(isNotAKey(s), false, JSON.stringify(s));
  });
});
