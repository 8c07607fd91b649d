// The one list behaviour and the one inline line of the list screens, driven by keys as a person
// would: the cursor keeps its row by key when the list is re-sorted, stops at the ends, pages and
// asks for more past the end; the line takes every key until Enter hands it on (a refusal keeps it
// open) or Esc drops it, and leaves the keys it is told to pass.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { useState } from 'react';
import { useLineEditor } from '../../components/fields/useLineEditor.js';
import { KeyRouterProvider, normalizeKey, useKeyLayer } from '../../components/keys/index.js';
import { useListCursor } from '../../components/list/useListCursor.js';
import { mount, typeKeys, waitForFrame } from '../support/ink.js';

afterEach(() => cleanup());

function List({ rows, pastEnd }: { rows: string[]; pastEnd: string[] }) {
  const [selected, select] = useState<string | undefined>(undefined);
  const cursor = useListCursor({
    rows,
    selectedKey: selected,
    getKey: (r) => r,
    select,
    pageSize: () => 2,
    onPastEnd: () => pastEnd.push(selected ?? ''),
  });
  const [opened, setOpened] = useState('');
  useKeyLayer('screen', (input, key) => {
    const name = normalizeKey(input, key);
    const keys: Record<string, () => boolean> = {
      j: cursor.keys.down,
      k: cursor.keys.up,
      g: cursor.keys.top,
      G: cursor.keys.bottom,
      pagedown: cursor.keys.pageDown,
      pageup: cursor.keys.pageUp,
      enter: () => cursor.open((r) => setOpened(r)),
    };
    return keys[name]?.() ?? false;
  });
  return <Text>{`at ${cursor.selected ?? '-'} opened ${opened || '-'}`}</Text>;
}

describe('useListCursor', () => {
  it('moves by key, stops at the ends, pages, opens the row and asks for more past the end', async () => {
    const pastEnd: string[] = [];
    const rows = ['a', 'b', 'c', 'd', 'e'];
    const app = await mount(
      <KeyRouterProvider>
        <List rows={rows} pastEnd={pastEnd} />
      </KeyRouterProvider>,
    );
    await waitForFrame(app, (f) => f.includes('at a'));
    await typeKeys(app, 'k');
    await waitForFrame(app, (f) => f.includes('at a'));
    await typeKeys(app, 'j', 'j');
    await waitForFrame(app, (f) => f.includes('at c'));
    await typeKeys(app, 'pagedown');
    await waitForFrame(app, (f) => f.includes('at e'));
    assert.deepEqual(pastEnd, []);
    await typeKeys(app, 'j');
    await waitForFrame(app, (f) => f.includes('at e'));
    assert.deepEqual(pastEnd, ['e']);
    await typeKeys(app, 'g', 'pageup', 'G');
    await waitForFrame(app, (f) => f.includes('at e'));
    assert.equal(pastEnd.length, 2);
    await typeKeys(app, 'k', 'enter');
    await waitForFrame(app, (f) => f.includes('at d opened d'));
  });

  it('keeps the selected row, not its place, when the rows are re-sorted', async () => {
    const app = await mount(
      <KeyRouterProvider>
        <List rows={['a', 'b', 'c']} pastEnd={[]} />
      </KeyRouterProvider>,
    );
    await typeKeys(app, 'j');
    await waitForFrame(app, (f) => f.includes('at b'));
    // b moves to the top: the cursor goes with it, and j goes to the row now below it
    app.rerender(
      <KeyRouterProvider>
        <List rows={['b', 'a', 'c']} pastEnd={[]} />
      </KeyRouterProvider>,
    );
    await waitForFrame(app, (f) => f.includes('at b'));
    await typeKeys(app, 'j');
    await waitForFrame(app, (f) => f.includes('at a'));
  });
});

function Line({ log }: { log: string[] }) {
  const line = useLineEditor<{ purpose: string }>({
    submit: (text, tag) => {
      log.push(`submit ${tag.purpose}:${text}`);
      if (text === 'bad') return false;
    },
    cancel: (tag) => void log.push(`cancel ${tag.purpose}`),
    passes: ['down'],
  });
  useKeyLayer('screen', (input, key) => {
    const name = normalizeKey(input, key);
    log.push(`screen ${name}`);
    if (name === 'n') line.open('', { purpose: 'new' });
    if (name === 'e') line.open('old', { purpose: 'edit' });
    return true;
  });
  return <Text>{line.line() ? `line [${line.line()!.text}]` : 'no line'}</Text>;
}

describe('useLineEditor', () => {
  it('takes every key while open; Enter submits (a refusal keeps it open), Esc drops it; passed keys reach the screen', async () => {
    const log: string[] = [];
    const app = await mount(
      <KeyRouterProvider>
        <Line log={log} />
      </KeyRouterProvider>,
    );
    await typeKeys(app, 'n', 'q', '1');
    await waitForFrame(app, (f) => f.includes('line [q1]'));
    await typeKeys(app, 'down', 'backspace', 'enter');
    await waitForFrame(app, (f) => f.includes('no line'));
    await typeKeys(app, 'e', 'ctrl+u', 'bad', 'enter');
    await waitForFrame(app, (f) => f.includes('line [bad]'));
    await typeKeys(app, 'escape', 'x');
    await waitForFrame(app, (f) => f.includes('no line'));
    assert.deepEqual(log, [
      'screen n',
      'screen down',
      'submit new:q',
      'screen e',
      'submit edit:bad',
      'cancel edit',
      'screen x',
    ]);
  });
});
