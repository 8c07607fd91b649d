// Ink's output stage as the bundle has it (src/terminal/output.ts) beside Ink's own
// (ink/build/output.js, as published): fed the same write, clip and unclip calls, the rows of cells
// ours hands to the frame writer are the cells the writer got by parsing the published Output's
// text (sanitised, as the writer did, and without the blank cells at a row's end, which the writer
// takes as the row's end). Texts of every kind a frame holds: ASCII, the narrow glyphs, wide
// characters, emoji sequences, combining marks, white space beyond ASCII, styles as chalk writes
// them, reset sequences, transformers, clips, texts that overlap, start left of or above the frame
// or run past its width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NARROW_GLYPHS } from '../../scripts/bundle-patches.mjs';
import { type Cells, isBlank, parseLine } from '../../src/terminal/cells.js';
import Output, { type Clip, takeInkFrames } from '../../src/terminal/output.js';
import { sanitizeStyled } from '../../src/text/sanitize.js';
import { prng } from '../support/prng.js';
import { first, nth } from '../support/narrow.js';

const root = join(import.meta.dirname, '..', '..');

interface InkOutput {
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: Clip): void;
  unclip(): void;
  get(): { output: string; height: number };
}
type Transformer = (line: string, index: number) => string;
const { default: Published } = (await import(
  pathToFileURL(join(root, 'node_modules', 'ink', 'build', 'output.js')).href
)) as { default: new (o: { width: number; height: number }) => InkOutput };

/** A row's cells without the blanks at its end. */
const trimmed = (c: Cells): Cells => {
  let end = c.chars.length;
  while (end > 0 && isBlank(c, end - 1)) end--;
  return { chars: c.chars.slice(0, end), styles: c.styles.slice(0, end) };
};

