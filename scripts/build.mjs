// Bundles the program: dist/cli.js (the launcher, src/main/launch.ts) and one script per mode beside it.
// --if-needed skips the build when dist/cli.js is newer than every source file; --pack (the
// prepack script) removes the scripts of earlier builds at once instead of after an hour.
// --test-hooks builds the same program into dist-test/ with its test hooks in (__TEST_HOOKS__ true:
// TRADEDECK_TEST_KILL_AT, TRADEDECK_TEST_RPC_PROBE_MS), for the tests that kill it at a stage or
// hurry its RPC probe; dist/, what is published, is built with them folded away.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { statSync, readdirSync, existsSync, chmodSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join, dirname } from 'node:path';
import { builtinModules } from 'node:module';
import { dependencyPlugins, EDIT_NAMES, patchToEsm } from './bundle-patches.mjs';
import { inkOutput } from './ink-output.mjs';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const testHooks = process.argv.includes('--test-hooks');
const distDir = join(root, testHooks ? 'dist-test' : 'dist');
const out = join(distDir, 'cli.js');

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
    ...['src', 'components', 'screens', 'scripts'].map((d) => newestSource(join(root, d))),
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

// The program reads its version from package.json (src/commands/argv.ts); the bundle holds that field only,
// not the whole file.
const packageFile = join(root, 'package.json');
const packageVersion = {
  name: 'package-version',
  setup(b) {
    b.onLoad({ filter: /[\\/]package\.json$/ }, (a) =>
      a.path === packageFile
        ? {
            contents: JSON.stringify({ version: JSON.parse(readFileSync(packageFile, 'utf8')).version }),
            loader: 'json',
          }
        : undefined,
    );
  },
};

// --without NAME,...: a build without those edits of the dependencies (scripts/bundle-patches.mjs),
// to measure what one is worth (npm run bench -- --cli on that build's dist/cli.js)
const withoutAt = process.argv.indexOf('--without');
const without = new Set(withoutAt < 0 ? [] : (process.argv[withoutAt + 1] ?? '').split(',').filter(Boolean));
for (const name of without) {
  if (EDIT_NAMES.includes(name)) continue;
  console.error(`build: --without ${name}: no edit has that name (${EDIT_NAMES.join(', ')})`);
  process.exit(2);
}

// The program is one script per mode, each bundled whole (no chunks) and run by the launcher
// (src/main/launch.ts, dist/cli.js) through node:vm with a V8 code cache: a launch reads back the
// functions compiled on the one before instead of parsing and compiling them again (an ES module
// cannot use a code cache on Node 20). main is argument parsing and configuration; it loads the
// mode it needs. What a mode imports dynamically (the simulator, @solana/kit, a headless
// command) stays in its file but runs only when used.
const MODES = {
  main: { entry: join(root, 'src', 'main', 'cli.ts'), exports: [] },
  dashboard: { entry: join(root, 'screens', 'shell', 'dashboard.ts'), exports: ['runDashboard'] },
  headless: { entry: join(root, 'src', 'commands', 'index.ts'), exports: ['runHeadless'] },
  sim: { entry: join(root, 'src', 'main', 'sim.ts'), exports: ['runSimCommand'] },
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
    b.onLoad({ filter: /.*/, namespace: 'td-builtin' }, (a) => ({
      contents: `module.exports = __tdBuiltin(${JSON.stringify(a.path)});`,
      loader: 'js',
    }));
  },
};

const result = await build({
  entryPoints: Object.fromEntries(Object.entries(MODES).map(([name, m]) => [name, m.entry])),
  outdir: distDir,
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
  define: {
    'process.env.NODE_ENV': '"production"',
    'import.meta.url': '__tdUrl',
    __TEST_HOOKS__: String(testHooks),
  },
  plugins: [
    modesOfMain,
    builtinsByRequire,
    stubDevtools,
    packageVersion,
    inkOutput(join(root, 'src', 'terminal', 'output.ts')),
    ...dependencyPlugins(join(root, 'node_modules'), without),
  ],
  logLevel: 'warning',
  write: false,
  metafile: true,
});

