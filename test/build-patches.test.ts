// The bundle edits the code of Ink and some of its helpers (scripts/bundle-patches.mjs, the
// find-and-replace edits). For each edited module, the published one and the edited one are loaded
// side by side: both must answer the same questions alike, with text of every kind a frame can hold
// (plain and styled ASCII, the narrow glyphs, wide and combining characters, emoji sequences,
// escapes that are not SGR, links), and each test shows the difference the edit is for (a cache
// bounded, work not done again, nothing made at load). test/build-edits.test.ts covers the edits of
// yoga, esbuild's __toESM and the string-width shim; test/terminal/output.test.ts Ink's output stage.
import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NARROW_GLYPHS, patchedName, patchSource } from '../scripts/bundle-patches.mjs';
import { nth } from './support/narrow.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the instrumented copies report, by what and by which copy ("published" or "patched"). */
const counts: Record<string, number> = {};
const segmenters: Record<string, typeof Intl.Segmenter> = {};
const probe = {
  count<T>(what: string, value: T): T {
    counts[what] = (counts[what] ?? 0) + 1;
    return value;
  },
  /** Intl.Segmenter, counting the segmenters made and the texts segmented */
  segmenter(kind: string): typeof Intl.Segmenter {
    return (segmenters[kind] ??= class extends Intl.Segmenter {
      constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
        super(...args);
        probe.count(`segmenters.${kind}`, 0);
      }
      override segment(input: string) {
        probe.count(`segmented.${kind}`, 0);
        return super.segment(input);
      }
    });
  },
};
(globalThis as { __tdProbe?: typeof probe }).__tdProbe = probe;
const counted = (what: string) => counts[what] ?? 0;
beforeEach(() => {
  for (const k of Object.keys(counts)) delete counts[k];
});

let copies = 0;
/**
 * The module at node_modules/`rel` as published and as the bundle has it, each written beside the
 * original (so that its imports resolve) after `instrument` (the same for both: it makes them report
 * to the probe). Every call loads fresh copies.
 */
async function bothVersions(
  t: { after(fn: () => void): void },
  rel: string,
  instrument = (text: string, _kind: string) => text,
): Promise<[any, any]> {
  const path = join(root, 'node_modules', rel);
  const name = patchedName(path);
  assert.ok(name, `${rel} is one of the patched modules`);
  const published = readFileSync(path, 'utf8');
  const patched = patchSource(name, published, path);
  assert.notEqual(patched, published, `the patches of ${name} changed something`);
  const loaded = [];
  for (const [kind, text] of [
    ['published', published],
    ['patched', patched],
  ] as const) {
    const copy = join(dirname(path), `.td-${kind}-${process.pid}-${copies++}-${basename(path)}`);
    writeFileSync(copy, instrument(text, kind));
    t.after(() => rmSync(copy, { force: true }));
    loaded.push(await import(pathToFileURL(copy).href));
  }
  return loaded as [any, any];
}

/** `text` with every `from` replaced, which must be there. */
function replaceAll(text: string, from: string, to: string): string {
  assert.ok(text.includes(from), `the source has ${JSON.stringify(from)}`);
  return text.split(from).join(to);
}
const countingSegmenters = (text: string, kind: string) =>
  replaceAll(text, 'new Intl.Segmenter(', `new (globalThis.__tdProbe.segmenter(${JSON.stringify(kind)}))(`);

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = [
  'SOL',
  'Bonk ',
  '  187.41',
  '+0.35%',
  ' ',
  '   ',
  '0.0',
  'x',
  ...NARROW_GLYPHS,
  '\x1b[1m',
  '\x1b[22m',
  '\x1b[2m',
  '\x1b[31m',
  '\x1b[39m',
  '\x1b[1;31m',
  '\x1b[38;2;10;20;30m',
  '\x1b[48;5;200m',
  '\x1b[0m',
  '\x1b[m',
  '\x1b[7m',
  '\x1b[27m',
  '\x1b[4;9m',
  '\x1b[2K',
  '\x1b',
  '\x1b[',
  '\x1b[12',
  '\x9b31m',
  '\x1b]8;;https://example.com\x07link\x1b]8;;\x07',
  '漢字',
  'ｱ',
  '🚀',
  'e\u0301',
  '👩\u200d💻',
  '🇺🇸',
  '☺\ufe0f',
  '1\ufe0f\u20e3',
  'é',
  '\u00ad',
  '\t',
  'Ω',
];

function lines(seed: number, n: number): string[] {
  const next = random(seed);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let line = '';
    const parts = Math.floor(next() * 24);
    // half the lines use only what the fast paths take (ASCII, SGR, the narrow glyphs)
    const simple = next() < 0.5;
    for (let k = 0; k < parts; k++) {
      let piece = nth(PIECES, Math.floor(next() * PIECES.length));
      if (simple)
        while (!/^(?:[\x20-\x7e]|\x1b\[[0-9;]*m)*$/.test(piece) && !NARROW_GLYPHS.includes(piece))
          piece = nth(PIECES, Math.floor(next() * PIECES.length));
      line += piece;
    }
    out.push(line);
  }
  return out;
}

