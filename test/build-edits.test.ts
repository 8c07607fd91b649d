// The edits the bundle makes beyond find-and-replace in Ink's own modules (scripts/bundle-patches.mjs):
// yoga-layout's WebAssembly loader, esbuild's __toESM helper, and the string-width every importer
// gets. Each is loaded (or bundled) with and without its edit: both must answer alike, and each test
// shows the difference the edit is for. test/build-patches.test.ts covers the edits of Ink's modules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import {
  dependencyPlugins,
  NARROW_GLYPHS,
  patchToEsm,
  patchYoga,
  stringWidthShim,
} from '../scripts/bundle-patches.mjs';
import { nth } from './support/narrow.js';
import { removeTree } from './support/home.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nodeModules = join(root, 'node_modules');

let copies = 0;
/** Loads `text` as a module written at `dir` (so that its relative imports resolve there). */
async function load(t: { after(fn: () => void): void }, dir: string, text: string): Promise<any> {
  const file = join(dir, `.td-edit-${process.pid}-${copies++}.mjs`);
  writeFileSync(file, text);
  t.after(() => rmSync(file, { force: true }));
  return import(pathToFileURL(file).href);
}

test('the bundled yoga-layout decodes its WebAssembly itself with Buffer, without loading fetch for a data: URL, and lays out alike', async (t) => {
  const path = join(nodeModules, 'yoga-layout', 'dist', 'binaries', 'yoga-wasm-base64-esm.js');
  const published = readFileSync(path, 'utf8');
  const { default: wrapAssembly } = await import(
    pathToFileURL(join(nodeModules, 'yoga-layout', 'dist', 'src', 'wrapAssembly.js')).href
  );
  const realFetch = globalThis.fetch;
  const fetched: string[] = [];
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    fetched.push(String(input).slice(0, 30));
    return realFetch(input, init);
  }) as typeof fetch;
  t.after(() => {
    globalThis.fetch = realFetch;
  });
  const layouts: unknown[] = [];
  const fetches: number[] = [];
  for (const text of [published, patchYoga(published, path)]) {
    const before = fetched.length;
    const yoga = wrapAssembly(await (await load(t, dirname(path), text)).default());
    fetches.push(fetched.length - before);
    const box = yoga.Node.create();
    box.setWidth(80);
    box.setFlexDirection(yoga.FLEX_DIRECTION_ROW);
    const [a, b] = [yoga.Node.create(), yoga.Node.create()];
    a.setWidth(30);
    b.setFlexGrow(1);
    b.setHeight(3);
    box.insertChild(a, 0);
    box.insertChild(b, 1);
    box.calculateLayout(undefined, undefined, yoga.DIRECTION_LTR);
    layouts.push([box, a, b].map((n) => n.getComputedLayout()));
    box.freeRecursive();
  }
  assert.equal(fetches[0], 1, `the published loader fetches its data: URL (${fetched[0]}...)`);
  assert.equal(fetches[1], 0, 'the edited one does not');
  const edited = patchYoga(published, path);
  assert.match(
    published,
    /c\[a\]=b\.charCodeAt\(a\)/,
    'the published fallback copies the decoded text a character at a time',
  );
  assert.doesNotMatch(edited, /c\[a\]=b\.charCodeAt\(a\)/, 'the edited one does not');
  assert.match(edited, /Buffer\.from\(a\.slice\(37\),"base64"\)/, 'it decodes with Buffer');
  assert.deepEqual(layouts[1], layouts[0]);
  assert.deepEqual(
    (layouts[1] as Array<{ width: number }>).map((l) => l.width),
    [80, 30, 50],
  );
});