const modeFiles = {};
for (const file of result.outputFiles) {
  const entry = Object.entries(result.metafile.outputs).find(([out]) => join(root, out) === file.path)?.[1]?.entryPoint;
  const mode = entry === undefined ? undefined : modeByEntry.get(join(root, entry));
  if (mode === undefined) throw new Error(`build: ${file.path} is no mode's script`);
  // charset 'ascii' escapes every string, regular expression and identifier; what is left is in
  // comments esbuild keeps (doc comments of class fields), where an escape changes nothing.
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  let text = file.text.replace(/[^\x00-\x7f]/gu, (c) =>
    [...c].map((u) => `\\u{${u.codePointAt(0).toString(16)}}`).join(''),
  );
  if (!without.has('__toESM')) text = patchToEsm(text, mode);
  // the entry's exports become the script's result
  const exportsAt = text.lastIndexOf('\nexport {');
  const names =
    exportsAt < 0
      ? []
      : text
          .slice(exportsAt + 9, text.indexOf('}', exportsAt))
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
  if (exportsAt >= 0) text = text.slice(0, exportsAt);
  const returned = names.map((n) => (n.includes(' as ') ? n.split(' as ').reverse().join(': ') : n)).join(', ');
  for (const e of MODES[mode].exports)
    if (!names.some((n) => n === e || n.endsWith(` as ${e}`))) throw new Error(`build: ${mode} does not export ${e}`);
  // (a property named import or export, `export: {`, is not a module form)
  const leftover = /^\s*(import|export)\b(?!\s*:)|\bimport\s*\(|\bimport\.meta\b/m.exec(text);
  if (leftover)
    throw new Error(
      `build: the ${mode} script still has an ES module form (${leftover[0].trim()}): a script cannot run it`,
    );
  // __tdBuiltin is require under a name esbuild does not resolve (see builtins-by-require)
  text = `(async function (require, __tdUrl, __tdLoadMode, __tdStarted) {\n"use strict";\nconst __tdBuiltin = require;\n${text}\nreturn { ${returned} };\n})`;
  // named by a hash of the final text (esbuild's [hash] does not see the changes made here)
  const name = `${basename(file.path).replace(/-[^-]+\.js$/, '')}-${createHash('sha256').update(text).digest('hex').slice(0, 10).toUpperCase()}.js`;
  modeFiles[mode] = name;
  await mkdir(dirname(file.path), { recursive: true });
  await writeFile(join(dirname(file.path), name), text);
}

// the launcher: dist/cli.js, told the file of each mode
await build({
  entryPoints: [join(root, 'src', 'main', 'launch.ts')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  charset: 'ascii',
  legalComments: 'none',
  define: { __TD_MODES__: JSON.stringify(modeFiles) },
  // Run as a command, the launcher is a shell script for one line: it sets glibc's malloc arena
  // limit (unless the user set one) and hands itself to node; to node that line is a string and a
  // comment. With an arena per thread, the memory V8's helper threads allocate and free (garbage
  // collection, compilation) stays spread over arenas glibc hardly gives back: left open on Tokens
  // the dashboard's resident memory rose about 0.4 MB a minute; with one arena it stays level.
  // No V8 flag goes on this line: under any flag of V8's, node compiles its own modules from their
  // source instead of taking them from its built-in code cache (see DASHBOARD_V8_FLAGS in
  // src/main/launch.ts).
  banner: {
    js: `#!/bin/sh\n':' //; export MALLOC_ARENA_MAX="\${MALLOC_ARENA_MAX:-1}"; exec node "$0" "$@"`,
  },
  logLevel: 'warning',
});
chmodSync(out, 0o755);
// the launcher is CommonJS: loading it through Node's ES module loader would cost every launch
const distPackage = join(distDir, 'package.json');
await writeFile(distPackage, '{ "type": "commonjs" }\n');

// The package (npm pack, npm publish: package.json's files is dist) holds this build only: not the
// scripts of earlier builds kept below, nor the code caches of dist/.cache, which belong to the
// machine that made them (an installed program makes its own on its first runs).
const npmignore = join(distDir, '.npmignore');
await writeFile(
  npmignore,
  [
    '# written by scripts/build.mjs: the package holds this build only',
    '*',
    // (a name starting with a dot is not matched by *: the code caches are left out by name)
    '.*',
    '.cache/',
    ...['cli.js', 'package.json', ...Object.values(modeFiles)].map((f) => `!${f}`),
    '',
  ].join('\n'),
);

// Scripts of earlier builds (and their caches) stay an hour: a program started just before this
// build may still be loading one of its modes (names carry a content hash, so nothing is overwritten).
// With --pack (npm pack and publish run it) they go at once.
// dist/chunks is what builds before single scripts made.
const current = new Set(Object.values(modeFiles));
for (const dir of [distDir, join(distDir, '.cache'), join(distDir, 'chunks')]) {
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const p = join(dir, name);
    if (
      p === out ||
      p === distPackage ||
      p === npmignore ||
      current.has(name) ||
      current.has(name.replace(/(\.d)?(\.early)?\.v8$/, '')) ||
      statSync(p).isDirectory()
    )
      continue;
    // (packing, the package holds this build only: the others go now)
    if (process.argv.includes('--pack') || Date.now() - statSync(p).mtimeMs > 3600_000) await rm(p, { force: true });
  }
}
