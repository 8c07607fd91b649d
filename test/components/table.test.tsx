import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import chalk from 'chalk';
import { Box, Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { useState } from 'react';
import {
  Table,
  cellText,
  filterRows,
  layoutColumns,
  sortRows,
  windowRows,
  type Column,
} from '../../components/table/Table.js';
import { COLUMN_GAP, wholeWidths } from '../../components/table/layout.js';
import { padCell, truncate, textWidth, wrapText } from '../../components/base/text.js';
import { KeyRouterProvider, useKeyLayer } from '../../components/keys/index.js';
import { lines, mount, typeKeys, waitForFrame } from '../support/ink.js';
import { nth } from '../support/narrow.js';

interface Tok {
  id: string;
  symbol: string;
  name: string;
  price: number | null;
  volume: number;
}

const columns: Column<Tok>[] = [
  { id: 'symbol', title: 'Symbol', width: 8 },
  { id: 'name', title: 'Name', flex: 2, minWidth: 10 },
  {
    id: 'price',
    title: 'Price',
    width: 10,
    align: 'right',
    format: (t) => (t.price === null ? '—' : t.price.toFixed(2)),
  },
  { id: 'volume', title: 'Volume', width: 12, align: 'right', priority: 2 },
  { id: 'id', title: 'Mint', width: 44, priority: 3 },
];

function makeRows(n: number): Tok[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `mint${String(i).padStart(3, '0')}`,
    symbol: `T${i}`,
    name: `Token number ${i}`,
    price: i % 7 === 3 ? null : i * 1.5,
    volume: 1000 - i,
  }));
}

afterEach(() => cleanup());

describe('table helpers', () => {
  it('pads and truncates by display width', () => {
    const cases: Array<[string, number, 'left' | 'right', string]> = [
      ['abc', 5, 'left', 'abc  '],
      ['abc', 5, 'right', '  abc'],
      ['abcdef', 4, 'left', 'abc…'],
      ['abcdef', 4, 'right', 'abc…'],
      ['古古古', 5, 'left', '古古…'],
      ['x', 0, 'left', ''],
    ];
    for (const [text, w, align, want] of cases) {
      assert.equal(padCell(text, w, align), want, `${text} in ${w}`);
      assert.equal(textWidth(padCell(text, w, align)), w);
    }
    assert.equal(truncate('héllo wörld', 6), 'héllo…');
  });

  it('drops high priority-number columns on 80 columns and keeps them on 160', () => {
    const narrow = layoutColumns(columns, 80).map((l) => l.column.id);
    assert.deepEqual(narrow, ['symbol', 'name', 'price', 'volume']);
    const tiny = layoutColumns(columns, 40).map((l) => l.column.id);
    assert.deepEqual(tiny, ['symbol', 'name', 'price']);
    const wide = layoutColumns(columns, 160);
    assert.deepEqual(
      wide.map((l) => l.column.id),
      ['symbol', 'name', 'price', 'volume', 'id'],
    );
    const used = wide.reduce((s, l) => s + l.width, 0) + wide.length - 1;
    assert.equal(used, 160, 'flex columns take the leftover width exactly');
  });

  it('keeps the window still until the selection leaves it', () => {
    assert.equal(windowRows(5, 4, 10, 0), 0);
    assert.equal(windowRows(100, 9, 10, 0), 0);
    assert.equal(windowRows(100, 10, 10, 0), 1);
    assert.equal(windowRows(100, 50, 10, 0), 41);
    assert.equal(windowRows(100, 45, 10, 41), 41);
    assert.equal(windowRows(100, 40, 10, 41), 40);
    assert.equal(windowRows(100, 99, 10, 0), 90);
    assert.equal(windowRows(20, -1, 10, 50), 10, 'offset clamped when rows shrink');
  });

  it('sorts stably with missing values last in both directions', () => {
    const rows = makeRows(8);
    const price = nth(columns, 2);
    const asc = sortRows(rows, price, 'asc').map((r) => r.price);
    assert.deepEqual(asc, [0, 1.5, 3, 6, 7.5, 9, 10.5, null]);
    const desc = sortRows(rows, price, 'desc').map((r) => r.price);
    assert.deepEqual(desc, [10.5, 9, 7.5, 6, 3, 1.5, 0, null]);
    const bySymbol = sortRows(makeRows(12), nth(columns, 0), 'asc').map((r) => r.symbol);
    assert.deepEqual(bySymbol.slice(0, 3), ['T0', 'T1', 'T2'], 'numeric-aware string order');
    assert.equal(bySymbol[11], 'T11');
  });

  it('filters on the formatted cells, every word must match', () => {
    const rows = makeRows(30);
    assert.deepEqual(
      filterRows(rows, columns, 'T2').map((r) => r.symbol),
      ['T2', 'T20', 'T21', 'T22', 'T23', 'T24', 'T25', 'T26', 'T27', 'T28', 'T29'],
    );
    assert.deepEqual(
      filterRows(rows, columns, 't1 16.50').map((r) => r.symbol),
      ['T11'],
    );
    assert.equal(filterRows(rows, columns, '   ').length, 30);
  });

  it('a whole column takes its widest cell, drops out rather than cut, and a narrower column dropped earlier comes back', () => {
    type R = { pair: string; price: string; note: string; age: string };
    const cols: Column<R>[] = [
      { id: 'pair', title: 'PAIR', flex: 1, minWidth: 4, whole: true },
      { id: 'price', title: 'PRICE', width: 6, whole: true, priority: 1 },
      { id: 'note', title: 'NOTE', width: 5, priority: 2 },
      { id: 'age', title: 'AGE', width: 3, priority: 3 },
    ];
    const rows: R[] = [{ pair: 'SOL→USDC', price: '123,456.79 USDC/SOL', note: 'n', age: '1h' }];
    const ids = (width: number) => {
      const out = layoutColumns(cols, width, wholeWidths(cols, rows));
      return out.map((l) => `${l.column.id}:${l.width}`).join(' ');
    };
    assert.deepEqual(wholeWidths(cols, rows), [8, 19, undefined, undefined]);
    // 8 + 19 + 5 + 3 and 3 gaps = 38
    assert.equal(ids(40), 'pair:10 price:19 note:5 age:3', 'all fit; the flex pair takes the rest');
    assert.equal(ids(30), 'pair:10 price:19', 'the age and the note go first');
    // the price cannot be whole in 20: it goes rather than be cut, and the note and age fit again
    assert.equal(ids(20), 'pair:10 note:5 age:3');
  });
});

