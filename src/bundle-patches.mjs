// Edits tradedeck's bundle makes to the sources of Ink, ansi-tokenize, slice-ansi, signal-exit and string-width (see
// src/build.mjs, which applies them while bundling; test/build-patches.test.ts checks that the
// edited modules answer as the originals do). Each edit must match, or the build stops: an upgrade
// of one of them is then checked by hand rather than silently left unpatched.

// The glyphs tradedeck draws that take one column (as string-width itself says: checked when this
// list was made) and one UTF-16 unit each: text made of them, printable ASCII and escapes is measured
// and tokenised by counting.
export const NARROW_GLYPHS = '\u00b7\u2014\u2013\u2026\u203a\u2039\u00ab\u00bb\u25b2\u25bc\u25b6\u25c0\u25b3\u25bd\u2713\u2717\u2714\u2718\u2605\u2606\u2191\u2193\u2190\u2192\u2197\u2198' +
  '\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588\u2589\u258a\u258b\u258c\u258d\u258e\u258f' +
  '\u2502\u2500\u250c\u2510\u2514\u2518\u251c\u2524\u252c\u2534\u253c\u2550\u2551\u256d\u256e\u256f\u2570\u2504\u2591\u2592\u2593\u25cf\u25cb\u25c6\u25c7\u25a0\u25a1\u25aa\u25ab' +
  '\u2022\u00b0\u00b1\u00d7\u00f7\u00a2\u00a3\u00a5\u20ac\u2122\u00a9\u00ae\u2248\u2260\u2264\u2265\u221e\u221a\u2206\u00b5\u00a7\u00b6\u26a0\u270e\u25b8\u25b9\u25c2\u25b4\u25be';
// Ink 6's caches, bounded: its text-measurement and wrap caches grow by every distinct text ever
// drawn (a clock, ages, prices: without end over a day), and its per-frame tokenising caches
// start empty on every frame. Each edit must match, or the build stops: an Ink upgrade is then
// checked by hand rather than silently left unpatched.
const BOUNDED_MAP = `class __TdBoundedMap extends Map {
  constructor(limit) { super(); this.limit = limit; }
  set(key, value) {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value);
    return super.set(key, value);
  }
}
`;
export const dependencyPatches = {
  'measure-text.js': [['const cache = new Map();', BOUNDED_MAP + 'const cache = new __TdBoundedMap(512);']],
  'wrap-text.js': [
    ['const cache = {};', BOUNDED_MAP + 'const cache = new __TdBoundedMap(512);'],
    ['const cachedText = cache[cacheKey];', 'const cachedText = cache.get(cacheKey);'],
    ['cache[cacheKey] = wrappedText;', 'cache.set(cacheKey, wrappedText);'],
  ],
  // string-width makes an Intl.Segmenter at load (~8 ms); counted text never needs it
  'string-width/index.js': [
    ['const segmenter = new Intl.Segmenter();', 'let segmenter;'],
    ['segmenter.segment(', '(segmenter ??= new Intl.Segmenter()).segment('],
  ],
  'output.js': [
    ['class OutputCaches {', BOUNDED_MAP + 'class OutputCaches {'],
    ['    widths = new Map();', '    widths = new __TdBoundedMap(1024);'],
    ['    blockWidths = new Map();', '    blockWidths = new __TdBoundedMap(256);'],
    ['    styledChars = new Map();', '    styledChars = new __TdBoundedMap(256);'],
    // one set of caches for every frame (the styled characters are only read, never changed)
    ['    caches = new OutputCaches();', '    caches = __tdSharedCaches;'],
    ['export default class Output {', 'const __tdSharedCaches = new OutputCaches();\nconst __tdBlank = Object.freeze({ type: \'char\', value: \' \', fullWidth: false, styles: Object.freeze([]) });\nexport default class Output {'],
    // every frame starts from a grid of blank cells: one shared (frozen) blank instead of 2 objects per cell
    [`                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });`, '                row.push(__tdBlank);'],
    // a row made of the very cells of the row drawn there last frame (the styled characters come
    // from the shared cache) is the same text: it is not turned back into a string
    [`        const generatedOutput = output
            .map(line => {`, `        const generatedOutput = output
            .map((line, y) => __tdFast.lines[y] ?? __tdRowText(y, line, () => {`],
    [`            return styledCharsToString(lineWithoutEmptyItems).trimEnd();
        })
            .join('\\n');`, `            return styledCharsToString(lineWithoutEmptyItems).trimEnd();
        }))
            .join('\\n');`],
    // index loops (see styledChars.js below)
    ['                for (let [index, line] of lines.entries()) {', '                for (let index = 0; index < lines.length; index++) {\n                    let line = lines[index];'],
    ['                    for (const character of characters) {', '                    for (let __tdC = 0; __tdC < characters.length; __tdC++) {\n                        const character = characters[__tdC];'],
    ['export default class Output {', `const __tdRows = [];
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
export default class Output {`],
    // lines made of texts that do not overlap, with one column per UTF-16 unit, are joined as text
    // (see __tdFastLines); a frame of only such lines never builds the grid of characters
    [`    get() {
        // Initialize output array`, `    get() {
        const __tdFast = __tdFastLines(this.operations, this.width, this.height);
        if (__tdFast.every)
            return { output: __tdFast.lines.join('\\n'), height: this.height };
        // Initialize output array`],
    ['export default class Output {', `const __tdOneColumn = new Set(${JSON.stringify([...NARROW_GLYPHS].map((c) => c.charCodeAt(0)))});
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
export default class Output {`],
  ],
};
// Ink strips escapes other than SGR and OSC from every text node on every frame, tokenising each
// styled text again although the rows are mostly the text of the frame before: a bounded cache.
dependencyPatches['sanitize-ansi.js'] = [
  ['const sanitizeAnsi = (text) => {', BOUNDED_MAP + `const __tdSanitized = new __TdBoundedMap(512);
const sanitizeAnsi = (text) => {
    if (!hasAnsiControlCharacters(text))
        return text;
    let clean = __tdSanitized.get(text);
    if (clean === undefined)
        __tdSanitized.set(text, (clean = sanitizeAnsiOnce(text)));
    return clean;
};
const sanitizeAnsiOnce = (text) => {`],
];
// Ink turns every changed row of cells back into text by diffing the style of each character with
// the one before (three Sets and four arrays per character): characters drawn in one style share
// one styles array, and a character in the same array as the one before needs no diff.
dependencyPatches['ansi-tokenize/styledChars.js'] = [
  [`    let codes = [];
    const ret = [];`, `    let codes = [];
    let styles = [];
    let stylesOf = codes;
    const ret = [];`],
  [`            ret.push({
                ...token,
                styles: [...codes],
            });`, `            if (stylesOf !== codes) {
                styles = [...codes];
                stylesOf = codes;
            }
            ret.push({
                type: token.type,
                value: token.value,
                fullWidth: token.fullWidth,
                styles,
            });`],
  // an index loop: this runs once per changed line and refresh, never long enough to be optimised,
  // and an unoptimised for-of makes an iterator result per token
  ['    for (const token of tokens) {', '    for (let __tdT = 0; __tdT < tokens.length; __tdT++) {\n        const token = tokens[__tdT];'],
  [`        else {
            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
        }`, `        else if (chars[i - 1].styles !== char.styles && (chars[i - 1].styles.length > 0 || char.styles.length > 0)) {
            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
        }`],
];

