// Bundles the program: dist/cli.js (the launcher, src/launch.ts) and one script per mode beside it.
// --if-needed skips the build when dist/cli.js is newer than every source file.
import { build } from 'esbuild';
import { statSync, readdirSync, existsSync, chmodSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, dirname } from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'cli.js');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (/\.(ts|tsx|mjs|json)$/.test(entry.name)) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

if (process.argv.includes('--if-needed') && existsSync(out)) {
  const sources = Math.max(
    ...['src', 'components', 'screens'].map((d) => newestSource(join(root, d))),
    statSync(join(root, 'package.json')).mtimeMs,
  );
  if (statSync(out).mtimeMs >= sources) process.exit(0);
}

// Ink imports react-devtools-core only when DEV is set; the bundle must not need it.
const stubDevtools = {
  name: 'stub-react-devtools-core',
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'rdc', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents: 'export default { initialize() {}, connectToDevTools() {} };',
      loader: 'js',
    }));
  },
};

const nodeModules = join(root, 'node_modules');

// Ink measures every text on every frame with string-width, and wrap-ansi brings its own older
// copy. Every importer gets the one top-level copy, behind a bounded cache: a frame mostly repeats
// the lines of the one before. Text that is printable ASCII, SGR/CSI escapes and the narrow glyphs
// tradedeck draws (each one column, as string-width itself says: checked when this list was made)
// is measured by counting; string-width is asked only for anything else. Its first real use costs
// ~30 ms (an Intl.Segmenter and the RGI-emoji expression), which start-up then rarely pays.
const NARROW_GLYPHS = '\u00b7\u2014\u2013\u2026\u203a\u2039\u00ab\u00bb\u25b2\u25bc\u25b6\u25c0\u25b3\u25bd\u2713\u2717\u2714\u2718\u2605\u2606\u2191\u2193\u2190\u2192\u2197\u2198' +
  '\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588\u2589\u258a\u258b\u258c\u258d\u258e\u258f' +
  '\u2502\u2500\u250c\u2510\u2514\u2518\u251c\u2524\u252c\u2534\u253c\u2550\u2551\u256d\u256e\u256f\u2570\u2504\u2591\u2592\u2593\u25cf\u25cb\u25c6\u25c7\u25a0\u25a1\u25aa\u25ab' +
  '\u2022\u00b0\u00b1\u00d7\u00f7\u00a2\u00a3\u00a5\u20ac\u2122\u00a9\u00ae\u2248\u2260\u2264\u2265\u221e\u221a\u2206\u00b5\u00a7\u00b6\u26a0\u270e\u25b8\u25b9\u25c2\u25b4\u25be';
