import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { cleanup } from 'ink-testing-library';
import { CommandBar } from '../../components/commandBar/CommandBar.js';
import { browseHistory, completeCommand, initialCommand } from '../../components/commandBar/commandLine.js';
import { applyLineKey, lineAt } from '../../components/fields/lineEdit.js';
import { KeyRouterProvider, useKeyLayer } from '../../components/keys/index.js';
import { mount, typeKeys, waitForFrame } from '../support/ink.js';

afterEach(() => cleanup());

const COMMANDS = ['swap ', 'limit ', 'dca ', 'cancel ', 'cancel-all', 'goto ', 'star '];
const complete = (text: string) => COMMANDS.filter((c) => c.startsWith(text));

function setup(history: string[] = []) {
  const submitted: string[] = [];
  const cancelled: number[] = [];
  const global: string[] = [];
  function Global() {
    useKeyLayer('global', (input) => (global.push(input), true));
    return null;
  }
  const tree = (
    <KeyRouterProvider>
      <Global />
      <CommandBar
        history={history}
        complete={complete}
        onSubmit={(t) => submitted.push(t)}
        onCancel={() => cancelled.push(1)}
        width={60}
      />
    </KeyRouterProvider>
  );
  return { tree, submitted, cancelled, global };
}

describe('command line state', () => {
  it('edits a line', () => {
    let s = lineAt('swap 1 SOL');
    s = applyLineKey(s, 'ctrl+w', '') ?? s;
    assert.deepEqual(s, { text: 'swap 1 ', cursor: 7 });
    s = applyLineKey(s, 'left', '') ?? s;
    s = applyLineKey(s, 'backspace', '') ?? s;
    assert.deepEqual(s, { text: 'swap  ', cursor: 5 });
    s = applyLineKey(s, '2', '2') ?? s;
    assert.equal(s.text, 'swap 2 ');
    assert.equal(applyLineKey(s, 'up', ''), undefined);
    assert.deepEqual(applyLineKey(s, 'ctrl+u', ''), { text: ' ', cursor: 0 });
    assert.equal(applyLineKey(lineAt('ab'), 'x', 'pasted text')?.text, 'abpasted text');
  });

  it('browses history and returns to the draft', () => {
    const h = ['swap 1 SOL USDC', 'goto orders'];
    let s = initialCommand(h.length, 'wa');
    s = browseHistory(s, h, -1);
    assert.equal(s.line.text, 'goto orders');
    s = browseHistory(s, h, -1);
    assert.equal(s.line.text, 'swap 1 SOL USDC');
    assert.equal(browseHistory(s, h, -1), s, 'stays at the oldest');
    s = browseHistory(browseHistory(s, h, 1), h, 1);
    assert.equal(s.line.text, 'wa');
  });

  it('completes one candidate, a common prefix, then cycles', () => {
    let s = initialCommand(0, 'sw');
    assert.equal(completeCommand(s, complete).line.text, 'swap ');
    s = completeCommand(initialCommand(0, 'c'), complete);
    assert.equal(s.line.text, 'cancel');
    s = completeCommand(s, complete);
    assert.equal(s.line.text, 'cancel ');
    s = completeCommand(s, complete);
    assert.equal(s.line.text, 'cancel-all');
    s = completeCommand(s, complete, -1);
    assert.equal(s.line.text, 'cancel ');
    assert.deepEqual(completeCommand(initialCommand(0, 'zz'), complete).completion?.candidates, []);
  });
});

describe('<CommandBar>', () => {
  it('keeps q and other letters away from global keys and submits the line', async () => {
    const { tree, submitted, global } = setup();
    const app = await mount(tree);
    await typeKeys(app, 'q', 'u', 'i', 't');
    await waitForFrame(app, (f) => f.includes(':quit'));
    await typeKeys(app, 'enter');
    assert.deepEqual(submitted, ['quit']);
    assert.deepEqual(global, []);
  });

  it('Up recalls history, Tab completes, Esc cancels', async () => {
    const { tree, submitted, cancelled } = setup(['swap 1 SOL USDC', 'goto tokens']);
    const app = await mount(tree);
    await typeKeys(app, 'up');
    await waitForFrame(app, (f) => f.includes(':goto tokens'));
    await typeKeys(app, 'up');
    await waitForFrame(app, (f) => f.includes(':swap 1 SOL USDC'));
    await typeKeys(app, 'down', 'down');
    await waitForFrame(app, (f) => /^:\s*$/.test(f.trimEnd()) || f.trim() === ':');
    await typeKeys(app, 's', 't', 'tab');
    await waitForFrame(app, (f) => f.includes(':star'));
    await typeKeys(app, 'S', 'O', 'L', 'enter');
    assert.deepEqual(submitted, ['star SOL']);
    await typeKeys(app, 'escape');
    assert.equal(cancelled.length, 1);
  });

  it('shows the candidates when Tab is ambiguous', async () => {
    const { tree } = setup();
    const app = await mount(tree);
    await typeKeys(app, 'c', 'a', 'tab', 'tab');
    const frame = await waitForFrame(app, (f) => f.includes('1/2'));
    assert.match(frame, /:cancel /);
    assert.match(frame, /cancel-all/);
  });
});