describe('long pasted text', () => {
  it('truncates and wraps a 10 000-character line of wide and combining characters by display width, losing nothing', () => {
    const unit = '漢字 é́ 🚀x ';
    const long = unit.repeat(1500);
    const cut = truncate(long, 30);
    assert.ok(cut.endsWith('…'));
    assert.ok(textWidth(cut) <= 30 && textWidth(cut) >= 28, `${textWidth(cut)}`);
    assert.ok(long.startsWith(cut.slice(0, -1)));
    assert.equal(truncate('漢字', 4), '漢字', 'a text that fits comes back as it is');
    const lines = wrapText(long, 37);
    assert.ok(lines.length > 300);
    for (const line of lines) assert.ok(textWidth(line) <= 37, line);
    assert.equal(lines.join('').replace(/ /g, ''), long.replace(/ /g, ''));
  });
});

describe('<Table>', () => {
  it('renders only the rows that fit, one line each, with the sort arrow in the header', async () => {
    const app = await mount(
      <Table
        columns={columns}
        rows={makeRows(200)}
        getKey={(r) => r.id}
        selectedKey="mint000"
        width={80}
        height={10}
        sortColumn="price"
        sortDir="desc"
      />,
    );
    const frame = app.lastFrame() ?? '';
    const ls = lines(frame);
    assert.equal(ls.length, 10);
    assert.match(nth(ls, 0), /Price ▼/);
    assert.doesNotMatch(nth(ls, 0), /Mint/, 'mint column dropped at 80 columns');
    assert.match(nth(ls, 1), /^›T0 /);
    assert.match(frame, /T8 /);
    assert.doesNotMatch(frame, /T9 /);
    for (const l of ls) assert.ok(textWidth(l) <= 80, `line fits: ${l}`);
  });

  it('with no rows, the text saying what to do next is wrapped over the body, not cut', async () => {
    const emptyText = 'No pools launched from here yet. n opens the launch form: name, symbol and image are enough.';
    const app = await mount(
      <Table columns={columns} rows={[]} getKey={(r) => r.id} width={40} height={6} emptyText={emptyText} />,
    );
    const ls = lines(app.lastFrame() ?? '').slice(1);
    assert.ok(ls.length > 1, 'more than one line');
    for (const l of ls) assert.ok(textWidth(l) <= 40, `line fits: ${l}`);
    assert.equal(ls.join(' ').replace(/\s+/g, ' ').trim(), emptyText);
    assert.doesNotMatch(ls.join(''), /…/);
  });

  it('paints coloured cells exactly as nested <Text color> would, the selected row without them, a hex colour too', async () => {
    const level = chalk.level;
    chalk.level = 1;
    try {
      const painted: Column<Tok>[] = [
        { id: 'symbol', title: 'Symbol', width: 8, color: (t) => (t.symbol === 'T1' ? '#ff0000' : undefined) },
        {
          id: 'price',
          title: 'Price',
          width: 10,
          align: 'right',
          format: (t) => (t.price === null ? '—' : t.price.toFixed(2)),
          color: (t) => (t.volume % 2 ? 'red' : 'green'),
        },
        { id: 'volume', title: 'Volume', width: 8, align: 'right' },
      ];
      const rows = makeRows(3);
      const app = await mount(
        <Table
          columns={painted}
          rows={rows}
          getKey={(r) => r.id}
          selectedKey="mint002"
          width={40}
          height={4}
          marked={(r) => r.symbol === 'T0'}
        />,
      );
      const got = (app.lastFrame() ?? '').split('\n');
      cleanup();
      // the same line drawn as Ink draws nested texts (widths as the table laid them out)
      const layout = layoutColumns(painted, 39);
      const nested = await mount(
        <Box flexDirection="column" width={40}>
          {rows.map((r, n) => {
            const selected = n === 2;
            return (
              <Text
                key={r.id}
                inverse={selected}
                bold={r.symbol === 'T0' || selected}
                color={selected ? 'cyan' : undefined}
                wrap="truncate"
              >
                {selected ? '›' : ' '}
                {layout.map(({ column, width: w }, c) => {
                  const text = (c > 0 ? ' '.repeat(COLUMN_GAP) : '') + padCell(cellText(r, column), w, column.align);
                  const color = column.color?.(r);
                  return color && !selected ? (
                    <Text key={c} color={color}>
                      {text}
                    </Text>
                  ) : (
                    text
                  );
                })}
              </Text>
            );
          })}
        </Box>,
      );
      const want = (nested.lastFrame() ?? '').split('\n');
      assert.deepEqual(got.slice(1), want);
      assert.ok(
        nth(got, 1).includes('\x1b[32m') || nth(got, 1).includes('\x1b[31m'),
        `a named colour is painted: ${JSON.stringify(got[1])}`,
      );
      assert.ok(
        nth(got, 2).includes('\x1b[91m') || nth(got, 2).includes('\x1b[31m'),
        `the hex colour is painted: ${JSON.stringify(got[2])}`,
      );
    } finally {
      chalk.level = level;
    }
  });

  it('shows the mint column at 160 columns and ellipsizes long cells', async () => {
    const rows = [
      {
        id: 'So11111111111111111111111111111111111111112xyzw',
        symbol: 'VERYLONGSYMBOL',
        name: 'n',
        price: 1,
        volume: 2,
      },
    ];
    const app = await mount(<Table columns={columns} rows={rows} getKey={(r) => r.id} width={160} height={3} />);
    const frame = app.lastFrame() ?? '';
    assert.match(frame, /Mint/);
    assert.ok(frame.includes(nth(rows, 0).id.slice(0, 43) + '…'));
    assert.match(frame, /VERYLON…/);
    assert.ok(lines(frame).every((l) => !/VERYLONGSYMBOL/.test(l)));
  });

  function Navigable({ rows, height }: { rows: Tok[]; height: number }) {
    const [index, setIndex] = useState(0);
    useKeyLayer('screen', (input, key) => {
      if (input === 'j' || key.downArrow) setIndex((i) => Math.min(rows.length - 1, i + 1));
      else if (input === 'k' || key.upArrow) setIndex((i) => Math.max(0, i - 1));
      else return false;
      return true;
    });
    return (
      <Table
        columns={columns}
        rows={rows}
        getKey={(r) => r.id}
        selectedKey={nth(rows, index).id}
        width={80}
        height={height}
      />
    );
  }

  it('keeps the selection visible when moving past the bottom and back up', async () => {
    const rows = makeRows(50);
    const app = await mount(
      <KeyRouterProvider>
        <Navigable rows={rows} height={6} />
      </KeyRouterProvider>,
    );
    await typeKeys(app, 'j', 'j', 'j', 'j', 'j', 'j', 'j');
    let frame = await waitForFrame(app, (f) => /›T7 /.test(f));
    assert.deepEqual(
      lines(frame)
        .slice(1)
        .map((l) => l.slice(0, 4).trim()),
      ['T3', 'T4', 'T5', 'T6', '›T7'],
    );
    await typeKeys(app, 'up', 'up', 'up', 'up', 'up');
    frame = await waitForFrame(app, (f) => /›T2 /.test(f));
    assert.deepEqual(
      lines(frame)
        .slice(1)
        .map((l) => l.slice(0, 4).trim()),
      ['›T2', 'T3', 'T4', 'T5', 'T6'],
    );
  });

  it('formats a row again only when the row or the columns change, not when the selection moves', async () => {
    let formatted = 0;
    const counted: Column<Tok>[] = columns.map((c) => ({
      ...c,
      format: (t: Tok) => (formatted++, c.format ? c.format(t) : String(t[c.id as keyof Tok])),
    }));
    const rows = makeRows(30);
    const draw = (rs: Tok[], selectedKey: string, cols = counted) => (
      <Table columns={cols} rows={rs} getKey={(r) => r.id} selectedKey={selectedKey} width={80} height={8} />
    );
    const app = await mount(draw(rows, 'mint000'));
    await waitForFrame(app, (f) => /›T0 /.test(f));
    const first = formatted;
    assert.ok(first > 0);
    app.rerender(draw(rows, 'mint003'));
    await waitForFrame(app, (f) => /›T3 /.test(f) && !/›T0 /.test(f));
    assert.equal(formatted, first, 'moving the selection formats no cell');
    // a row that changed is a new object: its cells are made again, and show the new price
    const repriced = rows.map((r, i) => (i === 2 ? { ...r, price: 12345.5 } : r));
    app.rerender(draw(repriced, 'mint003'));
    await waitForFrame(app, (f) => f.includes('12345.50'));
    assert.ok(
      formatted > first && formatted - first <= columns.length,
      `only the changed row was formatted (${formatted - first} cells)`,
    );
    // new columns (another width, another theme) format every visible row again
    const before = formatted;
    app.rerender(draw(repriced, 'mint003', counted.slice()));
    await waitForFrame(app, (f) => /›T3 /.test(f));
    assert.ok(formatted - before >= 7 * 4, 'every visible row formatted for the new columns');
  });

  it('keeps the selection on the same row when the rows reorder', async () => {
    const rows = makeRows(30);
    const draw = (rs: Tok[]) => (
      <Table columns={columns} rows={rs} getKey={(r) => r.id} selectedKey="mint005" width={80} height={8} />
    );
    const app = await mount(draw(rows));
    await waitForFrame(app, (f) => /›T5 /.test(f));
    const reversed = sortRows(rows, nth(columns, 4), 'desc').reverse();
    const shuffled = [...reversed.slice(20), ...reversed.slice(0, 20)];
    app.rerender(draw(shuffled));
    const frame = await waitForFrame(app, (f) => f.split('\n').some((l) => l.startsWith('›T5 ')) && !/›T[^5]/.test(f));
    assert.equal(lines(frame).filter((l) => l.startsWith('›')).length, 1);
  });

  it('shows filtered rows given through props and the empty text when none match', async () => {
    const rows = makeRows(30);
    const draw = (q: string) => (
      <Table
        columns={columns}
        rows={filterRows(rows, columns, q)}
        getKey={(r) => r.id}
        width={80}
        height={8}
        emptyText="no tokens match"
      />
    );
    const app = await mount(draw('T1'));
    let frame = await waitForFrame(app, (f) => /T15 /.test(f));
    assert.match(frame, /T1 /);
    assert.doesNotMatch(frame, /T2 /);
    app.rerender(draw('zzz'));
    frame = await waitForFrame(app, (f) => /no tokens match/.test(f));
    assert.equal(lines(frame).length, 2);
  });
});