const WIDTH_CACHE = 1024;
const oneStringWidth = {
  name: 'one-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, () => ({ path: 'string-width', namespace: 'td-width' }));
    b.onLoad({ filter: /.*/, namespace: 'td-width' }, () => ({
      resolveDir: root,
      loader: 'js',
      contents: `
import measure from ${JSON.stringify(join(nodeModules, 'string-width', 'index.js'))};
const narrow = new Set(${JSON.stringify(NARROW_GLYPHS)});
/** the width by counting, or -1 when string-width must say */
function counted(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) n++;
    else if (c === 0x1b && text.charCodeAt(i + 1) === 0x5b) {
      // a CSI sequence: parameters, then one final byte
      i += 2;
      while (i < text.length && (text.charCodeAt(i) < 0x40 || text.charCodeAt(i) > 0x7e)) i++;
    } else if (narrow.has(text[i])) n++;
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
}`,
    }));
  },
};

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
const dependencyPatches = {
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
            .map((line, y) => __tdRowText(y, line, () => {`],
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
  ],
};
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

// yoga-layout's loader fetches its own inlined WebAssembly (a data: URL) when fetch exists, which
// loads Node's fetch implementation (~20 ms) only to decode base64: it decodes it directly instead.
const yogaPatch = ['function ya(){return w||"function"!=typeof fetch?', 'function ya(){return true?'];

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

const patchDependencies = {
  name: 'patch-dependencies',
  setup(b) {
    b.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes(yogaPatch[0])) throw new Error(`build: ${args.path} no longer contains "${yogaPatch[0]}": check the yoga patch`);
      return { contents: text.replace(yogaPatch[0], yogaPatch[1]), loader: 'js' };
    });
    b.onLoad({ filter: /([\\/]ink[\\/]build[\\/](measure-text|wrap-text|output)|[\\/]node_modules[\\/]string-width[\\/]index|[\\/]ansi-tokenize[\\/]build[\\/](styledChars|tokenize))\.js$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      const name = /string-width[\\/]index\.js$/.test(args.path)
        ? 'string-width/index.js'
        : /ansi-tokenize[\\/]build[\\/](styledChars|tokenize)\.js$/.test(args.path)
          ? `ansi-tokenize/${basename(args.path)}`
          : basename(args.path);
      for (const [from, to] of dependencyPatches[name]) {
        if (!text.includes(from)) throw new Error(`build: ${args.path} no longer contains "${from}": check the Ink cache patch`);
        text = text.replace(from, to);
      }
      if (name === 'string-width/index.js') text = lazyRegexes(text, args.path);
      return { contents: text, loader: 'js' };
    });
  },
};

// The program is one script per mode, each bundled whole (no chunks) and run by the launcher
// (src/launch.ts, dist/cli.js) through node:vm with a V8 code cache: a launch reads back the
// functions compiled on the one before instead of parsing and compiling them again (an ES module
// cannot use a code cache on Node 20). main is argument parsing and configuration; it loads the
// mode it needs. What a mode imports dynamically (the simulator, @solana/web3.js, a headless
// command) stays in its file but runs only when used.
const MODES = {
  main: { entry: join(root, 'src', 'cli.ts'), exports: [] },
  dashboard: { entry: join(root, 'screens', 'shell', 'dashboard.ts'), exports: ['runDashboard'] },
  headless: { entry: join(root, 'src', 'headless', 'index.ts'), exports: ['runHeadless'] },
  sim: { entry: join(root, 'src', 'sim', 'cli.ts'), exports: ['runSimCommand'] },
};
const modeByEntry = new Map(Object.entries(MODES).map(([name, m]) => [m.entry, name]));

// main's dynamic import of a mode's entry becomes the launcher's loadMode (another script)
const modesOfMain = {
  name: 'modes-of-main',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (a) => {
      if (a.importer !== MODES.main.entry || a.kind !== 'dynamic-import') return undefined;
      const target = join(dirname(a.importer), a.path).replace(/\.js$/, '.ts');
      const mode = modeByEntry.get(target);
      if (mode === undefined) throw new Error(`build: ${a.importer} imports ${a.path}, which is no mode's entry`);
      return { path: mode, namespace: 'td-mode' };
    });
    b.onLoad({ filter: /.*/, namespace: 'td-mode' }, (a) => ({
      contents: `const m = await __tdLoadMode(${JSON.stringify(a.path)});\n${MODES[a.path].exports.map((e) => `export const ${e} = m.${e};`).join('\n')}`,
      loader: 'js',
    }));
  },
};

