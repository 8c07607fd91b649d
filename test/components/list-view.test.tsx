// The one list view, driven by keys as a person would: a live filter narrows the rows as letters
// are typed and Esc drops it; a filter set on Enter keeps its line open on a refusal; o and O sort
// by a column and reverse it; Enter opens the detail, and Esc backs out of the detail, then the
// filter, then what the screen adds; a scrolled view moves its lines instead of a cursor.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { useState } from 'react';
import { KeyRouterProvider, normalizeKey, useKeyLayer } from '../../components/keys/index.js';
import { useListView, type ListKeys } from '../../components/list/useListView.js';
import type { Column } from '../../components/table/Table.js';
import { mount, typeKeys, waitForFrame } from '../support/ink.js';

afterEach(() => cleanup());

/** The global list keys, as the shell binds them. */
const KEYS: Record<string, keyof ListKeys> = {
  j: 'down',
  down: 'down',
  k: 'up',
  g: 'top',
  G: 'bottom',
  pagedown: 'pageDown',
  pageup: 'pageUp',
  '/': 'filter',
  o: 'sort',
  O: 'sortReverse',
  enter: 'open',
  escape: 'back',
};

function useListKeys(keys: ListKeys, log: string[]) {
  useKeyLayer('screen', (input, key) => {
    const name = normalizeKey(input, key);
    const command = KEYS[name];
    const taken = command ? keys[command]() !== false : false;
    if (!taken) log.push(`passed ${name}`);
    return taken;
  });
}

const FRUIT = ['apple', 'banana', 'cherry', 'date', 'elderberry'];
const byLength: Column<string> = { id: 'length', title: 'LEN', sortValue: (r) => r.length };
const byName: Column<string> = { id: 'name', title: 'NAME', sortValue: (r) => r };

function Fruit({ log, live }: { log: string[]; live: boolean }) {
  const [selected, select] = useState<string>();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState({ column: byName, dir: 'asc' as 'asc' | 'desc' });
  const [detail, setDetail] = useState(false);
  const [starred, setStarred] = useState(true);
  const view = useListView({
    rows: FRUIT,
    getKey: (r) => r,
    selectedKey: selected,
    select,
    pageSize: () => 2,
    filter: {
      text: filter,
      live,
      match: (rows, text) => rows.filter((r) => r.includes(text)),
      set: (text) => {
        if (text === 'x') return false;
        setFilter(text);
      },
    },
    sort: {
      by: sort,
      next: () => setSort((s) => ({ ...s, column: s.column === byName ? byLength : byName })),
      reverse: () => setSort((s) => ({ ...s, dir: s.dir === 'asc' ? 'desc' : 'asc' })),
    },
    detail: { shown: detail, show: setDetail },
    behindDetail: () => void log.push('behind the detail'),
    back: ['detail', 'filter', () => starred && (setStarred(false), true)],
  });
  useListKeys(view.keys, log);
  const line = view.filterLine.line();
  return (
    <Text>
      {[
        `rows ${view.rows.join(',')}`,
        `at ${view.selected ?? '-'} ${view.at}`,
        `line ${line ? `[${line.text}]` : '-'}`,
        `detail ${detail ? view.selected : '-'}`,
        `starred ${starred}`,
      ].join(' | ')}
    </Text>
  );
}

