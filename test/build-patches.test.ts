// The bundle edits the code of Ink, ansi-tokenize and string-width (scripts/bundle-patches.mjs, the
// find-and-replace edits; scripts/ink-output-patch.mjs, Ink's Output). For each edited module, the
// published one and the edited one are loaded side by side: both must answer the same questions
// alike, with text of every kind a frame can hold (plain and styled ASCII, the narrow glyphs, wide
// and combining characters, emoji sequences, escapes that are not SGR, links), and each test shows
// the difference the edit is for (a cache bounded, work not done again, nothing made at load).
// test/build-edits.test.ts covers the edits of yoga, esbuild's __toESM and the string-width shim.
import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NARROW_GLYPHS, patchedName, patchSource } from '../scripts/bundle-patches.mjs';
import xterm from '@xterm/headless';

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
  ]) {
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
      let piece = PIECES[Math.floor(next() * PIECES.length)];
      if (simple)
        while (!/^(?:[\x20-\x7e]|\x1b\[[0-9;]*m)*$/.test(piece) && !NARROW_GLYPHS.includes(piece))
          piece = PIECES[Math.floor(next() * PIECES.length)];
      line += piece;
    }
    out.push(line);
  }
  return out;
}

test('the bundled ansi-tokenize splits every kind of line into the same tokens and styled characters', async (t) => {
  const [tokenizeA, tokenizeB] = await bothVersions(
    t,
    '@alcalzone/ansi-tokenize/build/tokenize.js',
    countingSegmenters,
  );
  const [charsA, charsB] = await bothVersions(t, '@alcalzone/ansi-tokenize/build/styledChars.js');
  // the edit: a line of one-unit graphemes is walked by index, without a segmenter (made when first needed)
  assert.equal(counted('segmenters.published'), 1, 'the published tokenizer makes its segmenter when it loads');
  assert.equal(counted('segmenters.patched'), 0, 'the edited one does not');
  const simple = '\x1b[1m SOL \x1b[22m\x1b[31m▲ 187.41\x1b[39m │ ✓';
  assert.deepEqual(tokenizeB.tokenize(simple), tokenizeA.tokenize(simple));
  assert.equal(counted('segmented.published'), 1);
  assert.equal(counted('segmented.patched'), 0, 'a line of ASCII, SGR and the narrow glyphs is not segmented');
  assert.deepEqual(tokenizeB.tokenize('漢字 🚀'), tokenizeA.tokenize('漢字 🚀'));
  assert.equal(counted('segmented.patched'), 1, 'a line with wide characters is');
  // the edit: characters drawn in one style share one styles array (the published makes one per character)
  const run = charsB.styledCharsFromTokens(tokenizeB.tokenize(simple));
  const published = charsA.styledCharsFromTokens(tokenizeA.tokenize(simple));
  assert.equal(new Set(published.map((c: { styles: unknown }) => c.styles)).size, published.length);
  assert.equal(new Set(run.map((c: { styles: unknown }) => c.styles)).size, 3, 'bold, red, and none');
  let checked = 0;
  for (const [i, line] of lines(20261126, 600).entries()) {
    const a = tokenizeA.tokenize(line);
    const b = tokenizeB.tokenize(line);
    assert.deepEqual(b, a, `tokens of line ${i}: ${JSON.stringify(line)}`);
    const end = i % 40;
    assert.deepEqual(
      tokenizeB.tokenize(line, end),
      tokenizeA.tokenize(line, end),
      `tokens up to ${end} columns of ${JSON.stringify(line)}`,
    );
    const styledA = charsA.styledCharsFromTokens(a);
    const styledB = charsB.styledCharsFromTokens(b);
    assert.deepEqual(styledB, styledA, `styled characters of ${JSON.stringify(line)}`);
    assert.equal(
      charsB.styledCharsToString(styledB),
      charsA.styledCharsToString(styledA),
      `the line drawn again from ${JSON.stringify(line)}`,
    );
    checked++;
  }
  assert.equal(checked, 600);
});

