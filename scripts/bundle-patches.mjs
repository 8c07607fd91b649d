// The edits tradedeck's bundle makes to the code of its dependencies, for start-up time, the cost of
// a frame or memory: none changes what a dependency answers. Each is here because a budget row of
// npm run bench needs it, as measured (docs/development.md's table: test/bench/edits.ts counts what
// each one saves); an edit the rows can do without goes. scripts/build.mjs applies them while
// bundling; test/build-patches.test.ts and test/build-edits.test.ts load each edited module beside
// the published one (or bundle a tiny program with and without the edit), check that both answer
// alike and show the difference each edit is for. Each edit must find its text, or the build stops:
// an upgrade of a dependency is then checked by hand rather than silently left unpatched, and every
// package edited here is pinned to an exact version in package.json. (Ink's output stage is not
// edited but replaced: scripts/ink-output.mjs.)
//
// --without NAME,... (scripts/build.mjs) leaves edits out by their name (the keys below, and
// yoga-layout, __toESM and one-string-width), to measure one before dropping it.
import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

// The glyphs tradedeck draws that take one column (as string-width itself says: checked when this
// list was made, and again by test/build-patches.test.ts) and one UTF-16 unit each: text made of
// them, printable ASCII and escapes is measured by counting.
export const NARROW_GLYPHS =
  '\u00b7\u2014\u2013\u2026\u203a\u2039\u00ab\u00bb\u25b2\u25bc\u25b6\u25c0\u25b3\u25bd\u2713\u2717\u2714\u2718\u2605\u2606\u2191\u2193\u2190\u2192\u2197\u2198' +
  '\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588\u2589\u258a\u258b\u258c\u258d\u258e\u258f' +
  '\u2502\u2500\u250c\u2510\u2514\u2518\u251c\u2524\u252c\u2534\u253c\u2550\u2551\u256d\u256e\u256f\u2570\u2504\u2591\u2592\u2593\u25cf\u25cb\u25c6\u25c7\u25a0\u25a1\u25aa\u25ab' +
  '\u2022\u00b0\u00b1\u00d7\u00f7\u00a2\u00a3\u00a5\u20ac\u2122\u00a9\u00ae\u2248\u2260\u2264\u2265\u221e\u221a\u2206\u00b5\u00a7\u00b6\u26a0\u270e\u25b8\u25b9\u25c2\u25b4\u25be';

// A Map that holds at most `limit` entries, forgetting the oldest first: the caches the edits add or
// bound. Prepended to a dependency's source, once per module that uses it.
const BOUNDED_MAP = `class __TdBoundedMap extends Map {
  constructor(limit) { super(); this.limit = limit; }
  set(key, value) {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value);
    return super.set(key, value);
  }
}
`;

/** The find-and-replace edits, by module (the name patchedName gives it). */
const dependencyPatches = {
  // Ink's text-measurement cache keeps every distinct text ever drawn (prices, ages: without end
  // over a day; vadimdemedes/ink#986): on Tokens 19 new texts every 10 s, about 445 bytes each, or
  // 24 MB over 8 hours against a resident-memory budget of 90 MB. Bounded, as the fix proposed there does.
  'measure-text.js': [['const cache = new Map();', BOUNDED_MAP + 'const cache = new __TdBoundedMap(512);']],
  // string-width makes an Intl.Segmenter when it loads (~8 ms); text the counting shim measures
  // (one-string-width below) never needs it: made at its first use
  'string-width/index.js': [
    ['const segmenter = new Intl.Segmenter();', 'let segmenter;'],
    ['segmenter.segment(', '(segmenter ??= new Intl.Segmenter()).segment('],
  ],
};
// slice-ansi (Ink loads it at start, for the truncation of wrap-text, through cli-truncate) makes a
// grapheme Intl.Segmenter and a Unicode-property expression when it loads: start-up pays for them
// though the dashboard cuts its text to width itself and never asks Ink to truncate. Each is made
// at its first use. For start-up.
dependencyPatches['slice-ansi/tokenize-ansi.js'] = [
  ['const EMOJI_PRESENTATION_GRAPHEME_REGEX = /\\p{Emoji_Presentation}/u;', 'let EMOJI_PRESENTATION_GRAPHEME_REGEX;'],
  [
    'EMOJI_PRESENTATION_GRAPHEME_REGEX.test(',
    '(EMOJI_PRESENTATION_GRAPHEME_REGEX ??= /\\p{Emoji_Presentation}/u).test(',
  ],
  [
    "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
    "let GRAPHEME_SEGMENTER;\nconst __tdGraphemes = () => (GRAPHEME_SEGMENTER ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'}));",
  ],
  [
    'for (const segment of GRAPHEME_SEGMENTER.segment(visibleString)) {',
    'for (const segment of __tdGraphemes().segment(visibleString)) {',
  ],
  [
    'for (const segment of GRAPHEME_SEGMENTER.segment(pair)) {',
    'for (const segment of __tdGraphemes().segment(pair)) {',
  ],
  [
    'const graphemeSegments = GRAPHEME_SEGMENTER.segment(string);',
    'const graphemeSegments = __tdGraphemes().segment(string);',
  ],
];

