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
import xterm from '@xterm/headless';

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

// ------------------------------------------------------------------ Ink's Output: the frame's text

const FW = 40;
const FH = 8;

/** What a terminal shows of a frame's lines (each drawn from a reset style), cell by cell, as @xterm/headless has it. */
async function shown(frame: string): Promise<string[]> {
  const cols = 64;
  const term = new xterm.Terminal({ cols, rows: FH + 2, allowProposedApi: true });
  const lines = frame.split('\n');
  const data = lines.map((l, y) => `\x1b[${y + 1};1H\x1b[0m${l}`).join('');
  await new Promise<void>((r) => term.write(data, r));
  const out: string[] = [];
  const b = term.buffer.active;
  const cell = b.getNullCell();
  for (let y = 0; y < FH + 2; y++) {
    const line = b.getLine(y);
    let row = '';
    for (let x = 0; x < cols; x++) {
      line?.getCell(x, cell);
      const ch = cell.getChars() || ' ';
      // a blank shows only a background, inverse, underline or strike-through
      const look = ch === ' ' && !cell.isInverse() && !cell.isUnderline() && !cell.isStrikethrough()
        ? `${cell.getBgColorMode()}:${cell.getBgColor()}`
        : `${cell.getFgColorMode()}:${cell.getFgColor()}/${cell.getBgColorMode()}:${cell.getBgColor()}/${cell.isBold()}${cell.isDim()}${cell.isItalic()}${cell.isInverse()}${cell.isUnderline()}${cell.isStrikethrough()}`;
      row += `${JSON.stringify(ch)}${cell.getWidth()}${look} `;
    }
    out.push(row);
  }
  term.dispose();
  return out;
}

const SIMPLE_STYLES = ['', '\x1b[1m', '\x1b[31m', '\x1b[2m', '\x1b[7m', '\x1b[1;31m', '\x1b[38;2;10;20;30m', '\x1b[48;5;200m', '\x1b[4m', '\x1b[9m', '\x1b[0m', '\x1b[m'];
const SIMPLE_CLOSE = ['', '\x1b[22m', '\x1b[39m', '\x1b[27m', '\x1b[0m', '\x1b[49m', '\x1b[24m', ''];

const oneColumn = (next: () => number) => (next() < 0.3 ? NARROW_GLYPHS[Math.floor(next() * NARROW_GLYPHS.length)] : next() < 0.3 ? ' ' : String.fromCharCode(0x21 + Math.floor(next() * 94)));

/** A text of exactly `w` one-column characters (ASCII and the narrow glyphs) with any SGR escapes among them. */
function simpleText(next: () => number, w: number): string {
  let text = '';
  for (let i = 0; i < w; i++) {
    if (next() < 0.2) text += SIMPLE_STYLES[Math.floor(next() * SIMPLE_STYLES.length)];
    text += oneColumn(next);
    if (next() < 0.15) text += SIMPLE_CLOSE[Math.floor(next() * SIMPLE_CLOSE.length)];
  }
  return text;
}

// styles as chalk writes them (Ink's Text): each opened and closed, one inside another at times
const CHALK = [['\x1b[1m', '\x1b[22m'], ['\x1b[2m', '\x1b[22m'], ['\x1b[31m', '\x1b[39m'], ['\x1b[90m', '\x1b[39m'], ['\x1b[38;2;10;20;30m', '\x1b[39m'], ['\x1b[38;5;208m', '\x1b[39m'], ['\x1b[48;5;200m', '\x1b[49m'], ['\x1b[44m', '\x1b[49m'], ['\x1b[7m', '\x1b[27m'], ['\x1b[4m', '\x1b[24m'], ['\x1b[9m', '\x1b[29m'], ['\x1b[3m', '\x1b[23m']];

/** A text of exactly `w` one-column characters styled as Ink's Text styles them. */
function chalkText(next: () => number, w: number): string {
  let text = '';
  let left = w;
  while (left > 0) {
    const n = 1 + Math.floor(next() * left);
    let run = '';
    for (let i = 0; i < n; i++) run += oneColumn(next);
    if (next() < 0.6) {
      const [open, close] = CHALK[Math.floor(next() * CHALK.length)];
      run = open + run + close;
      if (next() < 0.3) {
        const [o2, c2] = CHALK[2 + Math.floor(next() * (CHALK.length - 2))];
        run = o2 + run + c2;
      }
    }
    text += run;
    left -= n;
  }
  return text;
}

type Op = { kind: 'write'; x: number; y: number; text: string; transformers: Array<(s: string, i: number) => string> } | { kind: 'clip'; clip: Record<string, number | undefined> } | { kind: 'unclip' };