// Ink turns each changed line into characters with ansi-tokenize, which walks every line with an
// Intl.Segmenter (grapheme clusters) and copies the rest of the line at every escape: most of a
// frame's cost. A line of printable ASCII, escapes and the narrow glyphs above has one grapheme per
// UTF-16 unit, so it is walked by index (the same tokens); anything else still goes through the
// segmenter. An SGR sequence is scanned in place.
dependencyPatches['ansi-tokenize/tokenize.js'] = [
  ['const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });', `let segmenter;
const __tdNarrow = new Set(${JSON.stringify(NARROW_GLYPHS)});
function __tdOneUnitGraphemes(str) {
    for (let i = 0; i < str.length; i++) {
        const c = str.charCodeAt(i);
        if ((c >= 0x20 && c < 0x7f) || c === 0x1b) continue;
        if (!__tdNarrow.has(str[i])) return false;
    }
    return true;
}
const __tdUnit = { segment: "", index: 0 };
const __tdStep = { value: __tdUnit, done: false };
const __tdEnd = { value: undefined, done: true };
function __tdUnits(str) {
    let i = 0;
    return {
        [Symbol.iterator]() { return this; },
        next() {
            if (i >= str.length) return __tdEnd;
            __tdUnit.segment = str[i];
            __tdUnit.index = i++;
            return __tdStep;
        },
    };
}`],
  ['for (const { segment, index } of segmenter.segment(str)) {', 'for (const { segment, index } of (__tdOneUnitGraphemes(str) ? __tdUnits(str) : (segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" })).segment(str))) {'],
  [`function parseSGRSequence(string, offset) {
    string = string.slice(offset);
    const endIndex = findSGRSequenceEndIndex(string);
    if (endIndex === -1)
        return;
    return string.slice(0, endIndex + 1);
}`, `function parseSGRSequence(string, offset) {
    for (let index = offset + 2; index < string.length; index++) {
        const charCode = string.charCodeAt(index);
        if (charCode === CC_M)
            return string.slice(offset, index + 1);
        if (charCode === CC_SEMI || (charCode >= CC_0 && charCode <= CC_9))
            continue;
        break;
    }
    return undefined;
}`],
];