test("the bundle's __toESM makes one module object of a CommonJS module for all its importers (esbuild's makes one per importer)", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'td-esm-'));
  t.after(() => removeTree(dir));
  writeFileSync(join(dir, 'lib.cjs'), 'module.exports = { answer: 42, ask() { return this.answer; } };\n');
  writeFileSync(join(dir, 'one.mjs'), "import * as lib from './lib.cjs';\nexport const one = lib;\n");
  writeFileSync(
    join(dir, 'two.mjs'),
    "import * as lib from './lib.cjs';\nimport dflt from './lib.cjs';\nexport const two = lib;\nexport const asked = dflt.ask();\n",
  );
  writeFileSync(join(dir, 'entry.mjs'), "export { one } from './one.mjs';\nexport { two, asked } from './two.mjs';\n");
  const bundled = await build({
    entryPoints: [join(dir, 'entry.mjs')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  const text = nth(bundled.outputFiles, 0).text;
  const [published, patched] = [await load(t, dir, text), await load(t, dir, patchToEsm(text, 'test'))];
  assert.notEqual(published.one, published.two, "esbuild's __toESM copies the module for each importer");
  assert.equal(patched.one, patched.two, 'the edited one makes one copy');
  for (const m of [published, patched]) {
    assert.equal(m.one.answer, 42);
    assert.equal(m.one.default.answer, 42);
    assert.equal(m.asked, 42);
  }
  assert.deepEqual(Object.keys(patched.one).sort(), Object.keys(published.one).sort());
  assert.equal(patchToEsm('var x = 1;', 'test'), 'var x = 1;', 'a bundle without __toESM is left as it is');
  assert.throws(() => patchToEsm('var __toESM = (m) => m;', 'test'), /__toESM has a form the build does not know/);
});

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = [
  'SOL',
  ' 187.41 ',
  '+0.35%',
  ' ',
  '\x1b[1m',
  '\x1b[22m',
  '\x1b[38;2;10;20;30m',
  '\x1b[0m',
  '\x1b[2K',
  '\x1b[12',
  '\x1b',
  '\x1b]8;;https://example.com\x07link\x1b]8;;\x07',
  '漢字',
  '🚀',
  'e\u0301',
  '👩\u200d💻',
  '\u00ad',
  '\t',
  'é',
  ...NARROW_GLYPHS,
];

test('every importer of string-width gets one copy that counts what it can and asks string-width for the rest, measuring as string-width does', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'td-width-'));
  t.after(() => removeTree(dir));
  const measure = pathToFileURL(join(nodeModules, 'string-width', 'index.js')).href;
  // string-width behind a counter of the texts it is asked about
  writeFileSync(
    join(dir, 'counting.mjs'),
    `import measure from ${JSON.stringify(measure)};\nexport const asked = [];\nexport default (text, options) => (asked.push(text), measure(text, options));\n`,
  );
  const counting = await import(pathToFileURL(join(dir, 'counting.mjs')).href);
  const { default: published } = await import(measure);
  const { default: shim } = await load(t, dir, stringWidthShim(join(dir, 'counting.mjs')));
  const next = random(20261127);
  for (let i = 0; i < 600; i++) {
    let line = '';
    for (let k = Math.floor(next() * 12); k > 0; k--) line += PIECES[Math.floor(next() * PIECES.length)];
    assert.equal(shim(line), published(line), JSON.stringify(line));
    assert.equal(
      shim(line, { ambiguousIsNarrow: false }),
      published(line, { ambiguousIsNarrow: false }),
      JSON.stringify(line),
    );
  }
  // the edit: text of ASCII, escapes and the narrow glyphs never reaches string-width; other text once
  counting.asked.length = 0;
  const simple = `\x1b[1m SOL \x1b[22m▲ 187.41 │ ✓ ${NARROW_GLYPHS}`;
  assert.equal(shim(simple), published(simple));
  assert.equal(shim('漢字 🚀'), published('漢字 🚀'));
  assert.equal(shim('漢字 🚀'), 7);
  assert.deepEqual(counting.asked, ['漢字 🚀']);

  // and every importer gets it: wrap-ansi's own (older) string-width is not in the bundle
  const inputs = async (plugins: Parameters<typeof build>[0]['plugins']) => {
    const r = await build({
      stdin: {
        contents:
          "import wrapAnsi from 'wrap-ansi';\nimport stringWidth from 'string-width';\nexport { wrapAnsi, stringWidth };\n",
        resolveDir: root,
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins,
    });
    return Object.keys(r.metafile.inputs)
      .filter((p) => /string-width/.test(p))
      .sort();
  };
  assert.deepEqual(await inputs([]), [
    'node_modules/string-width/index.js',
    'node_modules/wrap-ansi/node_modules/string-width/index.js',
  ]);
  assert.deepEqual(await inputs(dependencyPlugins(nodeModules)), [
    'node_modules/string-width/index.js',
    'td-width:string-width',
  ]);
});

test('every package whose code the bundle edits is pinned to the exact version installed (overrides for those Ink brings)', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
    overrides: Record<string, string>;
  };
  const pins: Record<string, string | undefined> = {
    ink: pkg.devDependencies.ink,
    esbuild: pkg.devDependencies.esbuild,
    'string-width': pkg.devDependencies['string-width'],
    'yoga-layout': pkg.overrides['yoga-layout'],
    'slice-ansi': pkg.overrides['slice-ansi'],
    'signal-exit': pkg.overrides['signal-exit'],
  };
  for (const [name, pin] of Object.entries(pins)) {
    assert.match(pin ?? '(none)', /^\d+\.\d+\.\d+$/, `${name} is pinned exactly`);
    const installed = JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8')) as { version: string };
    assert.equal(installed.version, pin, `${name} installed is the pinned version`);
  }
});
