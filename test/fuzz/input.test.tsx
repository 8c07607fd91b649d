// Fuzzing what a person types, through the real app (the same services and simulator as the
// dashboard, rendered at 80x24): the command bar and every form field (Swap form, Orders n and f
// lines, Studio form, Portfolio f) get random and adversarial strings: control characters, escape
// sequences, huge, negative and exponent amounts, 10 000 characters, wide Unicode. Nothing may
// crash or quit, no escape sequence or control character may reach the frame raw, no line may be
// wider than the terminal, and the app must still answer keys afterwards. Seeded: set
// TRADEDECK_FUZZ_SEED to replay a failure (the seed is printed).
//
// By default every adversarial string goes through one field (the list shuffled by the seed and
// dealt round the fields, so each field gets four) and each field gets two random strings more;
// TRADEDECK_FUZZ_FULL=1 sends every adversarial string through every field, with
// TRADEDECK_FUZZ_CASES (default 4) random strings each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { typeKeys, waitForFrame } from '../support/ink.js';
import parseKeypress from '../../node_modules/ink/build/parse-keypress.js';
import { createInputParser } from '../../node_modules/ink/build/input-parser.js';
import { prng } from '../support/prng.js';
import { nth } from '../support/narrow.js';

const SEED = Number(process.env.TRADEDECK_FUZZ_SEED ?? 20261124);
const FULL = process.env.TRADEDECK_FUZZ_FULL === '1';
const PER_TARGET = Number(process.env.TRADEDECK_FUZZ_CASES ?? (FULL ? 4 : 2));
const LONG = 'x'.repeat(10_000);

/**
 * Ink (use-input) throws on a chunk that parse-keypress reads as a ctrl key without a name, such as
 * a pasted colour sequence "\x1b[31mred\x1b[0m": the real program dies with "unexpected error:
 * Cannot read properties of undefined (reading 'startsWith')". Those inputs are kept out of the
 * main loop and reproduced by the todo test at the end, until the fix lands.
 */
function inkThrowsOn(input: string): boolean {
  const parser = createInputParser();
  const events: string[] = [...parser.push(input)];
  const rest = parser.flushPendingEscape();
  if (rest) events.push(rest);
  return events.some((e) => {
    const k = parseKeypress(e) as { ctrl?: boolean; name?: string; isKittyProtocol?: boolean };
    return !k.isKittyProtocol && k.ctrl === true && typeof k.name !== 'string';
  });
}

export const ADVERSARIAL: string[] = [
  '\x1b[31mred\x1b[0m',
  '\x1b]0;pwned\x07',
  '\x1b]8;;https://evil.invalid\x07link\x1b]8;;\x07',
  '\x1b[2J\x1b[H',
  '\x1b[?1049l',
  '\x9b31m',
  '\x07\x07bell',
  'a\x00b\x01c\x7f',
  '\x08\x08\x08',
  '1e308',
  '-1',
  '-0.000001',
  '1e-9',
  '1E3',
  '0x10',
  'NaN',
  'Infinity',
  '99999999999999999999999999999999999999',
  '0.0000000000000000000000000001',
  '1,000.5',
  '１２３',
  '🚀🚀🚀 SOL',
  '漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字',
  'e\u0301\u0301\u0301\u0301',
  '\u202eDSU\u202c',
  '\u200b\u200b\u200b',
  'swap 1e9 SOL USDC',
  'limit -1 SOL 500 USDC',
  'dca 1e400 USDC SOL 3 1h',
  'cancel ../../etc/passwd',
  'rows 1e9',
  'goto \x1b[31m',
];

const ALPHABET = [
  'a',
  'Z',
  '0',
  '9',
  '.',
  '-',
  'e',
  ' ',
  '/',
  ':',
  '>',
  '%',
  '\x1b',
  '\x1b[',
  '\x00',
  '\x7f',
  '\t',
  '\x05',
  '😀',
  '界',
  '\u0301',
  'SOL',
  'USDC',
  '1e',
  '\u2028',
];

function randomInput(next: () => number): string {
  const kind = Math.floor(next() * 4);
  if (kind === 0) return nth(ADVERSARIAL, Math.floor(next() * ADVERSARIAL.length));
  const n = kind === 3 ? 100 + Math.floor(next() * 200) : 1 + Math.floor(next() * 24);
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return s;
}

/** Raw control characters and escape sequences that must never reach the screen. */
const RAW = /[\x00-\x09\x0b-\x1f\x7f\x9b]/;

