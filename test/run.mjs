// Runs every test file under test/ with node's built-in runner (TypeScript through tsx).
// Extra arguments are passed as file filters: `node test/run.mjs api` runs test/**/*api*.
import { readdirSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const filters = process.argv.slice(2);

function collect(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'bench' || entry.name === 'helpers') continue;
      files.push(...collect(p));
    } else if (/\.test\.tsx?$/.test(entry.name)) files.push(p);
  }
  return files;
}

let files = collect(join(root, 'test')).sort();
if (filters.length) files = files.filter((f) => filters.some((x) => relative(root, f).includes(x)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  { stdio: 'inherit', cwd: root, env: { ...process.env, FORCE_COLOR: '0' } },
);
process.exit(r.status ?? 1);