const TRANSFORMERS: Array<Array<(s: string, i: number) => string>> = [[], [], [(s) => `\x1b[7m${s}\x1b[27m`], [(s, i) => (i % 2 ? s.toUpperCase() : s)], [(s) => `\x1b[1m${s}\x1b[22m`], [(s) => `\x1b[7m${s}`]];

/** A frame as Ink's renderer writes one: rows of texts side by side (table-like), and in some frames overlaps, wide and other characters, clips, texts partly outside. */
function randomOps(seed: number, tableLike: boolean): Op[] {
  const next = random(seed);
  const ops: Op[] = [];
  for (let y = 0; y < FH; y++) {
    let x = Math.floor(next() * 3);
    while (x < FW - 1 && next() < 0.8) {
      const w = 1 + Math.floor(next() * Math.min(12, FW - x - 1));
      const text = tableLike ? chalkText(next, w) : simpleText(next, w);
      // the table's transformers add no second weight (bold over faint is left to the grid)
      ops.push({ kind: 'write', x, y, text, transformers: TRANSFORMERS[Math.floor(next() * (tableLike ? 4 : TRANSFORMERS.length))] });
      x += w + Math.floor(next() * 3);
    }
  }
  if (!tableLike) {
    // a text over the last column of another
    const under = ops[Math.floor(next() * ops.length)];
    if (under?.kind === 'write') {
      const w = under.text.replace(/\x1b\[[0-9;]*m/g, '').length;
      ops.push({ kind: 'write', x: under.x + w - 1, y: under.y, text: simpleText(next, 1 + Math.floor(next() * 5)), transformers: [] });
    }
    for (let k = Math.floor(next() * 6); k > 0; k--) {
      const r = next();
      if (r < 0.15) ops.push({ kind: 'clip', clip: { x1: Math.floor(next() * 10), x2: 10 + Math.floor(next() * 30), y1: next() < 0.5 ? 1 : undefined, y2: next() < 0.5 ? 6 : undefined } });
      else if (r < 0.25) ops.push({ kind: 'unclip' });
      const text = next() < 0.5 ? lines(Math.floor(next() * 1e6), 3).join('\n') : simpleText(next, 1 + Math.floor(next() * 20));
      ops.push({ kind: 'write', x: Math.floor(next() * (FW + 4)) - 2, y: Math.floor(next() * (FH + 2)) - 1, text, transformers: TRANSFORMERS[Math.floor(next() * TRANSFORMERS.length)] });
    }
  }
  // the published Output walks its operations in order; rows are written in any order by Ink
  if (next() < 0.5) ops.reverse();
  return ops;
}

test("the bundled Ink's Output gives frames that show the same cells as the published one's, joining table-like rows as text", async (t) => {
  const [a, b] = await bothVersions(t, 'ink/build/output.js');
  let joined = 0;
  for (let f = 0; f < 300; f++) {
    const tableLike = f % 2 === 0;
    const ops = randomOps(9000 + f * 7919, tableLike);
    const outs = [a, b].map((m) => {
      const out = new m.default({ width: FW, height: FH });
      let grid = 0;
      const caches = out.caches;
      out.caches = Object.create(caches, { getStyledChars: { value: (line: string) => (grid++, caches.getStyledChars(line)) } });
      for (const op of ops) {
        if (op.kind === 'write') out.write(op.x, op.y, op.text, { transformers: op.transformers });
        else if (op.kind === 'clip') out.clip(op.clip);
        else out.unclip();
      }
      return { ...out.get(), grid };
    });
    assert.equal(outs[1].height, outs[0].height, `frame ${f}: height`);
    const [want, got] = [await shown(outs[0].output), await shown(outs[1].output)];
    const y = want.findIndex((row, i) => row !== got[i]);
    assert.equal(y, -1, `frame ${f}, line ${y}: ${JSON.stringify(outs[0].output.split('\n')[y])} shows otherwise as ${JSON.stringify(outs[1].output.split('\n')[y])}`);
    if (tableLike) {
      assert.equal(outs[1].grid, 0, `frame ${f} is table-like: no line goes through the grid`);
      joined++;
    }
  }
  assert.ok(joined > 100, `${joined} table-like frames`);
});

test('the bundled slice-ansi (its segmenter and emoji expression made at first use) splits every kind of line into the same tokens', async (t) => {
  const [a, b] = await bothVersions(t, 'slice-ansi/tokenize-ansi.js');
  for (const line of lines(11, 300)) {
    assert.deepEqual(b.default(line), a.default(line), JSON.stringify(line));
    assert.deepEqual(b.default(line, { endCharacter: 7 }), a.default(line, { endCharacter: 7 }), `up to 7 of ${JSON.stringify(line)}`);
  }
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