// Node's built-in modules come from the launcher's require (a script has no import statements)
const builtinNames = new Set(builtinModules);
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(b) {
    b.onResolve({ filter: /^[a-z_:/]+$/ }, (a) => {
      if (!a.path.startsWith('node:') && !builtinNames.has(a.path)) return undefined;
      return { path: a.path, namespace: 'td-builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'td-builtin' }, (a) => ({ contents: `module.exports = __tdBuiltin(${JSON.stringify(a.path)});`, loader: 'js' }));
  },
};

const result = await build({
  entryPoints: Object.fromEntries(Object.entries(MODES).map(([name, m]) => [name, m.entry])),
  outdir: join(root, 'dist'),
  entryNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Node 20 knows the v flag: a regular expression literal is compiled when first used, while
  // esbuild's new RegExp(..., 'v') stand-in would compile string-width's RGI-emoji set (~20 ms) at load.
  supported: { 'regexp-set-notation': true },
  splitting: false,
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  // A single non-ASCII character makes V8 hold the whole source as a two-byte string (twice the
  // memory, slower to scan): strings, regular expressions and identifiers are escaped instead.
  charset: 'ascii',
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': '__tdUrl' },
  plugins: [modesOfMain, builtinsByRequire, stubDevtools, oneStringWidth, patchDependencies],
  logLevel: 'warning',
  write: false,
  metafile: true,
});

// esbuild's __toESM copies every property of a CommonJS module (react, each built-in) into a new
// object for every module that imports it: one copy per module object is enough (nothing writes to it).
const TO_ESM = 'var __toESM = (mod, isNodeMode, target) => (';
const TO_ESM_ONCE = `var __tdEsm = [new WeakMap(), new WeakMap()];
var __toESM = (mod, isNodeMode) => {
  if (mod === null || typeof mod !== 'object' && typeof mod !== 'function') return __toESMCopy(mod, isNodeMode);
  const seen = __tdEsm[isNodeMode ? 1 : 0];
  let ns = seen.get(mod);
  if (ns === undefined) seen.set(mod, ns = __toESMCopy(mod, isNodeMode));
  return ns;
};
var __toESMCopy = (mod, isNodeMode, target) => (`;

const modeFiles = {};
for (const file of result.outputFiles) {
  const entry = Object.entries(result.metafile.outputs).find(([out]) => join(root, out) === file.path)?.[1]?.entryPoint;
  const mode = entry === undefined ? undefined : modeByEntry.get(join(root, entry));
  if (mode === undefined) throw new Error(`build: ${file.path} is no mode's script`);
  // charset 'ascii' escapes every string, regular expression and identifier; what is left is in
  // comments esbuild keeps (doc comments of class fields), where an escape changes nothing.
  let text = file.text.replace(/[^\x00-\x7f]/gu, (c) => [...c].map((u) => `\\u{${u.codePointAt(0).toString(16)}}`).join(''));
  if (text.includes(TO_ESM)) text = text.replace(TO_ESM, TO_ESM_ONCE);
  // the entry's exports become the script's result
  const exportsAt = text.lastIndexOf('\nexport {');
  const names = exportsAt < 0 ? [] : text.slice(exportsAt + 9, text.indexOf('}', exportsAt)).split(',').map((n) => n.trim()).filter(Boolean);
  if (exportsAt >= 0) text = text.slice(0, exportsAt);
  const returned = names.map((n) => (n.includes(' as ') ? n.split(' as ').reverse().join(': ') : n)).join(', ');
  for (const e of MODES[mode].exports) if (!names.some((n) => n === e || n.endsWith(` as ${e}`))) throw new Error(`build: ${mode} does not export ${e}`);
  const leftover = /^\s*(import|export)\b|\bimport\s*\(|\bimport\.meta\b/m.exec(text);
  if (leftover) throw new Error(`build: the ${mode} script still has an ES module form (${leftover[0].trim()}): a script cannot run it`);
  text = `(async function (require, __tdBuiltin, __tdUrl, __tdLoadMode) {\n"use strict";\n${text}\nreturn { ${returned} };\n})`;
  const name = basename(file.path);
  modeFiles[mode] = name;
  await mkdir(dirname(file.path), { recursive: true });
  await writeFile(file.path, text);
}

// the launcher: dist/cli.js, told the file of each mode
await build({
  entryPoints: [join(root, 'src', 'launch.ts')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  charset: 'ascii',
  legalComments: 'none',
  define: { __TD_MODES__: JSON.stringify(modeFiles) },
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
chmodSync(out, 0o755);

// Scripts of earlier builds (and their caches) stay an hour: a program started just before this
// build may still be loading one of its modes (names carry a content hash, so nothing is overwritten).
// dist/chunks is what builds before single scripts made.
const current = new Set(Object.values(modeFiles));
const distDir = join(root, 'dist');
for (const dir of [distDir, join(distDir, '.cache'), join(distDir, 'chunks')]) {
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const p = join(dir, name);
    if (p === out || current.has(name) || current.has(name.replace(/\.v8$/, '')) || statSync(p).isDirectory()) continue;
    if (Date.now() - statSync(p).mtimeMs > 3600_000) await rm(p, { force: true });
  }
}
