// No component of screens/ or components/ is longer than 150 lines: a longer one is split into
// smaller components and hooks named for what they do. A component is a function whose name starts
// with a capital letter in a .tsx file, counted from its `function` line to its closing brace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const MAX_LINES = 150;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsxFiles(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );
}

/** Each component of a file (as prettier writes it: the closing brace alone at the start of a line) with its length. */
function componentLengths(text: string): Array<{ name: string; lines: number }> {
  const lines = text.split('\n');
  const found: Array<{ name: string; lines: number }> = [];
  lines.forEach((line, i) => {
    const m = /^(?:export )?(?:default )?function ([A-Z]\w*)\s*[<(]/.exec(line);
    if (!m) return;
    const end = lines.findIndex((l, j) => j > i && l === '}');
    found.push({ name: m[1]!, lines: (end < 0 ? lines.length : end) - i + 1 });
  });
  return found;
}

test('the length of a component is read from its function line to its closing brace', () => {
  const text = [
    'export function Short() {',
    '  return null;',
    '}',
    '',
    'function Long({ a }) {',
    '  a;',
    '  a;',
    '}',
    '',
  ].join('\n');
  assert.deepEqual(componentLengths(text), [
    { name: 'Short', lines: 3 },
    { name: 'Long', lines: 4 },
  ]);
});

test(`every component in screens/ and components/ is at most ${MAX_LINES} lines`, () => {
  const files = [...tsxFiles(join(root, 'screens')), ...tsxFiles(join(root, 'components'))];
  const components = files.flatMap((f) =>
    componentLengths(readFileSync(f, 'utf8')).map((c) => ({ ...c, file: relative(root, f) })),
  );
  // the reading finds the screens it must (a change of style would make it find none)
  for (const name of ['TokensScreen', 'OrdersScreen', 'SwapScreen', 'PortfolioScreen', 'Shell', 'JournalView'])
    assert.ok(
      components.some((c) => c.name === name),
      `${name} found`,
    );
  const long = components.filter((c) => c.lines > MAX_LINES).map((c) => `${c.file} ${c.name}: ${c.lines} lines`);
  assert.deepEqual(long, []);
});