// signal-exit 3 (Ink and restore-cursor restore the terminal with it) loads node:assert for its one
// check that a handler is a function: loading assert brings in a dozen of Node's own modules, compiled
// at start-up. The check is kept, made by hand (the same message; a TypeError). For start-up.
dependencyPatches['signal-exit/index.js'] = [
  [
    "  var assert = require('assert')",
    '  var assert = { equal: function (actual, expected, message) { if (actual != expected) throw new TypeError(message) } }',
  ],
];

// string-width builds its Unicode-property expressions when it loads (~35 ms in a script), though
// counted text (one-string-width below) rarely needs them: each is made at its first use.
const LAZY_REGEXES = [
  'visibleCharacterRegex',
  'spacingMarkRegex',
  'rgiEmojiRegex',
  'unqualifiedKeycapRegex',
  'extendedPictographicRegex',
];
function lazyRegexes(text, path) {
  for (const name of LAZY_REGEXES) {
    const decl = new RegExp(`^const ${name} = (/.+/[a-z]*);$`, 'm').exec(text);
    if (decl === null)
      throw new Error(
        `build: ${path} no longer declares ${name} as a regular expression literal: check the lazy-regex patch`,
      );
    text = text.replace(decl[0], `let ${name};`);
    text = text.replace(new RegExp(`\\b${name}\\b(?!;)`, 'g'), `(${name} ??= ${decl[1].replace(/\$/g, '$$$$')})`);
  }
  return text;
}

/** The module's name as the patches know it, from its path; undefined for a module not patched. */
export function patchedName(path) {
  const p = path.replace(/\\/g, '/');
  if (/\/node_modules\/string-width\/index\.js$/.test(p)) return 'string-width/index.js';
  if (/\/node_modules\/slice-ansi\/tokenize-ansi\.js$/.test(p)) return 'slice-ansi/tokenize-ansi.js';
  if (/\/node_modules\/signal-exit\/index\.js$/.test(p)) return 'signal-exit/index.js';
  if (/\/ink\/build\/measure-text\.js$/.test(p)) return 'measure-text.js';
  return undefined;
}

/** The source of the module at `path` with its edits made; throws when one no longer matches. */
export function patchSource(name, text, path) {
  for (const [from, to] of dependencyPatches[name]) {
    if (!text.includes(from))
      throw new Error(`build: ${path} no longer contains "${from}": check the patch of ${name}`);
    text = text.replace(from, to);
  }
  return name === 'string-width/index.js' ? lazyRegexes(text, path) : text;
}

// yoga-layout's loader fetches its own inlined WebAssembly (a data: URL) when fetch exists, which
// loads Node's fetch implementation (~20 ms) only to decode base64: it decodes it directly instead
// (its fallback when fetch fails or is absent). That fallback decodes with atob and copies the
// 72 KB a character at a time (about 3 ms of every start): Buffer decodes the same bytes natively.
const YOGA_EDITS = [
  ['function ya(){return w||"function"!=typeof fetch?', 'function ya(){return true?'],
  [
    'var b=xa(a.slice(37)),c=new Uint8Array(b.length);for(a=0;a<b.length;++a)c[a]=b.charCodeAt(a);var d=c',
    'var d=new Uint8Array(Buffer.from(a.slice(37),"base64"))',
  ],
];

/** yoga-layout's WebAssembly loader (dist/binaries/yoga-wasm-base64-esm.js) without its fetch, decoding natively. */
export function patchYoga(text, path) {
  for (const [from, to] of YOGA_EDITS) {
    if (!text.includes(from)) throw new Error(`build: ${path} no longer contains "${from}": check the yoga patch`);
    text = text.replace(from, to);
  }
  return text;
}