function checkFrame(d: Dashboard, where: string, input: string): string {
  const frame = d.app.lastFrame() ?? '';
  const label = `${where} after ${JSON.stringify(input.length > 60 ? `${input.slice(0, 60)}… (${input.length} chars)` : input)} (seed ${SEED})`;
  const raw = RAW.exec(frame);
  assert.equal(raw, null, `${label}: a raw control character ${JSON.stringify(raw?.[0])} reached the frame`);
  for (const line of frame.split('\n'))
    assert.ok(stringWidth(line) <= 80, `${label}: a line ${stringWidth(line)} columns wide: ${line.slice(0, 100)}`);
  assert.ok(frame.split('\n').length <= 24, `${label}: ${frame.split('\n').length} lines`);
  assert.doesNotMatch(frame, /Unhandled|^\s+at \S+ \(|TypeError|ReferenceError/m, `${label}: an error on screen`);
  assert.equal(d.quits, 0, `${label}: the app quit`);
  return frame;
}

/** Back to a known state: Esc out of whatever is open, then the screen's key; the tab bar shows. */
async function reset(d: Dashboard, key: string): Promise<void> {
  await typeKeys(d.app, 'escape', 'escape', 'escape');
  await new Promise((r) => setTimeout(r, 20));
  await typeKeys(d.app, key);
  await waitForFrame(d.app, (f) => f.includes('1 Tokens') && !f.includes('y confirm'), 5000);
}

interface Target {
  name: string;
  screen: string;
  /** keys that open the field for editing */
  open: string[];
  ready: (frame: string) => boolean;
  /** keys after the text */
  close: string[];
}

const TARGETS: Target[] = [
  {
    name: 'command bar',
    screen: '1',
    open: [':'],
    ready: (f) => /^:/m.test(f.split('\n').slice(-3).join('\n')),
    close: ['enter'],
  },
  { name: 'Swap form: From', screen: '2', open: ['enter'], ready: (f) => f.includes('✎'), close: ['enter'] },
  {
    name: 'Swap form: Amount',
    screen: '2',
    open: ['down', 'down', 'enter'],
    ready: (f) => f.includes('✎'),
    close: ['enter'],
  },
  {
    name: 'Orders: n (new order line)',
    screen: '3',
    open: ['n'],
    ready: (f) =>
      f
        .split('\n')
        .slice(-4)
        .some((l) => /^\S*(limit|new|order)|›|:/i.test(l)),
    close: ['enter'],
  },
  { name: 'Orders: f (filter line)', screen: '3', open: ['f'], ready: () => true, close: ['enter'] },
  {
    name: 'Studio form: Name',
    screen: '6',
    open: ['n', 'enter'],
    ready: (f) => f.includes('✎'),
    close: ['enter', 's'],
  },
  { name: 'Studio form: Symbol', screen: '6', open: ['n', 'tab', 'enter'], ready: () => true, close: ['enter', 's'] },
  {
    name: 'Portfolio: f (platforms)',
    screen: '5',
    open: ['f'],
    ready: (f) => f.includes('platforms:'),
    close: ['enter'],
  },
];

test(`every text input survives random and adversarial strings (seed ${SEED})`, async (t) => {
  t.diagnostic(`seed ${SEED}; replay with TRADEDECK_FUZZ_SEED=${SEED}`);
  const d = await startDashboard({ columns: 80, rows: 24 });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('1 Tokens'), 10_000);
  const next = prng(SEED);
  // the adversarial strings in an order of the seed, dealt round the fields: each string once
  const dealt = ADVERSARIAL.map((input) => ({ input, key: next() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.input);
  for (const [i, target] of TARGETS.entries()) {
    await t.test(target.name, async () => {
      const drawn = [
        ...(FULL ? ADVERSARIAL : dealt.filter((_, j) => j % TARGETS.length === i)),
        ...Array.from({ length: PER_TARGET }, () => randomInput(next)),
      ];
      // 10 000 characters: in the command bar and one field of each form (typing them takes seconds)
      if (target.name === 'command bar' || target.name === 'Swap form: Amount') drawn.push(LONG);
      const inputs = drawn;
      for (const input of inputs) {
        await reset(d, target.screen);
        await typeKeys(d.app, ...target.open);
        await typeKeys(d.app, input);
        checkFrame(d, `${target.name} (typing)`, input);
        await typeKeys(d.app, ...target.close);
        await new Promise((r) => setTimeout(r, 30));
        checkFrame(d, `${target.name} (submitted)`, input);
        // never signs on its own: a dialog that opened is cancelled by Esc
        if ((d.app.lastFrame() ?? '').includes('y confirm')) await typeKeys(d.app, 'escape');
      }
      // still answers: the screen key shows its screen
      await reset(d, target.screen);
      checkFrame(d, `${target.name} (after)`, '');
    });
  }
  assert.deepEqual(
    (await d.services.journal!.entries()).filter((e) => e.status === 'signed'),
    [],
    'nothing was left signed and unsent',
  );
});

test('the command bar answers garbage with a message, not silence', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24 });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('1 Tokens'), 10_000);
  for (const input of [
    'frobnicate',
    'swap',
    'swap -1 SOL USDC',
    'swap 1e400 SOL USDC',
    'limit abc SOL 5 USDC',
    'rows 1e9',
    'goto \x07nowhere',
  ]) {
    await reset(d, '1');
    await typeKeys(d.app, ':', input, 'enter');
    const frame = await waitForFrame(
      d.app,
      (f) =>
        /✗|unknown|usage|must|not|invalid|no /i.test(f.split('\n').slice(-3).join('\n')) || f.includes('y confirm'),
      8000,
    ).catch(() => d.app.lastFrame() ?? '');
    checkFrame(d, 'command bar message', input);
    assert.match(
      frame.split('\n').slice(-3).join('\n'),
      /✗|unknown|usage|must|not|invalid|no /i,
      `:${JSON.stringify(input)} got no message:\n${frame}`,
    );
  }
});

test('a pasted colour escape sequence does not kill the dashboard', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24 });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('1 Tokens'), 10_000);
  // the sequences Ink 6's input hook throws on (an unnamed ctrl sequence: ESC [31m, ESC [0m)
  const crashing = ADVERSARIAL.filter(inkThrowsOn);
  assert.ok(crashing.length > 0);
  for (const input of crashing) {
    await reset(d, '1');
    await typeKeys(d.app, ':', input);
    const frame = checkFrame(d, 'command bar', input);
    // the text of the paste arrives, the colour codes do not
    const text = input.replace(/\x1b\[[0-9;]*m/g, '').trim();
    assert.ok(
      frame.split('\n').slice(-3).join('\n').includes(`:${text}`),
      `the command bar holds ${JSON.stringify(text)}:\n${frame}`,
    );
    await typeKeys(d.app, 'escape');
  }
  // still answers keys
  await typeKeys(d.app, '5');
  await waitForFrame(d.app, (f) => f.includes('[5 Portfolio]') && f.includes('Net worth'), 5000);
});