type Op =
  | { kind: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
  | { kind: 'clip'; clip: Clip }
  | { kind: 'unclip' };

function play(out: InkOutput, ops: readonly Op[]): void {
  for (const op of ops) {
    if (op.kind === 'write') out.write(op.x, op.y, op.text, { transformers: op.transformers });
    else if (op.kind === 'clip') out.clip(op.clip);
    else out.unclip();
  }
}

/** The rows the published Output and the writer's parse of its text give, and the height. */
function published(width: number, height: number, ops: readonly Op[]): { rows: Cells[]; height: number } {
  const out = new Published({ width, height });
  play(out, ops);
  const { output, height: h } = out.get();
  return { rows: output.split('\n').map((l) => trimmed(parseLine(sanitizeStyled(l)))), height: h };
}

/** The frames ours hands on, while `during` runs. */
function taking(during: () => void): Array<readonly Cells[]> {
  const frames: Array<readonly Cells[]> = [];
  const stop = takeInkFrames((rows) => frames.push(rows));
  try {
    during();
  } finally {
    stop();
  }
  return frames;
}

/** The rows ours hands on for the same calls (after the frames before it, if any), and what it answers Ink. */
function ours(width: number, height: number, ops: readonly Op[]): { rows: Cells[]; height: number; output: string } {
  let answer = { output: '', height: 0 };
  const frames = taking(() => {
    const out = new Output({ width, height });
    play(out, ops);
    answer = out.get();
  });
  assert.equal(frames.length, 1, 'the frame was handed on when Ink read it');
  return { rows: [...nth(frames, 0)], ...answer };
}

const show = (c: Cells) => c.chars.map((ch, i) => `${ch || '·'}${c.styles[i] ? `{${c.styles[i]}}` : ''}`).join('');

function assertSame(width: number, height: number, ops: readonly Op[], what: string): void {
  const want = published(width, height, ops);
  const got = ours(width, height, ops);
  assert.equal(got.output, '', `${what}: Ink is given no text`);
  assert.equal(got.height, want.height, `${what}: height`);
  const y = want.rows.findIndex((row, i) => show(row) !== show(got.rows[i] ?? { chars: [], styles: [] }));
  assert.equal(
    y,
    -1,
    y < 0 ? '' : `${what}, row ${y}:\n  published ${show(nth(want.rows, y))}\n  ours      ${show(nth(got.rows, y))}`,
  );
  assert.deepEqual(got.rows, want.rows, what);
}

test('a frame of wide glyphs, colours and clipping lands in the same cells as through the published Output and the parse of its text', () => {
  const red = (s: string) => `\x1b[31m${s}\x1b[39m`;
  const bold = (s: string) => `\x1b[1m${s}\x1b[22m`;
  const ops: Op[] = [
    // a border and a title, as Ink's render-border writes them
    { kind: 'write', x: 0, y: 0, text: `╭${'─'.repeat(18)}╮`, transformers: [] },
    { kind: 'write', x: 2, y: 0, text: bold(' 漢字 SOL '), transformers: [] },
    // a box that hides its overflow, 3 columns in from each side
    { kind: 'clip', clip: { x1: 3, x2: 17, y1: 1, y2: 4 } },
    // wide characters across both edges of the clip, colours inside them
    { kind: 'write', x: 2, y: 1, text: `漢${red('字 ▲ 187.41 漢字')}`, transformers: [] },
    {
      kind: 'write',
      x: 1,
      y: 2,
      text: `🚀 ${bold(red('+0.35%'))} ☺\ufe0f 🇺🇸`,
      transformers: [(s) => `\x1b[7m${s}\x1b[27m`],
    },
    // lines above and below the clip
    { kind: 'write', x: 4, y: 0, text: 'above\nin one\n\x1b[44min two\x1b[49m\nin three\nbelow', transformers: [] },
    { kind: 'unclip' },
    // a later text over the second half of a wide character, and one past the width
    { kind: 'write', x: 0, y: 5, text: red('漢字漢字'), transformers: [] },
    { kind: 'write', x: 3, y: 5, text: 'x', transformers: [] },
    { kind: 'write', x: 18, y: 5, text: bold('overflow'), transformers: [] },
  ];
  assertSame(20, 6, ops, 'the frame');
  const { rows } = ours(20, 6, ops);
  // the cells themselves: a wide character takes two, the second ''
  assert.equal(nth(rows, 5).chars.slice(0, 5).join('|'), '漢||字||x');
  assert.equal(nth(rows, 5).styles[0], '31');
  assert.equal(nth(rows, 5).chars.join(''), `漢字x漢字${' '.repeat(10)}overflow`);
});

// ---------------------------------------------------------------- random frames

const PIECES = [
  'SOL',
  'Bonk ',
  '  187.41',
  '+0.35%',
  ' ',
  '   ',
  '0.0₄7376',
  'x',
  '漢字',
  'ｱ',
  '🚀',
  'e\u0301',
  '🇺🇸',
  '☺\ufe0f',
  '1\ufe0f\u20e3',
  'é',
  'Ω',
  '\u00a0',
  '\u3000',
  '\u00ad',
];

// styles as chalk writes them (Ink's Text): each opened and closed, one inside another at times.
// A frame is either bold or faint (`w`, 1 or 2), never both: where one of them ends while the other
// stays, Ink's ansi-tokenize ends both (see the test after these).
const CHALK = (w: string) => [
  [`\x1b[${w}m`, '\x1b[22m'],
  ['\x1b[3m', '\x1b[23m'],
  ['\x1b[4m', '\x1b[24m'],
  ['\x1b[7m', '\x1b[27m'],
  ['\x1b[9m', '\x1b[29m'],
  ['\x1b[31m', '\x1b[39m'],
  ['\x1b[90m', '\x1b[39m'],
  ['\x1b[38;5;208m', '\x1b[39m'],
  ['\x1b[38;2;10;20;30m', '\x1b[39m'],
  ['\x1b[44m', '\x1b[49m'],
  ['\x1b[48;5;200m', '\x1b[49m'],
  [`\x1b[${w};31m`, '\x1b[0m'],
];

function text(next: () => number, w: string): string {
  const styles = CHALK(w);
  let out = '';
  for (let runs = 1 + Math.floor(next() * 4); runs > 0; runs--) {
    let run = '';
    for (let n = 1 + Math.floor(next() * 4); n > 0; n--) {
      const r = next();
      run +=
        r < 0.3
          ? NARROW_GLYPHS[Math.floor(next() * NARROW_GLYPHS.length)]
          : r < 0.5
            ? String.fromCharCode(0x21 + Math.floor(next() * 94))
            : PIECES[Math.floor(next() * PIECES.length)];
    }
    if (next() < 0.6) {
      const [open, close] = nth(styles, Math.floor(next() * styles.length));
      run = open + run + close;
      if (next() < 0.3) {
        const [o2, c2] = nth(styles, Math.floor(next() * styles.length));
        run = o2 + run + c2;
      }
    }
    out += run;
  }
  return out;
}

const TRANSFORMERS = (w: string): Transformer[][] => [
  [],
  [],
  [],
  [(s) => `\x1b[7m${s}\x1b[27m`],
  // (what changes letters must leave the escapes alone: "m" upper-cased is no SGR sequence)
  [(s, i) => (i % 2 ? s.replace(/o/g, '0') : s)],
  [(s) => `\x1b[${w}m${s}\x1b[22m`, (s) => `\x1b[32m${s}`],
];

/** A frame as Ink's renderer writes one: rows of texts side by side, and texts over them, clipped, multi-line, partly outside. */
function randomOps(next: () => number, width: number, height: number, w = next() < 0.5 ? '1' : '2'): Op[] {
  const transformers = TRANSFORMERS(w);
  const ops: Op[] = [];
  for (let y = 0; y < height; y++) {
    let x = Math.floor(next() * 3);
    while (x < width - 1 && next() < 0.7) {
      const t = text(next, w);
      ops.push({
        kind: 'write',
        x,
        y,
        text: t,
        transformers: nth(transformers, Math.floor(next() * transformers.length)),
      });
      x += 4 + Math.floor(next() * 10);
    }
  }
  for (let k = Math.floor(next() * 8); k > 0; k--) {
    const r = next();
    if (r < 0.25) {
      const clip: Clip = {};
      if (next() < 0.8) {
        clip.x1 = Math.floor(next() * 10);
        clip.x2 = clip.x1 + Math.floor(next() * (width - clip.x1 + 2));
      }
      if (next() < 0.6) {
        clip.y1 = Math.floor(next() * 3);
        clip.y2 = clip.y1 + Math.floor(next() * height);
      }
      ops.push({ kind: 'clip', clip });
    } else if (r < 0.35) ops.push({ kind: 'unclip' });
    const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => text(next, w));
    ops.push({
      kind: 'write',
      x: Math.floor(next() * (width + 6)) - 3,
      y: Math.floor(next() * (height + 2)) - 1,
      text: lines.join('\n'),
      transformers: nth(transformers, Math.floor(next() * transformers.length)),
    });
  }
  return ops;
}