test('the bundled string-width measures every kind of text as the published one does, making its segmenter and expressions when first needed', async (t) => {
  const published = readFileSync(join(root, 'node_modules', 'string-width', 'index.js'), 'utf8');
  // each Unicode-property expression reports when it is evaluated
  const literals = [...published.matchAll(/^const (\w+Regex) = (\/.+\/[a-z]*);$/gm)].map(
    (m) => [nth(m, 1), nth(m, 2)] as const,
  );
  assert.equal(literals.length, 5, 'the five expressions string-width declares');
  const [a, b] = await bothVersions(t, 'string-width/index.js', (text, kind) => {
    for (const [name, literal] of literals)
      text = replaceAll(text, literal, `globalThis.__tdProbe.count('${name}.${kind}', ${literal})`);
    return countingSegmenters(text, kind);
  });
  const made = (kind: string) => literals.filter(([name]) => counted(`${name}.${kind}`) > 0).length;
  assert.equal(
    counted('segmenters.published') + made('published'),
    1 + 5,
    'the published one makes them all when it loads',
  );
  assert.equal(counted('segmenters.patched') + made('patched'), 0, 'the edited one none');
  assert.equal(b.default('SOL 187.41'), a.default('SOL 187.41'));
  assert.equal(counted('segmenters.patched') + made('patched'), 0, 'nor for ASCII');
  assert.equal(b.default('漢字 🚀'), a.default('漢字 🚀'));
  assert.equal(counted('segmenters.patched'), 1, 'wide text makes the segmenter');
  assert.ok(made('patched') > 0, 'and the expressions it needs');
  for (const line of lines(7, 600)) {
    assert.equal(b.default(line), a.default(line), JSON.stringify(line));
    assert.equal(
      b.default(line, { ambiguousIsNarrow: false }),
      a.default(line, { ambiguousIsNarrow: false }),
      JSON.stringify(line),
    );
  }
  // each expression is made once, whatever is measured
  for (const [name] of literals)
    assert.ok(counted(`${name}.patched`) <= 1, `${name} made ${counted(`${name}.patched`)} times`);
});

test('the glyphs the edits count as one column are one column and one UTF-16 unit each, as string-width says', async () => {
  const { default: stringWidth } = await import('string-width');
  for (const glyph of NARROW_GLYPHS) {
    assert.equal(glyph.length, 1, JSON.stringify(glyph));
    assert.equal(stringWidth(glyph), 1, JSON.stringify(glyph));
  }
});

test('the bundled Ink measures texts as the published one, keeping only the latest 512 (the published keeps every text ever drawn)', async (t) => {
  const [a, b] = await bothVersions(
    t,
    'ink/build/measure-text.js',
    (text) => `${text}\nexport { cache as __tdCache };\n`,
  );
  const texts = lines(3, 100).map((l, i) => `${l}\n${i} s ago`);
  const measured = new Set<string>();
  for (let i = 0; i < 1100; i++) {
    // ages and prices: a new text every time, and the same texts again
    const text = i % 2 ? nth(texts, i % texts.length) : `12:${String(i).padStart(4, '0')} ${texts[i % 7]}`;
    assert.deepEqual(b.default(text), a.default(text), JSON.stringify(text));
    measured.add(text);
  }
  assert.equal(a.__tdCache.size, measured.size);
  assert.equal(b.__tdCache.size, 512);
});

test('the bundled slice-ansi (its segmenter and emoji expression made at first use) splits every kind of line into the same tokens', async (t) => {
  const [a, b] = await bothVersions(t, 'slice-ansi/tokenize-ansi.js', countingSegmenters);
  // the edit: nothing is made when it loads (the dashboard never asks Ink to truncate)
  assert.equal(counted('segmenters.published'), 1, 'the published module makes its segmenter when it loads');
  assert.equal(counted('segmenters.patched'), 0, 'the edited one does not');
  for (const line of lines(11, 300)) {
    assert.deepEqual(b.default(line), a.default(line), JSON.stringify(line));
    assert.deepEqual(
      b.default(line, { endCharacter: 7 }),
      a.default(line, { endCharacter: 7 }),
      `up to 7 of ${JSON.stringify(line)}`,
    );
  }
  assert.equal(counted('segmenters.patched'), 1, 'and makes it once, when first asked');
});

test('the bundled signal-exit (without node:assert) registers and removes a handler as the published one does, and refuses a handler that is not a function with the same message', async (t) => {
  const [a, b] = await bothVersions(t, 'signal-exit/index.js');
  for (const onExit of [a.default, b.default] as Array<(cb: unknown) => () => void>) {
    const remove = onExit(() => {});
    assert.equal(typeof remove, 'function');
    remove();
  }
  const refusal = (onExit: (cb: unknown) => unknown) => {
    try {
      onExit(42);
    } catch (e) {
      return (e as Error).message;
    }
    return 'accepted';
  };
  assert.equal(refusal(b.default), refusal(a.default));
  assert.equal(refusal(b.default), 'a callback must be provided for exit handler');
});
