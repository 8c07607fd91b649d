// Bundles the program into one ESM file, dist/cli.js.
// --if-needed skips the build when dist/cli.js is newer than every source file.
import { build } from 'esbuild';
import { statSync, readdirSync, existsSync, chmodSync } from 'node:fs';
import { join, dirname } from 'node:path';
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

await build({
  entryPoints: [join(root, 'src', 'cli.ts')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: false,
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __tdCreateRequire } from 'node:module';",
      'const require = __tdCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  plugins: [stubDevtools],
  logLevel: 'warning',
});
chmodSync(out, 0o755);
