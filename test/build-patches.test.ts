// The bundle edits the sources of ansi-tokenize and string-width for speed (src/bundle-patches.mjs).
// Each edited module must answer exactly as the original does: both are loaded side by side and
// asked the same questions, with text of every kind a frame can hold (plain and styled ASCII, the
// narrow glyphs, wide and combining characters, emoji sequences, escapes that are not SGR, links).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NARROW_GLYPHS, patchedName, patchSource } from '../src/bundle-patches.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The module at node_modules/`rel` as published and as the bundle has it (written beside it, so its imports resolve). */
async function bothVersions(t: { after(fn: () => void): void }, rel: string): Promise<[any, any]> {
  const path = join(root, 'node_modules', rel);
  const name = patchedName(path);
  assert.ok(name, `${rel} is one of the patched modules`);
  const copy = join(dirname(path), `.td-patched-${process.pid}-${basename(path)}`);
  const patched = patchSource(name, readFileSync(path, 'utf8'), path);
  assert.notEqual(patched, readFileSync(path, 'utf8'), `the patches of ${name} changed something`);
  writeFileSync(copy, patched);
  t.after(() => rmSync(copy, { force: true }));
  return [await import(pathToFileURL(path).href), await import(pathToFileURL(copy).href)];
}

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = [
  'SOL', 'Bonk ', '  187.41', '+0.35%', ' ', '   ', '0.0', 'x',
  ...NARROW_GLYPHS,
  '\x1b[1m', '\x1b[22m', '\x1b[2m', '\x1b[31m', '\x1b[39m', '\x1b[1;31m', '\x1b[38;2;10;20;30m', '\x1b[48;5;200m',
  '\x1b[0m', '\x1b[m', '\x1b[7m', '\x1b[27m', '\x1b[4;9m',
  '\x1b[2K', '\x1b', '\x1b[', '\x1b[12', '\x9b31m', '\x1b]8;;https://example.com\x07link\x1b]8;;\x07',
  '漢字', 'ｱ', '🚀', 'e\u0301', '👩\u200d💻', '🇺🇸', '☺\ufe0f', '1\ufe0f\u20e3', 'é', '\u00ad', '\t', 'Ω',
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
      let piece = PIECES[Math.floor(next() * PIECES.length)];
      if (simple) while (!/^(?:[\x20-\x7e]|\x1b\[[0-9;]*m)*$/.test(piece) && !NARROW_GLYPHS.includes(piece)) piece = PIECES[Math.floor(next() * PIECES.length)];
      line += piece;
    }
    out.push(line);
  }
  return out;
}

test('the bundled ansi-tokenize splits every kind of line into the same tokens and styled characters', async (t) => {
  const [tokenizeA, tokenizeB] = await bothVersions(t, '@alcalzone/ansi-tokenize/build/tokenize.js');
  const [charsA, charsB] = await bothVersions(t, '@alcalzone/ansi-tokenize/build/styledChars.js');
  let checked = 0;
  for (const [i, line] of lines(20261126, 600).entries()) {
    const a = tokenizeA.tokenize(line);
    const b = tokenizeB.tokenize(line);
    assert.deepEqual(b, a, `tokens of line ${i}: ${JSON.stringify(line)}`);
    const end = i % 40;
    assert.deepEqual(tokenizeB.tokenize(line, end), tokenizeA.tokenize(line, end), `tokens up to ${end} columns of ${JSON.stringify(line)}`);
    const styledA = charsA.styledCharsFromTokens(a);
    const styledB = charsB.styledCharsFromTokens(b);
    assert.deepEqual(styledB, styledA, `styled characters of ${JSON.stringify(line)}`);
    assert.equal(charsB.styledCharsToString(styledB), charsA.styledCharsToString(styledA), `the line drawn again from ${JSON.stringify(line)}`);
    checked++;
  }
  assert.equal(checked, 600);
});

test("the bundled Ink keeps the same escapes of a text node as the published one, the first time and from its cache", async (t) => {
  const [a, b] = await bothVersions(t, 'ink/build/sanitize-ansi.js');
  for (const line of lines(11, 600)) {
    const want = a.default(line);
    assert.equal(b.default(line), want, JSON.stringify(line));
    assert.equal(b.default(line), want, `again: ${JSON.stringify(line)}`);
  }
});

test('the bundled string-width measures every kind of text as the published one does', async (t) => {
  const [a, b] = await bothVersions(t, 'string-width/index.js');
  for (const line of lines(7, 600)) {
    assert.equal(b.default(line), a.default(line), JSON.stringify(line));
    assert.equal(b.default(line, { ambiguousIsNarrow: false }), a.default(line, { ambiguousIsNarrow: false }), JSON.stringify(line));
  }
});
