// The one sanitiser (src/text/sanitize.ts) and the places that draw through it: every family of
// terminal control a hostile service could put in a token's symbol or name is gone, whole (not
// just its ESC byte), from what is drawn: the text helpers every component fits its text with, the
// frame writer's last guard, headless tables and the headless confirm prompt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { sanitize, sanitizeStyled } from '../src/text/sanitize.js';
import { padCell, truncate, wrapText } from '../components/base/text.js';
import { createFrameSink } from '../src/terminal/index.js';
import { clean, printTable } from '../src/commands/print.js';
import { dialogText } from '../src/commands/signing.js';
import type { ConfirmView } from '../src/store/confirm.js';
import { nth } from './support/narrow.js';

/** Each family of sequence, as a hostile symbol would carry it, and what must be left of it. */
export const HOSTILE: Array<[string, string]> = [
  ['OSC 52 clipboard write, BEL', 'A\x1b]52;c;ZXZpbA==\x07B'],
  ['OSC 0 window title, BEL', 'A\x1b]0;pwned\x07B'],
  ['OSC terminated by ST', 'A\x1b]8;;http://evil\x1b\\B'],
  ['CSI erase display', 'A\x1b[2JB'],
  ['CSI with private parameters', 'A\x1b[?1049lB'],
  ['DCS … ST', 'A\x1bPq#0;2;0;0;0\x1b\\B'],
  ['APC … ST', 'A\x1b_Gf=100;AAAA\x1b\\B'],
  ['PM … ST', 'A\x1b^private\x1b\\B'],
  ['SOS … ST', 'A\x1bXstring\x1b\\B'],
  ['8-bit CSI', 'A\u009b2JB'],
  ['8-bit OSC', 'A\u009d0;title\u0007B'],
  ['ESC c (full reset)', 'A\x1bcB'],
  ['right-to-left override', 'A\u202eB'],
  ['isolate', 'A\u2067B\u2069'],
  ['zero-width space', 'A\u200bB'],
  ['BOM and word joiner', 'A\ufeff\u2060B'],
  ['C0 controls and DEL', 'A\x07\x08\x00\x7fB'],
];

// Anything that could act on a terminal: ESC, C0 but nothing, C1, bidi, zero-width.
const ACTIVE = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

test('every family of sequence is removed whole, the text around it kept', () => {
  for (const [what, text] of HOSTILE) {
    const out = sanitize(text);
    assert.equal(out.replace(/ /g, ''), 'AB', `${what}: ${JSON.stringify(out)}`);
    assert.ok(!ACTIVE.test(out), what);
  }
  // nothing of a payload survives as text either
  assert.equal(sanitize('x\x1b]52;c;ZXZpbA==\x07y'), 'xy');
  assert.equal(sanitize('x\x1b]0;pwned'), 'x', 'an unterminated string sequence takes the rest with it');
  assert.equal(sanitize('a\tb\r\nc'), 'a b c');
  assert.equal(sanitize('a\r\nb\u2028c', { lines: true }), 'a\nb\nc');
  assert.equal(sanitize(null), '');
  assert.equal(sanitize(12), '12');
  assert.equal(sanitize('Jupiter 木星 🚀 ü'), 'Jupiter 木星 🚀 ü', 'ordinary text is untouched');
});

test('the text helpers every component draws with sanitise: padCell, truncate, wrapText', () => {
  for (const [what, text] of HOSTILE) {
    const cell = padCell(text, 6);
    assert.equal(cell, 'AB    ', what);
    assert.ok(!ACTIVE.test(truncate(text + 'x'.repeat(20), 5)), what);
    assert.ok(
      wrapText(`${text} ${text}\n${text}`, 4).every((l) => !ACTIVE.test(l)),
      what,
    );
  }
  // a right-to-left override cannot turn a row around: the border after it stays where it is
  assert.equal(padCell('\u202eCSU', 5) + '│', 'CSU  │');
});

test('the frame writer lets only SGR styles through, whatever a component drew', () => {
  const out: string[] = [];
  const target = Object.assign(new EventEmitter(), { columns: 40, rows: 4, write: (c: string) => out.push(c) });
  const sink = createFrameSink(target, 1000);
  sink.write(
    HOSTILE.map(([, t]) => `\x1b[31m${t}\x1b[39m`)
      .slice(0, 4)
      .join('\n'),
  );
  sink.flush();
  sink.write(
    HOSTILE.map(([, t]) => `\x1b[1m${t}\x1b[22m`)
      .slice(4, 8)
      .join('\n'),
  );
  sink.flush();
  sink.close();
  const bytes = out.join('');
  // the writer's own sequences: cursor moves, erases, SGR, synchronized update
  const leftover = bytes.replace(/\x1b\[[0-9;?]*[HKJmCh l]/g, '').replace(/\x1b\[\?2026[hl]/g, '');
  assert.ok(!ACTIVE.test(leftover), JSON.stringify(leftover));
  assert.ok(!bytes.includes('52;c') && !bytes.includes('pwned') && !bytes.includes('1049'), JSON.stringify(bytes));
  assert.equal(sanitizeStyled('\x1b[31mred\x1b[39m'), '\x1b[31mred\x1b[39m', 'a clean line is left as it is');
});

test('headless: tables and the confirm prompt print no control sequence', () => {
  const table = printTable(
    ['SYMBOL', 'NAME'],
    HOSTILE.map(([, t]) => [t, t]),
  );
  assert.ok(!ACTIVE.test(table.replace(/\n/g, '')), JSON.stringify(table));
  for (const [what, t] of HOSTILE) assert.equal(clean(t), 'AB', what);
  const view = {
    title: `Limit order: sell 1 ${nth(HOSTILE, 0)[1]} for ${nth(HOSTILE, 1)[1]}`,
    summary: HOSTILE.map(([, t]) => ({ label: t, value: t })),
    facts: [nth(HOSTILE, 2)[1]],
    warnings: [nth(HOSTILE, 3)[1]],
    confirmLabel: 'Sign',
  } as unknown as ConfirmView;
  const text = dialogText(view);
  assert.ok(!ACTIVE.test(text.replace(/\n/g, '')), JSON.stringify(text));
  assert.match(text, /^Limit order: sell 1 AB for AB\n/);
});
