// The edits of Ink's Output (ink/build/output.js), which turns a frame's write operations into the
// frame's text: tradedeck draws a table whose rows are mostly the text of the frame before, and
// Output builds a grid of styled cells for every frame and turns each row of it back into text.
// Applied by scripts/bundle-patches.mjs; test/build-patches.test.ts compares the edited Output with
// the published one (the same cells on a terminal) and shows what each group of edits changes.
import { BOUNDED_MAP, NARROW_GLYPHS } from './patches-shared.mjs';

export const OUTPUT_PATCHES = [
  // Ink 6.8's OutputCaches (widths and tokenised lines) start empty with every frame's Output:
  // shared by every frame below, so bounded (a clock, ages and prices make new texts without end)
  ['class OutputCaches {', BOUNDED_MAP + 'class OutputCaches {'],
  ['    widths = new Map();', '    widths = new __TdBoundedMap(1024);'],
  ['    blockWidths = new Map();', '    blockWidths = new __TdBoundedMap(256);'],
  ['    styledChars = new Map();', '    styledChars = new __TdBoundedMap(256);'],
  // one set of caches for every frame (the styled characters are only read, never changed)
  ['    caches = new OutputCaches();', '    caches = __tdSharedCaches;'],
  [
    'export default class Output {',
    "const __tdSharedCaches = new OutputCaches();\nconst __tdBlank = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });\nexport default class Output {",
  ],
  // every frame starts from a grid of blank cells: one shared (frozen) blank instead of 2 objects per cell
  [
    `                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });`,
    '                row.push(__tdBlank);',
  ],
  // a row made of the very cells of the row drawn there last frame (the styled characters come
  // from the shared cache) is the same text: it is not turned back into a string
  [
    `        const generatedOutput = output
            .map(line => {`,
    `        const generatedOutput = output
            .map((line, y) => __tdFast.lines[y] ?? __tdRowText(y, line, () => {`,
  ],
  [
    `            return styledCharsToString(lineWithoutEmptyItems).trimEnd();
        })
            .join('\\n');`,
    `            return styledCharsToString(lineWithoutEmptyItems).trimEnd();
        }))
            .join('\\n');`,
  ],
  // index loops (see styledChars.js below)
  [
    '                for (let [index, line] of lines.entries()) {',
    '                for (let index = 0; index < lines.length; index++) {\n                    let line = lines[index];',
  ],
  [
    '                    for (const character of characters) {',
    '                    for (let __tdC = 0; __tdC < characters.length; __tdC++) {\n                        const character = characters[__tdC];',
  ],
  [
    'export default class Output {',
    `const __tdRows = [];
function __tdRowText(y, cells, make) {
    const last = __tdRows[y];
    if (last !== undefined && last.cells.length === cells.length) {
        let same = true;
        for (let i = 0; i < cells.length; i++) {
            if (last.cells[i] !== cells[i]) {
                same = false;
                break;
            }
        }
        if (same) return last.text;
    }
    const text = make();
    __tdRows[y] = { cells, text };
    return text;
}
export default class Output {`,
  ],
  // lines made of texts that do not overlap, with one column per UTF-16 unit, are joined as text
  // (see __tdFastLines); a frame of only such lines never builds the grid of characters
  [
    `    get() {
        // Initialize output array`,
    `    get() {
        const __tdFast = __tdFastLines(this.operations, this.width, this.height);
        if (__tdFast.every)
            return { output: __tdFast.lines.join('\\n'), height: this.height };
        // Initialize output array`,
  ],
  [
    'export default class Output {',
    `const __tdOneColumn = new Set(${JSON.stringify([...NARROW_GLYPHS].map((c) => c.charCodeAt(0)))});
// a frame's texts are mostly those of the frame before (made again by the same transformers)
const __tdColumnsOf = new __TdBoundedMap(512);
function __tdColumnsCached(text) {
    let w = __tdColumnsOf.get(text);
    if (w === undefined)
        __tdColumnsOf.set(text, (w = __tdColumns(text)));
    return w;
}
// The columns a text takes when each of its characters is printable ASCII or a narrow glyph, with
// SGR escapes between them; -1 for any other text (the grid places that character by character).
// The escapes are those a terminal and ansi-tokenize read alike: not a reset (ansi-tokenize keeps
// it among a character's styles), and not bold and faint at once, nor blinking or double underline
// (ansi-tokenize lets the later of two styles that one code ends replace the earlier).
function __tdColumns(text) {
    let w = 0;
    let weights = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x1b) {
            if (text.charCodeAt(i + 1) !== 0x5b)
                return -1;
            let k = i + 2;
            let skip = 0;
            for (;;) {
                let p = 0;
                let digits = 0;
                for (let d = text.charCodeAt(k); d >= 0x30 && d <= 0x39; d = text.charCodeAt(++k)) {
                    p = p * 10 + d - 0x30;
                    digits++;
                }
                if (digits === 0 || digits > 3)
                    return -1;
                if (skip > 0)
                    skip--;
                else if (p === 38 || p === 48 || p === 58) {
                    const kind = text.charCodeAt(k + 1);
                    skip = kind === 0x35 ? 2 : kind === 0x32 ? 4 : -1;
                    if (skip < 0)
                        return -1;
                }
                else if (p === 0 || p === 5 || p === 6 || p === 21)
                    return -1;
                else if (p === 1 || p === 2) {
                    weights |= p;
                    if (weights === 3)
                        return -1;
                }
                else if (p === 22)
                    weights = 0;
                const d = text.charCodeAt(k);
                if (d === 0x6d)
                    break;
                if (d !== 0x3b)
                    return -1;
                k++;
            }
            if (skip !== 0)
                return -1;
            i = k;
        }
        else if ((c >= 0x20 && c < 0x7f) || __tdOneColumn.has(c))
            w++;
        else
            return -1;
    }
    return w;
}
// Each line of the frame as text where the grid would only copy texts side by side: every text on
// it is made of one-column characters and none overlaps another or leaves the frame. Texts are
// joined with spaces between them; a text with escapes is followed by a reset, so that its style
// ends where its characters do (as in the grid). undefined for any other line.
function __tdFastLines(operations, width, height) {
    const lines = new Array(height);
    const runs = new Array(height);
    let clips = 0;
    for (let o = 0; o < operations.length; o++) {
        const op = operations[o];
        if (op.type === 'clip') {
            clips++;
            continue;
        }
        if (op.type === 'unclip') {
            // as the grid's stack of clips, which an unclip too many leaves empty
            if (clips > 0)
                clips--;
            continue;
        }
        if (op.type !== 'write')
            continue;
        // a clipped text, or one placed between columns, is left to the grid (as is the whole frame)
        if (clips > 0 || !Number.isInteger(op.x) || !Number.isInteger(op.y))
            return { every: false, lines: [] };
        // the grid draws nothing of a text that starts above the frame
        if (op.y < 0)
            continue;
        const parts = op.text.includes('\\n') ? op.text.split('\\n') : [op.text];
        for (let i = 0; i < parts.length && op.y + i < height; i++) {
            const y = op.y + i;
            if (runs[y] === null)
                continue;
            let text = parts[i];
            for (const transformer of op.transformers)
                text = transformer(text, i);
            const w = __tdColumnsCached(text);
            if (w === 0)
                continue;
            if (w < 0 || op.x < 0 || op.x + w > width) {
                runs[y] = null;
                continue;
            }
            (runs[y] ??= []).push({ x: op.x, w, text });
        }
    }
    let every = true;
    for (let y = 0; y < height; y++) {
        const run = runs[y];
        if (run === null) {
            every = false;
            continue;
        }
        if (run === undefined) {
            lines[y] = '';
            continue;
        }
        if (run.length > 1)
            run.sort((a, b) => a.x - b.x);
        let text = '';
        let at = 0;
        let overlaps = false;
        for (let k = 0; k < run.length; k++) {
            const r = run[k];
            if (r.x < at) {
                overlaps = true;
                break;
            }
            if (r.x > at)
                text += ' '.repeat(r.x - at);
            text += r.text.includes('\\x1b') ? r.text + '\\x1b[0m' : r.text;
            at = r.x + r.w;
        }
        if (overlaps)
            every = false;
        else
            lines[y] = text.trimEnd();
    }
    return { every, lines };
}
export default class Output {`,
  ],
];