test('random frames land in the same cells as through the published Output and the parse of its text', () => {
  const next = prng(20261203);
  for (let f = 0; f < 400; f++) {
    const width = 8 + Math.floor(next() * 40);
    const height = 1 + Math.floor(next() * 8);
    assertSame(width, height, randomOps(next, width, height), `frame ${f} (${width}x${height})`);
  }
});

test('frames in a row, each changing a few of the texts of the one before, land in the same cells as through the published Output', () => {
  const next = prng(20261204);
  let sequences = 0;
  for (let run = 0; run < 60; run++) {
    const width = 8 + Math.floor(next() * 40);
    const height = 1 + Math.floor(next() * 8);
    const w = next() < 0.5 ? '1' : '2';
    let ops = randomOps(next, width, height, w);
    const want: Cells[][] = [];
    const got = taking(() => {
      for (let f = 0; f < 6; f++) {
        want.push(published(width, height, ops).rows);
        const out = new Output({ width, height });
        play(out, ops);
        out.get();
        // the next frame: a few texts new, the rest as they were
        ops = ops.map((op) =>
          op.kind === 'write' && next() < 0.15
            ? {
                ...op,
                text:
                  next() < 0.5
                    ? op.text.replace(
                        /(\x1b\[[0-9;]*m)|[0-9]/g,
                        (d, sgr?: string) => sgr ?? String((Number(d) + 1) % 10),
                      )
                    : text(next, w),
              }
            : op,
        );
      }
    });
    assert.equal(got.length, want.length);
    for (const [f, rows] of got.entries()) assert.deepEqual(rows, want[f], `run ${run}, frame ${f}`);
    sequences++;
  }
  assert.equal(sequences, 60);
});

test('a control character in one text is sanitised there and moves none of the texts beside it', () => {
  const ops: Op[] = [
    {
      kind: 'write',
      x: 0,
      y: 0,
      text: 'a\tb\x1b[2Kc\x1b]8;;https://example.com\x07link\x1b]8;;\x07',
      transformers: [],
    },
    { kind: 'write', x: 12, y: 0, text: '\x1b[1mSOL\x1b[22m', transformers: [] },
  ];
  const { rows } = ours(20, 1, ops);
  // (a tab becomes a space)
  assert.equal(nth(rows, 0).chars.join(''), `a bclink${' '.repeat(4)}SOL`, 'SOL stays at column 12');
  assert.deepEqual(nth(rows, 0).styles.slice(12), ['1', '1', '1'], 'bold');
  // the published Output gave the tab, the erase and the link their own columns, which the
  // writer's sanitiser then removed: SOL moved left
  const want = published(20, 1, ops);
  assert.equal(nth(want.rows, 0).chars.join('').indexOf('SOL'), 8);
});

test('a row that did not change is handed on as the same object, so the writer skips it', () => {
  const frames = taking(() => {
    for (const price of ['187.41', '187.42']) {
      const out = new Output({ width: 20, height: 3 });
      out.write(0, 0, '\x1b[1mtradedeck\x1b[22m', { transformers: [] });
      out.write(0, 1, `SOL ${price}`, { transformers: [] });
      out.write(0, 2, 'q quit', { transformers: [] });
      out.get();
    }
  });
  const [a, b] = first(frames, 2);
  assert.equal(b[0], a[0]);
  assert.notEqual(b[1], a[1]);
  assert.equal(nth(b, 1).chars.join(''), 'SOL 187.42');
  assert.equal(b[2], a[2]);
});

test("<Static>'s rows stay above every later frame, as Ink's debug output keeps them", () => {
  const frames: Array<readonly Cells[]> = [];
  const stop = takeInkFrames((rows) => frames.push(rows));
  try {
    const text = (rows: readonly Cells[]) => rows.map((r) => r.chars.join(''));
    // a render as Ink's renderer makes one: the frame's Output, then <Static>'s, read in that order
    const render = (frame: string, statics?: string[]) => {
      const main = new Output({ width: 10, height: 1 });
      main.write(0, 0, frame, { transformers: [] });
      let st: Output | undefined;
      if (statics) {
        st = new Output({ width: 10, height: statics.length });
        statics.forEach((s, y) => st!.write(0, y, s, { transformers: [] }));
      }
      main.get();
      assert.equal(frames.length, render.count + (statics ? 0 : 1), "a frame with <Static> waits for <Static>'s rows");
      st?.get();
      render.count++;
    };
    render.count = 0;
    render('one', ['log 1', 'log 2']);
    assert.deepEqual(text(nth(frames, 0)), ['log 1', 'log 2', 'one']);
    render('two');
    assert.deepEqual(text(nth(frames, 1)), ['log 1', 'log 2', 'two']);
    // a <Static> with nothing new: an Output of no rows adds none
    render('three', []);
    assert.deepEqual(text(nth(frames, 2)), ['log 1', 'log 2', 'three']);
    render('four', ['log 3']);
    assert.deepEqual(text(nth(frames, 3)), ['log 1', 'log 2', 'log 3', 'four']);
  } finally {
    stop();
  }
});

test('where Ink drops a style its text sets, the cells have what the text says, as a terminal given the text shows it', () => {
  const cases = [
    // faint ends while bold stays: Ink's ansi-tokenize writes 22, which ends both
    ['\x1b[1m\x1b[2mdim\x1b[22m\x1b[1mbold\x1b[22m', 'bold'],
    // \x1b[m is a reset to a terminal; ansi-tokenize keeps the styles before it, and then takes a
    // bold set again after it for one it has, and writes it no more
    ['\x1b[1mA\x1b[m\x1b[1;31mB\x1b[0m', 'B'],
  ] as const;
  for (const [text, word] of cases) {
    const ops: Op[] = [{ kind: 'write', x: 0, y: 0, text, transformers: [] }];
    const terminal = trimmed(parseLine(text));
    const at = terminal.chars.join('').indexOf(word);
    assert.match(nth(terminal.styles, at), /(^|;)1(;|$)/, `a terminal shows ${word} bold`);
    assert.deepEqual(ours(20, 1, ops).rows[0], terminal, JSON.stringify(text));
    assert.doesNotMatch(
      nth(nth(published(20, 1, ops).rows, 0).styles, at),
      /(^|;)1(;|$)/,
      `Ink's text of ${JSON.stringify(text)}`,
    );
  }
});