test('the bundled Ink keeps the same escapes of a text node as the published one, the first time and from its cache', async (t) => {
  const [a, b] = await bothVersions(t, 'ink/build/sanitize-ansi.js', (text, kind) =>
    replaceAll(
      text,
      'for (const token of tokenizeAnsi(text))',
      `for (const token of globalThis.__tdProbe.count('tokenized.${kind}', tokenizeAnsi(text)))`,
    ),
  );
  for (const line of lines(11, 600)) {
    const want = a.default(line);
    assert.equal(b.default(line), want, JSON.stringify(line));
    assert.equal(b.default(line), want, `again: ${JSON.stringify(line)}`);
  }
  // the edit: a styled text is tokenised once, not on every frame
  const styled = '\x1b[1mSOL\x1b[22m \x1b[2K187.41';
  const before = [counted('tokenized.published'), counted('tokenized.patched')];
  for (let frame = 0; frame < 3; frame++) assert.equal(b.default(styled), a.default(styled));
  assert.equal(counted('tokenized.published') - before[0], 3);
  assert.equal(counted('tokenized.patched') - before[1], 1);
});

test('the bundled string-width measures every kind of text as the published one does, making its segmenter and expressions when first needed', async (t) => {
  const published = readFileSync(join(root, 'node_modules', 'string-width', 'index.js'), 'utf8');
  // each Unicode-property expression reports when it is evaluated
  const literals = [...published.matchAll(/^const (\w+Regex) = (\/.+\/[a-z]*);$/gm)].map((m) => [m[1], m[2]]);
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

test('the bundled Ink measures and wraps texts as the published one, keeping only the latest 512 (the published keeps every text ever drawn)', async (t) => {
  const withCache = (text: string) => `${text}\nexport { cache as __tdCache };\n`;
  const [measureA, measureB] = await bothVersions(t, 'ink/build/measure-text.js', withCache);
  const [wrapA, wrapB] = await bothVersions(t, 'ink/build/wrap-text.js', withCache);
  const texts = lines(3, 100).map((l, i) => `${l}\n${i} s ago`);
  const measured = new Set<string>();
  const wrapped = new Set<string>();
  for (let i = 0; i < 1100; i++) {
    // a clock, ages and prices: a new text every time, and the same texts again
    const text = i % 2 ? texts[i % texts.length] : `12:${String(i).padStart(4, '0')} ${texts[i % 7]}`;
    assert.deepEqual(measureB.default(text), measureA.default(text), JSON.stringify(text));
    measured.add(text);
    const [width, wrap] = [9 + (i % 30), ['wrap', 'truncate', 'truncate-middle', 'truncate-start'][i % 4]];
    assert.equal(wrapB.default(text, width, wrap), wrapA.default(text, width, wrap), `${wrap} ${JSON.stringify(text)}`);
    wrapped.add(text + String(width) + wrap);
  }
  assert.equal(measureA.__tdCache.size, measured.size);
  assert.equal(measureB.__tdCache.size, 512);
  assert.equal(Object.keys(wrapA.__tdCache).length, wrapped.size);
  assert.equal(wrapB.__tdCache.size, 512);
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
      const look =
        ch === ' ' && !cell.isInverse() && !cell.isUnderline() && !cell.isStrikethrough()
          ? `${cell.getBgColorMode()}:${cell.getBgColor()}`
          : `${cell.getFgColorMode()}:${cell.getFgColor()}/${cell.getBgColorMode()}:${cell.getBgColor()}/${cell.isBold()}${cell.isDim()}${cell.isItalic()}${cell.isInverse()}${cell.isUnderline()}${cell.isStrikethrough()}`;
      row += `${JSON.stringify(ch)}${cell.getWidth()}${look} `;
    }
    out.push(row);
  }
  term.dispose();
  return out;
}

const SIMPLE_STYLES = [
  '',
  '\x1b[1m',
  '\x1b[31m',
  '\x1b[2m',
  '\x1b[7m',
  '\x1b[1;31m',
  '\x1b[38;2;10;20;30m',
  '\x1b[48;5;200m',
  '\x1b[4m',
  '\x1b[9m',
  '\x1b[0m',
  '\x1b[m',
];
const SIMPLE_CLOSE = ['', '\x1b[22m', '\x1b[39m', '\x1b[27m', '\x1b[0m', '\x1b[49m', '\x1b[24m', ''];

const oneColumn = (next: () => number) =>
  next() < 0.3
    ? NARROW_GLYPHS[Math.floor(next() * NARROW_GLYPHS.length)]
    : next() < 0.3
      ? ' '
      : String.fromCharCode(0x21 + Math.floor(next() * 94));

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
const CHALK = [
  ['\x1b[1m', '\x1b[22m'],
  ['\x1b[2m', '\x1b[22m'],
  ['\x1b[31m', '\x1b[39m'],
  ['\x1b[90m', '\x1b[39m'],
  ['\x1b[38;2;10;20;30m', '\x1b[39m'],
  ['\x1b[38;5;208m', '\x1b[39m'],
  ['\x1b[48;5;200m', '\x1b[49m'],
  ['\x1b[44m', '\x1b[49m'],
  ['\x1b[7m', '\x1b[27m'],
  ['\x1b[4m', '\x1b[24m'],
  ['\x1b[9m', '\x1b[29m'],
  ['\x1b[3m', '\x1b[23m'],
];

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

type Op =
  | { kind: 'write'; x: number; y: number; text: string; transformers: Array<(s: string, i: number) => string> }
  | { kind: 'clip'; clip: Record<string, number | undefined> }
  | { kind: 'unclip' };

const TRANSFORMERS: Array<Array<(s: string, i: number) => string>> = [
  [],
  [],
  [(s) => `\x1b[7m${s}\x1b[27m`],
  [(s, i) => (i % 2 ? s.toUpperCase() : s)],
  [(s) => `\x1b[1m${s}\x1b[22m`],
  [(s) => `\x1b[7m${s}`],
];

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
      ops.push({
        kind: 'write',
        x,
        y,
        text,
        transformers: TRANSFORMERS[Math.floor(next() * (tableLike ? 4 : TRANSFORMERS.length))],
      });
      x += w + Math.floor(next() * 3);
    }
  }
  if (!tableLike) {
    // a text over the last column of another
    const under = ops[Math.floor(next() * ops.length)];
    if (under?.kind === 'write') {
      const w = under.text.replace(/\x1b\[[0-9;]*m/g, '').length;
      ops.push({
        kind: 'write',
        x: under.x + w - 1,
        y: under.y,
        text: simpleText(next, 1 + Math.floor(next() * 5)),
        transformers: [],
      });
    }
    for (let k = Math.floor(next() * 6); k > 0; k--) {
      const r = next();
      if (r < 0.15)
        ops.push({
          kind: 'clip',
          clip: {
            x1: Math.floor(next() * 10),
            x2: 10 + Math.floor(next() * 30),
            y1: next() < 0.5 ? 1 : undefined,
            y2: next() < 0.5 ? 6 : undefined,
          },
        });
      else if (r < 0.25) ops.push({ kind: 'unclip' });
      const text =
        next() < 0.5 ? lines(Math.floor(next() * 1e6), 3).join('\n') : simpleText(next, 1 + Math.floor(next() * 20));
      ops.push({
        kind: 'write',
        x: Math.floor(next() * (FW + 4)) - 2,
        y: Math.floor(next() * (FH + 2)) - 1,
        text,
        transformers: TRANSFORMERS[Math.floor(next() * TRANSFORMERS.length)],
      });
    }
  }
  // the published Output walks its operations in order; rows are written in any order by Ink
  if (next() < 0.5) ops.reverse();
  return ops;
}