// esbuild's __toESM copies every property of a CommonJS module (react, each built-in) into a new
// object for every module that imports it: one copy per module object is enough (nothing writes
// to it). esbuild names the parameter mod, or mod2 when the bundle has another mod.
const TO_ESM = /var __toESM = \((mod\d*), isNodeMode, target\) => \(/;
const toEsmOnce = (param) => `var __tdEsm = [new WeakMap(), new WeakMap()];
var __toESM = (mod, isNodeMode) => {
  if (mod === null || typeof mod !== 'object' && typeof mod !== 'function') return __toESMCopy(mod, isNodeMode);
  const seen = __tdEsm[isNodeMode ? 1 : 0];
  let ns = seen.get(mod);
  if (ns === undefined) seen.set(mod, ns = __toESMCopy(mod, isNodeMode));
  return ns;
};
var __toESMCopy = (${param}, isNodeMode, target) => (`;

/** An esbuild bundle's text with its __toESM made once per module object (a bundle without one as it is). */
export function patchToEsm(text, what) {
  if (!text.includes('var __toESM = ')) return text;
  if (!TO_ESM.test(text)) throw new Error(`build: the ${what} script's __toESM has a form the build does not know`);
  return text.replace(TO_ESM, (_, param) => toEsmOnce(param));
}

// Ink measures every text on every frame with string-width, and wrap-ansi brings its own older
// copy. Every importer gets the one top-level copy, behind a bounded cache: a frame mostly repeats
// the lines of the one before. Text that is printable ASCII, SGR escapes and the narrow glyphs
// tradedeck draws is measured by counting; string-width is asked only for anything else. Its first
// real use costs ~30 ms (an Intl.Segmenter and the RGI-emoji expression), which start-up then
// rarely pays.
const WIDTH_CACHE = 1024;

/** The source of the module every `import 'string-width'` gets: the string-width at `measurePath`, counting first. */
export function stringWidthShim(measurePath) {
  return `
import measure from ${JSON.stringify(measurePath)};
const narrow = new Set(${JSON.stringify([...NARROW_GLYPHS].map((c) => c.charCodeAt(0)))});
/** the width by counting, or -1 when string-width must say */
function counted(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) n++;
    else if (c === 0x1b && text.charCodeAt(i + 1) === 0x5b) {
      // an SGR sequence (digits, at most four in a row, and semicolons, then m) as string-width's
      // strip-ansi reads it; any other escape, or one cut short, is left to string-width
      let k = i + 2;
      let digits = 0;
      for (let d = text.charCodeAt(k); (d >= 0x30 && d <= 0x39) || d === 0x3b; d = text.charCodeAt(++k)) {
        digits = d === 0x3b ? 0 : digits + 1;
        if (digits > 4) return -1;
      }
      if (text.charCodeAt(k) !== 0x6d) return -1;
      i = k;
    } else if (narrow.has(c)) n++;
    else return -1;
  }
  return n;
}
const cache = new Map();
export default function stringWidth(text, options) {
  if (typeof text !== 'string' || (options !== undefined && Object.keys(options).length > 0)) return measure(text, options);
  let width = cache.get(text);
  if (width === undefined) {
    width = counted(text);
    if (width < 0) width = measure(text);
    if (cache.size >= ${WIDTH_CACHE}) cache.delete(cache.keys().next().value);
    cache.set(text, width);
  }
  return width;
}`;
}

/**
 * The esbuild plugins that make the edits while bundling: one string-width for every importer (the
 * copy in `nodeModules`), and the edited sources of the modules above. `without` names edits to
 * leave out (dependencyPatches' keys, yoga-layout, one-string-width).
 */
export function dependencyPlugins(nodeModules, without = new Set()) {
  const oneStringWidth = {
    name: 'one-string-width',
    setup(b) {
      b.onResolve({ filter: /^string-width$/ }, () => ({ path: 'string-width', namespace: 'td-width' }));
      b.onLoad({ filter: /.*/, namespace: 'td-width' }, () => ({
        resolveDir: nodeModules,
        loader: 'js',
        contents: stringWidthShim(join(nodeModules, 'string-width', 'index.js')),
      }));
    },
  };
  const patchDependencies = {
    name: 'patch-dependencies',
    setup(b) {
      if (!without.has('yoga-layout')) {
        b.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, async (args) => ({
          contents: patchYoga(await readFile(args.path, 'utf8'), args.path),
          loader: 'js',
        }));
      }
      b.onLoad(
        {
          filter:
            /([\\/]ink[\\/]build[\\/]measure-text|[\\/]node_modules[\\/](string-width[\\/]index|slice-ansi[\\/]tokenize-ansi|signal-exit[\\/]index))\.js$/,
        },
        async (args) => {
          const name = patchedName(args.path);
          if (name === undefined || without.has(name)) return undefined;
          // (the edits are made for the one top-level string-width: wrap-ansi's older copy, which
          // one-string-width otherwise replaces, is left as it is)
          if (
            name === 'string-width/index.js' &&
            realpathSync(args.path) !== realpathSync(join(nodeModules, 'string-width', 'index.js'))
          )
            return undefined;
          return { contents: patchSource(name, await readFile(args.path, 'utf8'), args.path), loader: 'js' };
        },
      );
    },
  };
  return without.has('one-string-width') ? [patchDependencies] : [oneStringWidth, patchDependencies];
}

/** Every name --without knows. */
export const EDIT_NAMES = [...Object.keys(dependencyPatches), 'yoga-layout', 'one-string-width', '__toESM'];
