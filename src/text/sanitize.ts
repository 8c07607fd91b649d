// The one sanitiser for text that came from outside (the service, the RPC node, files, arguments
// echoed back), applied where such text is drawn or printed: nothing in it may act on the terminal.
//
// Removed: whole escape sequences, not just their ESC (CSI `ESC [ … final`, the string sequences
// OSC `ESC ]`, DCS `ESC P`, SOS `ESC X`, PM `ESC ^`, APC `ESC _` up to their terminator BEL or ST,
// or to the end of the text when unterminated, other `ESC x` sequences, and the 8-bit C1 forms of
// all of them); the remaining C0 and C1 controls and DEL; the bidirectional marks, embeddings,
// overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorder
// what is shown; zero-width and invisible characters (U+200B–U+200D, U+2060–U+2064, U+FEFF,
// U+FFF9–U+FFFB), which hide what is there. Tabs and line breaks become spaces (or, with
// `lines`, line breaks become "\n").

const PLAIN = /^[\x20-\x7e]*$/;

const SEQUENCE = new RegExp(
  [
    // CSI: parameters, intermediates, a final byte
    '(?:\\x1b\\[|\\x9b)[\\x30-\\x3f]*[\\x20-\\x2f]*[\\x40-\\x7e]?',
    // OSC, DCS, SOS, PM, APC: everything up to BEL or ST (ESC \ or 0x9c), or to the end
    '(?:\\x1b[\\]PX^_]|[\\x90\\x98\\x9d\\x9e\\x9f])[\\s\\S]*?(?:\\x07|\\x1b\\\\|\\x9c|$)',
    // any other escape: intermediates and a final byte (ESC c, ESC ( B, ESC 7 …), or a lone ESC
    '\\x1b[\\x20-\\x2f]*[\\x30-\\x7e]?',
  ].join('|'),
  'g',
);

const BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const INVISIBLE = /[\x00-\x08\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

// everything the replacements below act on, for a quick look first (most text holds none of it)
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const ACTIVE = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/;

export interface SanitizeOptions {
  /** keep line breaks (as "\n") instead of turning them into spaces */
  lines?: boolean;
}

/** `text` (anything: null and undefined become '') with nothing left that could act on a terminal. */
export function sanitize(text: unknown, opts: SanitizeOptions = {}): string {
  const s = typeof text === 'string' ? text : text === null || text === undefined ? '' : String(text);
  if (PLAIN.test(s) || !ACTIVE.test(s)) return s;
  return s
    .replace(SEQUENCE, '')
    .replace(BREAKS, opts.lines ? '\n' : ' ')
    .replace(/\t/g, ' ')
    .replace(INVISIBLE, '');
}

/**
 * The other way to make text safe, for text a person must be able to correct (a config file's
 * bytes, an argument quoted back): every character sanitize() would act on is shown as an escape
 * (`\x1b`, `\u{202e}`) instead of removed, so `ESC]0;…BEL` in a file is reported, never acted on.
 */
export function showControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  return text.replace(/[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g, (c) => {
    const code = c.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** Whether `text` holds anything sanitize() would change (a check for typed input). */
export function isUnsafeText(text: string): boolean {
  return sanitize(text) !== text;
}

// SGR (colour and weight) sequences: what a styled frame line may hold besides text.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const SGR = /(\x1b\[[0-9;]*m)/;
/* eslint-disable no-control-regex -- control characters are what it looks for */
const NEEDS_CLEANING =
  /[\x00-\x1a\x1c-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]|\x1b(?!\[[0-9;]*m)/;
/* eslint-enable no-control-regex */

/**
 * A line of styled output (text and SGR sequences, as Ink draws a frame) with everything but its
 * SGR sequences sanitised: the last guard before the terminal. The line itself when it is clean.
 */
export function sanitizeStyled(line: string): string {
  if (!NEEDS_CLEANING.test(line)) return line;
  return line
    .split(SGR)
    .map((part, i) => (i % 2 === 1 ? part : sanitize(part)))
    .join('');
}