test("the bundled Ink's Output gives frames that show the same cells as the published one's, joining table-like rows as text", async (t) => {
  const [a, b] = await bothVersions(t, 'ink/build/output.js');
  let joined = 0;
  for (let f = 0; f < 200; f++) {
    const tableLike = f % 2 === 0;
    const ops = randomOps(9000 + f * 7919, tableLike);
    const outs = [a, b].map((m) => {
      const out = new m.default({ width: FW, height: FH });
      let grid = 0;
      const caches = out.caches;
      out.caches = Object.create(caches, {
        getStyledChars: { value: (line: string) => (grid++, caches.getStyledChars(line)) },
      });
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
    assert.equal(
      y,
      -1,
      `frame ${f}, line ${y}: ${JSON.stringify(outs[0].output.split('\n')[y])} shows otherwise as ${JSON.stringify(outs[1].output.split('\n')[y])}`,
    );
    if (tableLike) {
      assert.ok(outs[0].grid > 0, `frame ${f}: the published Output tokenises its lines`);
      assert.equal(outs[1].grid, 0, `frame ${f} is table-like: no line goes through the grid`);
      joined++;
    }
  }
  assert.ok(joined >= 100, `${joined} table-like frames`);
});

test("the bundled Ink's Output keeps its caches from frame to frame, bounded, and does not make the text of a row of the same cells again", async (t) => {
  const [a, b] = await bothVersions(t, 'ink/build/output.js', (text, kind) =>
    replaceAll(
      text,
      'styledCharsToString(lineWithoutEmptyItems)',
      `globalThis.__tdProbe.count('rowText.${kind}', styledCharsToString(lineWithoutEmptyItems))`,
    ),
  );
  const frame = (m: any) => new m.default({ width: FW, height: FH });
  assert.notEqual(frame(a).caches, frame(a).caches, 'the published Output starts each frame with empty caches');
  assert.equal(frame(b).caches, frame(b).caches, 'the edited one keeps one set');
  // a frame the grid draws (a character the edits do not count), twice: the second time, each row is the same cells
  const ops = (out: any) => {
    for (let y = 0; y < FH; y++) out.write(1, y, `\x1b[1mé ${y}\x1b[22m row ${y}`, { transformers: [] });
    return out.get().output;
  };
  const first = [ops(frame(a)), ops(frame(b))];
  assert.equal(first[1], first[0]);
  const made = [counted('rowText.published'), counted('rowText.patched')];
  assert.deepEqual(made, [FH, FH], 'the first frame makes the text of every row');
  assert.equal(ops(frame(b)), ops(frame(a)));
  assert.equal(counted('rowText.published'), 2 * FH, 'the published Output makes it again');
  assert.equal(counted('rowText.patched'), FH, 'the edited one takes the row drawn there before');
  // a row that changed is made again
  const changed = [frame(a), frame(b)].map((out) => {
    out.write(1, 0, '\x1b[1mé changed\x1b[22m', { transformers: [] });
    return out.get().output;
  });
  assert.equal(changed[1], changed[0]);
  // the shared caches hold at most what they were bounded to, however many texts are drawn
  const out = frame(b);
  for (let i = 0; i < 3000; i++) out.write(0, i % FH, `漢 ${i}`, { transformers: [] });
  out.get();
  assert.ok(
    out.caches.widths.size <= 1024 && out.caches.styledChars.size <= 256,
    `${out.caches.widths.size} widths, ${out.caches.styledChars.size} lines`,
  );
});

test('the bundled slice-ansi (its segmenter and emoji expression made at first use) splits every kind of line into the same tokens', async (t) => {
  const [a, b] = await bothVersions(t, 'slice-ansi/tokenize-ansi.js');
  for (const line of lines(11, 300)) {
    assert.deepEqual(b.default(line), a.default(line), JSON.stringify(line));
    assert.deepEqual(
      b.default(line, { endCharacter: 7 }),
      a.default(line, { endCharacter: 7 }),
      `up to 7 of ${JSON.stringify(line)}`,
    );
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

test('the bundled terminal-size answers as the published one and loads node:child_process only when it runs a program', async (t) => {
  const [a, b] = await bothVersions(t, 'terminal-size/index.js');
  assert.deepEqual(b.default(), a.default());
  // in a process of its own: which of Node's modules each copy loads when it is imported
  const path = join(root, 'node_modules', 'terminal-size', 'index.js');
  const loads = (text: string) => {
    const copy = join(dirname(path), `.td-loads-${process.pid}-${copies++}.js`);
    writeFileSync(copy, text);
    t.after(() => rmSync(copy, { force: true }));
    const probe = `await import(${JSON.stringify(pathToFileURL(copy).href)}); console.log(process.moduleLoadList.some((m) => /child_process/.test(m)))`;
    return spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' }).stdout.trim();
  };
  const published = readFileSync(path, 'utf8');
  assert.equal(loads(published), 'true', 'the published module loads node:child_process when imported');
  assert.equal(loads(patchSource('terminal-size/index.js', published, path)), 'false', 'the edited one does not');
});