// string-width builds its Unicode-property expressions when it loads (~35 ms in a script), though
// counted text (src/build.mjs, one-string-width) rarely needs them: each is made at its first use.
const LAZY_REGEXES = ['visibleCharacterRegex', 'spacingMarkRegex', 'rgiEmojiRegex', 'unqualifiedKeycapRegex', 'extendedPictographicRegex'];
function lazyRegexes(text, path) {
  for (const name of LAZY_REGEXES) {
    const decl = new RegExp(`^const ${name} = (/.+/[a-z]*);$`, 'm').exec(text);
    if (decl === null) throw new Error(`build: ${path} no longer declares ${name} as a regular expression literal: check the lazy-regex patch`);
    text = text.replace(decl[0], `let ${name};`);
    text = text.replace(new RegExp(`\\b${name}\\b(?!;)`, 'g'), `(${name} ??= ${decl[1].replace(/\$/g, '$$$$')})`);
  }
  return text;
}

// slice-ansi (which Ink's truncation uses) makes a grapheme Intl.Segmenter and a Unicode-property
// expression when it loads: start-up pays for them though a frame of text cut to its width beforehand
// rarely asks Ink to truncate. Each is made at its first use.
dependencyPatches['slice-ansi/tokenize-ansi.js'] = [
  ['const EMOJI_PRESENTATION_GRAPHEME_REGEX = /\\p{Emoji_Presentation}/u;', 'let EMOJI_PRESENTATION_GRAPHEME_REGEX;'],
  ['EMOJI_PRESENTATION_GRAPHEME_REGEX.test(', '(EMOJI_PRESENTATION_GRAPHEME_REGEX ??= /\\p{Emoji_Presentation}/u).test('],
  ["const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});", 'let GRAPHEME_SEGMENTER;\nconst __tdGraphemes = () => (GRAPHEME_SEGMENTER ??= new Intl.Segmenter(undefined, {granularity: \'grapheme\'}));'],
  ['for (const segment of GRAPHEME_SEGMENTER.segment(visibleString)) {', 'for (const segment of __tdGraphemes().segment(visibleString)) {'],
  ['for (const segment of GRAPHEME_SEGMENTER.segment(pair)) {', 'for (const segment of __tdGraphemes().segment(pair)) {'],
  ['const graphemeSegments = GRAPHEME_SEGMENTER.segment(string);', 'const graphemeSegments = __tdGraphemes().segment(string);'],
];

// signal-exit 3 (Ink and restore-cursor restore the terminal with it) loads node:assert for its one
// check that a handler is a function: loading assert brings in a dozen of Node's own modules, compiled
// at start-up. The check is kept, made by hand (the same message; a TypeError).
dependencyPatches['signal-exit/index.js'] = [
  ["  var assert = require('assert')", "  var assert = { equal: function (actual, expected, message) { if (actual != expected) throw new TypeError(message) } }"],
];

/** The module's name as the patches know it, from its path; undefined for a module not patched. */
export function patchedName(path) {
  const p = path.replace(/\\/g, '/');
  if (/\/node_modules\/string-width\/index\.js$/.test(p)) return 'string-width/index.js';
  if (/\/node_modules\/slice-ansi\/tokenize-ansi\.js$/.test(p)) return 'slice-ansi/tokenize-ansi.js';
  if (/\/node_modules\/signal-exit\/index\.js$/.test(p)) return 'signal-exit/index.js';
  const tokenize = /\/ansi-tokenize\/build\/(styledChars|tokenize)\.js$/.exec(p);
  if (tokenize) return `ansi-tokenize/${tokenize[1]}.js`;
  const ink = /\/ink\/build\/(measure-text|wrap-text|output|sanitize-ansi)\.js$/.exec(p);
  if (ink) return `${ink[1]}.js`;
  return undefined;
}

/** The source of the module at `path` with its edits made; throws when one no longer matches. */
export function patchSource(name, text, path) {
  for (const [from, to] of dependencyPatches[name]) {
    if (!text.includes(from)) throw new Error(`build: ${path} no longer contains "${from}": check the patch of ${name}`);
    text = text.replace(from, to);
  }
  return name === 'string-width/index.js' ? lazyRegexes(text, path) : text;
}
