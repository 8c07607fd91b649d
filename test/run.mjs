// Runs every test file under test/ with node's built-in runner (TypeScript through tsx).
// Extra arguments are passed as file filters: `node test/run.mjs api` runs test/**/*api*.
// With --check (what `npm test` passes), `npm run check` (linter, unused exports, formatting) runs
// beside the tests at a lower priority, so it takes the time the tests leave idle (waiting on
// timers, servers and child processes); its output is printed when it ends, and its failure fails
// the run.
import { readdirSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const withCheck = args.includes('--check');
const filters = args.filter((a) => a !== '--check');

function collect(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'bench' || entry.name === 'helpers' || entry.name === 'support') continue;
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

/** `npm run check` at nice 10, its output kept until it ends; resolves to its exit status. */
function runCheck() {
  const started = Date.now();
  const child = spawn('nice', ['-n', '10', 'npm', 'run', '--silent', 'check'], {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => {
    child.on('error', (err) => {
      out += `${err.message}\n`;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(
        `\n# npm run check (eslint, knip, prettier): ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${out}\n`,
      );
      resolve(code ?? 1);
    });
  });
}

const check = withCheck ? runCheck() : Promise.resolve(0);
const tests = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0' },
  },
);
const testStatus = await new Promise((resolve) => tests.on('close', (code) => resolve(code ?? 1)));
const checkStatus = await check;
process.exit(testStatus || checkStatus);