describe('useListView', () => {
  it('filters live as letters are typed (the arrows still move), Esc on the line drops the filter', async () => {
    const log: string[] = [];
    const app = await mount(
      <KeyRouterProvider>
        <Fruit log={log} live />
      </KeyRouterProvider>,
    );
    await waitForFrame(app, (f) => f.includes('rows apple,banana,cherry,date,elderberry'));
    await typeKeys(app, '/', 'e', 'r');
    await waitForFrame(app, (f) => f.includes('rows cherry,elderberry') && f.includes('line [er]'));
    await typeKeys(app, 'down');
    await waitForFrame(app, (f) => f.includes('at elderberry 2'));
    await typeKeys(app, 'escape');
    await waitForFrame(app, (f) => f.includes('rows apple,banana,cherry,date,elderberry') && f.includes('line -'));
  });

  it('a filter set on Enter keeps its line open on a refusal; Esc backs out of the detail, the filter, then the rest', async () => {
    const log: string[] = [];
    const app = await mount(
      <KeyRouterProvider>
        <Fruit log={log} live={false} />
      </KeyRouterProvider>,
    );
    await typeKeys(app, '/', 'x', 'enter');
    await waitForFrame(app, (f) => f.includes('line [x]') && f.includes('rows apple,banana'));
    await typeKeys(app, 'backspace', 'a', 'n', 'enter');
    await waitForFrame(app, (f) => f.includes('line -') && f.includes('rows banana |'));
    await typeKeys(app, 'enter');
    await waitForFrame(app, (f) => f.includes('detail banana'));
    // the list is behind the detail: keys that would change it say so
    await typeKeys(app, 'o', '/');
    assert.deepEqual(log, ['behind the detail', 'behind the detail']);
    await typeKeys(app, 'escape');
    await waitForFrame(app, (f) => f.includes('detail -') && f.includes('rows banana |'));
    await typeKeys(app, 'escape');
    await waitForFrame(
      app,
      (f) => f.includes('rows apple,banana,cherry,date,elderberry') && f.includes('starred true'),
    );
    await typeKeys(app, 'escape');
    await waitForFrame(app, (f) => f.includes('starred false'));
    await typeKeys(app, 'escape');
    await waitForFrame(app, () => log.includes('passed escape'));
  });

  it('o sorts by the next column and O reverses, the cursor staying on its row; PgDn moves a page', async () => {
    const log: string[] = [];
    const app = await mount(
      <KeyRouterProvider>
        <Fruit log={log} live />
      </KeyRouterProvider>,
    );
    await typeKeys(app, 'pagedown');
    await waitForFrame(app, (f) => f.includes('at cherry 3'));
    await typeKeys(app, 'o');
    await waitForFrame(app, (f) => f.includes('rows date,apple,banana,cherry,elderberry') && f.includes('at cherry 4'));
    await typeKeys(app, 'O');
    await waitForFrame(app, (f) => f.includes('rows elderberry,') && f.includes('at cherry'));
    await typeKeys(app, 'G');
    await waitForFrame(app, (f) => f.includes('at date 5'));
  });
});

function Log({ lines, log }: { lines: string[]; log: string[] }) {
  const view = useListView({ rows: lines, getKey: (l) => l, scroll: () => 3, back: [] });
  useListKeys(view.keys, log);
  const { top, shown } = view.window(3);
  return <Text>{`top ${top}: ${shown.join(',')} | selected ${view.selected ?? '-'}`}</Text>;
}

describe('useListView scrolled', () => {
  it('moves the lines shown, not a cursor, and stops at the ends', async () => {
    const log: string[] = [];
    const app = await mount(
      <KeyRouterProvider>
        <Log lines={['a', 'b', 'c', 'd', 'e', 'f']} log={log} />
      </KeyRouterProvider>,
    );
    await waitForFrame(app, (f) => f.includes('top 0: a,b,c | selected -'));
    await typeKeys(app, 'j');
    await waitForFrame(app, (f) => f.includes('top 1: b,c,d'));
    await typeKeys(app, 'G');
    await waitForFrame(app, (f) => f.includes('top 3: d,e,f'));
    await typeKeys(app, 'j');
    await waitForFrame(app, (f) => f.includes('top 3: d,e,f'));
    await typeKeys(app, 'g');
    await waitForFrame(app, (f) => f.includes('top 0: a,b,c'));
    // nothing to open or filter in a scrolled log: those keys pass on
    await typeKeys(app, 'enter', '/');
    await waitForFrame(app, () => log.includes('passed enter') && log.includes('passed /'));
  });
});
