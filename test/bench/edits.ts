// What each edit the bundle makes to a dependency is worth (scripts/bundle-patches.mjs), counted
// in instructions under valgrind's callgrind: npm run bench -- --edits [NAME...] [--runs N].
// Counts do not move with the load of a shared machine as times do, so an edit worth a
// millisecond can be told from none. Not in the bench's table (each count runs node under
// valgrind: a few minutes in all).
//
// Each probe is a small program bundled as the build bundles (dependencyPlugins, patchToEsm),
// once with every edit and once without the one measured, and run under callgrind (the median of
// `runs`); printed is what the probe does, both counts and their difference. A start-up probe
// loads the module the edit is in, as the dashboard's start does; a frame probe does the work an
// edit is for over a minute of frames (60: a data refresh every 10 s and keys), with rows as the
// Tokens screen draws them, a third of them new in each frame.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { dependencyPlugins, patchToEsm } from '../../scripts/bundle-patches.mjs';
import { first, nth } from '../support/narrow.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const nodeModules = join(root, 'node_modules');
const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 3;
const only = argv.filter((a, i) => !a.startsWith('--') && i !== runsAt + 1);

// inside node_modules, so that the probes' imports resolve
const scratch = mkdtempSync(join(nodeModules, '.td-edits-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

// rows as the Tokens screen draws them (one text node each), the price of a third of them new in each frame
const ROWS = 24;
const FRAMES = 60;
const rowText = (i: number, frame: number) => {
  const price = (0.2253 + i * 1.7 + (i % 3 === frame % 3 ? frame / 1000 : 0)).toFixed(4);
  const up = i % 2 === 0;
  return `${i === 3 ? '\x1b[7m' : ''}${i === 3 ? '›' : ' '} ${String(i + 1).padStart(2)}  \x1b[1mSYM${i}\x1b[22m ✓   Token number ${i}  ${price.padStart(12)}  ${up ? '\x1b[32m▲ +' : '\x1b[31m▼ -'}${(i * 0.37).toFixed(2)}%\x1b[39m   5.34M   1.22B \x1b[36m▁▅█▇▅▃▃▂▂▂\x1b[39m${i === 3 ? '\x1b[27m' : ''}`;
};
const FRAME_TEXTS = `const frames = Array.from({ length: ${FRAMES} }, (_, f) => Array.from({ length: ${ROWS} }, (_, i) => (${rowText.toString()})(i, f)));`;

interface Probe {
  /** the edit's name (scripts/build.mjs --without) */
  edit: string;
  what: string;
  /** the probe's modules: the entry first */
  files: Record<string, string>;
  /** plugins of its own, with the edit and without it */
  plugins?: (withIt: boolean) => Plugin[];
}

const source = (...path: string[]) => JSON.stringify(join(root, ...path));

const PROBES: Probe[] = [
  {
    edit: 'yoga-layout',
    what: 'load yoga-layout (Ink lays out with it) and lay out one node',
    files: {
      'entry.mjs': "import Yoga from 'yoga-layout';\nconst n = Yoga.Node.create();\nn.calculateLayout();\nn.free();\n",
    },
  },
  {
    edit: 'string-width/index.js',
    what: 'load string-width and measure an ASCII text',
    files: {
      'entry.mjs':
        "import stringWidth from 'string-width';\nif (stringWidth('SOL 187.41') !== 10) throw new Error();\n",
    },
  },
  {
    edit: 'slice-ansi/tokenize-ansi.js',
    what: 'load slice-ansi (Ink loads it at start, for truncation)',
    files: {
      'entry.mjs': "import sliceAnsi from 'slice-ansi';\nif (typeof sliceAnsi !== 'function') throw new Error();\n",
    },
  },
  {
    edit: 'signal-exit/index.js',
    what: 'load signal-exit and register a handler (Ink does)',
    files: { 'entry.mjs': "import onExit from 'signal-exit';\nonExit(() => {})();\n" },
  },
  {
    edit: '__toESM',
    what: "import react, react/jsx-runtime and Node's modules from as many modules as the dashboard does",
    files: (() => {
      // the dashboard's script: modules importing each (grep -o '__toESM(require_[a-z_]*()' | sort | uniq -c)
      const importers: Array<[string, number]> = [
        ['react', 57],
        ['react/jsx-runtime', 35],
        ['node:path', 15],
        ['node:process', 14],
        ['node:fs/promises', 9],
        ['node:crypto', 9],
        ['node:fs', 7],
      ];
      const files: Record<string, string> = {};
      let entry = '';
      let n = 0;
      for (const [spec, count] of importers)
        for (let k = 0; k < count; k++, n++) {
          files[`m${n}.mjs`] =
            `import * as m from ${JSON.stringify(spec)};\nexport const size${n} = Object.keys(m).length;\n`;
          entry += `import { size${n} } from './m${n}.mjs';\nif (!size${n}) throw new Error();\n`;
        }
      return { 'entry.mjs': entry, ...files };
    })(),
  },
  {
    edit: 'one-string-width',
    what: `Ink's measuring of every text node (widest-line), ${FRAMES} frames of ${ROWS} rows`,
    files: {
      'entry.mjs': `import widestLine from 'widest-line';\n${FRAME_TEXTS}\nlet n = 0;\nfor (const rows of frames) for (const t of rows) n += widestLine(t);\nif (!n) throw new Error();\n`,
    },
  },
  {
    // not an edit: Ink's output stage replaced (scripts/ink-output.mjs), against Ink's own and the
    // writer's parse of its text (each line parsed once, as long as the next frame has it)
    edit: 'ink-output',
    what: `Ink's output stage, ${FRAMES} frames of ${ROWS} rows: src/terminal/output.ts, against Ink's output.js as published and the parse of its text`,
    files: {
      'entry.mjs': `import Output from 'td-output';
import { takeInkFrames } from ${source('src', 'terminal', 'output.ts')};
import { parseLine } from ${source('src', 'terminal', 'cells.ts')};
import { sanitizeStyled } from ${source('src', 'sanitize.ts')};
${FRAME_TEXTS}
let cells = 0;
takeInkFrames((rows) => (cells += rows.length));
let parsed = new Map();
for (const rows of frames) {
  const out = new Output({ width: 80, height: ${ROWS} });
  rows.forEach((t, y) => out.write(0, y, t, { transformers: [] }));
  const { output } = out.get();
  if (output === '') continue;
  const next = new Map();
  for (const line of output.split('\\n')) next.set(line, parsed.get(line) ?? parseLine(sanitizeStyled(line)));
  parsed = next;
  cells += next.size;
}
if (!cells) throw new Error();
`,
    },
    plugins: (withIt) => [
      {
        name: 'td-output',
        setup(b) {
          b.onResolve({ filter: /^td-output$/ }, () => ({
            path: withIt ? join(root, 'src', 'terminal', 'output.ts') : join(nodeModules, 'ink', 'build', 'output.js'),
          }));
        },
      },
    ],
  },
];

// Node's modules as the build has them: the require of the launcher (see scripts/build.mjs)
const builtins = new Set(builtinModules);
const builtinsByRequire: Plugin = {
  name: 'builtins-by-require',
  setup(b) {
    b.onResolve({ filter: /^[a-z_:/]+$/ }, (a) =>
      a.path.startsWith('node:') || builtins.has(a.path) ? { path: a.path, namespace: 'td-builtin' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'td-builtin' }, (a) => ({
      contents: `module.exports = __tdBuiltin(${JSON.stringify(a.path)});`,
      loader: 'js',
    }));
  },
};

async function bundle(p: Probe, without: Set<string>): Promise<string> {
  const dir = mkdtempSync(join(scratch, 'probe-'));
  for (const [name, text] of Object.entries(p.files)) writeFileSync(join(dir, name), text);
  const r = await build({
    entryPoints: [join(dir, 'entry.mjs')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    supported: { 'regexp-set-notation': true },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      builtinsByRequire,
      ...(p.plugins?.(!without.has(p.edit)) ?? []),
      ...dependencyPlugins(nodeModules, without),
    ],
    absWorkingDir: root,
    write: false,
    logLevel: 'warning',
  });
  let text = nth(r.outputFiles, 0).text;
  if (!without.has('__toESM')) text = patchToEsm(text, 'probe');
  const out = join(dir, 'probe.mjs');
  writeFileSync(
    out,
    `import { createRequire as __tdCreateRequire } from 'node:module';\nconst __tdBuiltin = __tdCreateRequire(import.meta.url);\n${text}`,
  );
  return out;
}

function instructions(file: string): number {
  const out = join(scratch, 'callgrind.out');
  execFileSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, file], {
    stdio: 'ignore',
  });
  const m = /^(?:summary|totals): (\d+)/m.exec(readFileSync(out, 'utf8'));
  if (!m) throw new Error(`no total for ${file}`);
  return Number(m[1]);
}

const median = (xs: number[]) =>
  nth(
    [...xs].sort((a, b) => a - b),
    Math.floor(xs.length / 2),
  );
const M = (n: number) => `${(n / 1e6).toFixed(1)} M`;

console.log(`| Edit | Probe | With it | Without it | Difference |`);
console.log(`|---|---|---|---|---|`);
for (const p of PROBES) {
  if (only.length > 0 && !only.includes(p.edit)) continue;
  const files = [await bundle(p, new Set()), await bundle(p, new Set([p.edit]))];
  const counts: number[][] = [[], []];
  // the two in turn, so that whatever else changes on the machine falls on both alike
  for (let r = 0; r < RUNS; r++) for (const [i, f] of files.entries()) nth(counts, i).push(instructions(f));
  const [withIt, without] = first(counts.map(median), 2);
  process.stderr.write(
    `edits: ${p.edit}: with ${nth(counts, 0).map(M).join(', ')}; without ${nth(counts, 1).map(M).join(', ')}\n`,
  );
  console.log(
    `| ${p.edit} | ${p.what} | ${M(withIt)} | ${M(without)} | ${without >= withIt ? '+' : ''}${M(without - withIt)} |`,
  );
}
