// Help text laid out for the width it is read at (the terminal's columns, 80 into a pipe or a file).
// The help is written in three shapes, told apart by their spaces: a row (`  --flag V   what it
// does`, its text starting at a column and going on under itself), a paragraph (lines of one indent,
// read as one text), and a synopsis (`tradedeck CMD [--opt V] ...`, broken only between its
// bracketed parts). Each is wrapped to the width again, never inside a word.
import stringWidth from 'string-width';

type Block =
  | { kind: 'blank' }
  | { kind: 'row'; indent: number; left: string; col: number; text: string }
  | { kind: 'para'; indent: number; text: string };

const ROW = /^( *)(\S(?:\S| (?! ))*)( {2,})(\S.*)$/;
/** a row at the left margin names a few words at most (`API key  every group ...`) */
const MARGIN_ROW_LEFT = 12;
/** a line that starts a paragraph of its own (`Options: ...`, `ORDER OPTIONS (...)`) rather than going on from the line before */
const NEW_PARAGRAPH = /^([A-Z][A-Za-z ]*:|[A-Z]{3,} [A-Z]{3,} )/;
/** the least room a row's text keeps beside its option before it goes under it */
const LEAST_TEXT = 24;
/** the least room an indented paragraph keeps before it moves left (to a small indent) */
const LEAST_PARAGRAPH = 50;

const lead = (line: string) => line.length - line.trimStart().length;

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.split('\n')) {
    const last = blocks[blocks.length - 1];
    if (line.trim() === '') {
      blocks.push({ kind: 'blank' });
      continue;
    }
    const indent = lead(line);
    const body = line.trim();
    const match = ROW.exec(line);
    // ROW's four groups take part in every match
    const row = match && (indent > 0 || match[2]!.length <= MARGIN_ROW_LEFT) ? match : null;
    if (last?.kind === 'row' && indent === last.col && !row) {
      last.text += ` ${body}`;
      continue;
    }
    if (row) {
      blocks.push({
        kind: 'row',
        indent,
        left: row[2]!,
        col: row[1]!.length + row[2]!.length + row[3]!.length,
        text: row[4]!,
      });
      continue;
    }
    const goesOn = last?.kind === 'para' && last.indent === indent && !NEW_PARAGRAPH.test(body);
    if (goesOn && !isSynopsis(last.text)) last.text += ` ${body}`;
    else blocks.push({ kind: 'para', indent, text: body });
  }
  return blocks;
}

function isSynopsis(text: string): boolean {
  return /^(usage: )?tradedeck \S/i.test(text) && !/ {2}/.test(text);
}

/** The parts a synopsis may break between: its words outside brackets, each bracketed group whole. */
function synopsisParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let part = '';
  for (const ch of text) {
    if (ch === '[') depth++;
    if (ch === ']') depth = Math.max(0, depth - 1);
    if (ch === ' ' && depth === 0) {
      if (part) parts.push(part);
      part = '';
    } else part += ch;
  }
  if (part) parts.push(part);
  return parts;
}

/** Parts in lines: the first starts at `first` spaces, the rest at `rest`; a part wider than a line stands alone. */
function lay(parts: string[], width: number, first: number, rest: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    const pad = lines.length === 0 ? first : rest;
    if (line !== '' && pad + stringWidth(`${line} ${part}`) > width) {
      lines.push(' '.repeat(pad) + line);
      line = part;
    } else line = line === '' ? part : `${line} ${part}`;
  }
  lines.push(' '.repeat(lines.length === 0 ? first : rest) + line);
  return lines;
}

/** `text` laid out for `width` columns (see the top of this file). */
export function reflow(text: string, width: number): string {
  const out: string[] = [];
  for (const b of blocksOf(text.replace(/\n$/, ''))) {
    if (b.kind === 'blank') out.push('');
    else if (b.kind === 'para') {
      const indent = b.indent > width - LEAST_PARAGRAPH ? Math.min(b.indent, 6) : b.indent;
      if (isSynopsis(b.text)) out.push(...lay(synopsisParts(b.text), width, indent, indent + 4));
      else out.push(...lay(b.text.split(/ +/), width, indent, indent));
    } else if (
      width - b.col >= Math.max(LEAST_TEXT, ...b.text.split(/ +/).map((w) => stringWidth(w))) &&
      b.indent + stringWidth(b.left) < b.col
    ) {
      const [head, ...more] = lay(b.text.split(/ +/), width, b.col, b.col);
      // lay gives one line at least
      out.push(' '.repeat(b.indent) + b.left.padEnd(b.col - b.indent) + head!.trimStart(), ...more);
    } else {
      // too narrow for the text beside it: under it
      out.push(' '.repeat(b.indent) + b.left, ...lay(b.text.split(/ +/), width, b.indent + 4, b.indent + 4));
    }
  }
  return `${out.join('\n')}\n`;
}
