// The layout the design fixes: src/ holds no React or Ink (the headless commands and the simulator
// must never load them), nothing in src/ but the entry point reaches into screens/ or components/, and
// no two folders of src/ import each other, directly or round a circle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { folderCircles } from './support/folderGraph.js';
import { nth } from './support/narrow.js';

const root = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|tsx|mjs|js)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Every module specifier a file imports, statically or dynamically. */
function imports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) found.push(nth(m, 1));
  return found;
}

test('no file under src/ imports react or ink, or is a .tsx file', () => {
  const offenders: string[] = [];
  for (const f of files(join(root, 'src'))) {
    const rel = relative(root, f);
    if (f.endsWith('.tsx')) offenders.push(`${rel} is a .tsx file`);
    for (const spec of imports(readFileSync(f, 'utf8'))) {
      if (/^(react|ink)(\/|$)|^ink-|^react-/.test(spec)) offenders.push(`${rel} imports ${spec}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test('src/ reaches screens/ only from the entry point, and components/ never', () => {
  const offenders: string[] = [];
  for (const f of files(join(root, 'src'))) {
    const rel = relative(root, f);
    for (const spec of imports(readFileSync(f, 'utf8'))) {
      if (/(^|\/)components\//.test(spec) || (/(^|\/)screens\//.test(spec) && rel !== join('src', 'main', 'cli.ts')))
        offenders.push(`${rel} imports ${spec}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test('the check finds an import of react when there is one', () => {
  assert.deepEqual(imports(`import React from 'react';\nconst ink = await import('ink');`), ['react', 'ink']);
});

/** Every .ts/.tsx/.mjs file under the given top-level folders. */
const sources = (...dirs: string[]) => dirs.flatMap((d) => files(join(root, d)));

test('one address check: no base58 address pattern is written again beside isAddress', () => {
  const pattern = ['[1-9A-HJ-NP-Za-km-z]', '{32,44}'].join('');
  const offenders = sources('src', 'screens', 'components')
    .filter((f) => readFileSync(f, 'utf8').includes(pattern))
    .map((f) => relative(root, f));
  assert.deepEqual(offenders, []);
});

test('the known mints are written once, in src/chain/mints.ts: tests and the program import them', () => {
  const mints = [
    'So11111111111111111111111111111111111111112',
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
  ];
  const offenders = sources('src', 'screens', 'components', 'test')
    .filter((f) => !f.endsWith(join('src', 'chain', 'mints.ts')) && f !== import.meta.filename)
    .filter((f) => mints.some((m) => new RegExp(`['"\`]${m}['"\`]|^\\s*${m}:`, 'm').test(readFileSync(f, 'utf8'))))
    .map((f) => relative(root, f));
  assert.deepEqual(offenders, []);
});

test('no file sits loose at the root of src/: each is in the folder of what it is', () => {
  const loose = readdirSync(join(root, 'src'), { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `src/${e.name}`);
  assert.deepEqual(loose, []);
});

test('the folder circle check finds a circle between two folders, and none in a line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-layout-'));
  try {
    mkdirSync(join(dir, 'top', 'a'), { recursive: true });
    mkdirSync(join(dir, 'top', 'b'), { recursive: true });
    writeFileSync(join(dir, 'top', 'a', 'one.ts'), `import { two } from '../b/two.js';\nexport const one = two;\n`);
    writeFileSync(join(dir, 'top', 'b', 'two.ts'), `export const two = 2;\n`);
    assert.deepEqual(folderCircles(dir, ['top']), []);
    writeFileSync(join(dir, 'top', 'b', 'three.ts'), `export { one } from '../a/one.js';\n`);
    assert.deepEqual(folderCircles(dir, ['top']), [
      { folders: ['top/a', 'top/b'], edges: ['top/a/one.ts -> top/b/two.ts', 'top/b/three.ts -> top/a/one.ts'] },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no circle between folders of src/, screens/ and components/', () => {
  // every directory is a node (src/sim and src/sim/groups are two), a type-only import an edge; the
  // screens stand on src/ and components/, and only the entry point (src/main/) reaches the shell:
  // shell -> the registry (screens/index.ts) -> screens/<Name> -> screens/shared -> components/*
  const circles = folderCircles(root, ['src', 'screens', 'components']);
  assert.deepEqual(
    circles,
    [],
    circles.map((c) => `a circle between ${c.folders.join(', ')}:\n  ${c.edges.join('\n  ')}`).join('\n'),
  );
});
