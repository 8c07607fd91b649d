// tradedeck installed as a person installs a command: `npm pack` of a checkout with no dist (its
// prepack script builds one), then `npm install -g` of the tarball into a prefix of its own with
// --offline (the package has no dependencies: everything it runs is in dist), by an unprivileged
// user, who then runs it from the prefix's bin with a home of their own. The program cannot write
// in its install directory there, so its code cache goes to $XDG_CACHE_HOME/tradedeck.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { collect, type Run } from './support/cli.js';
import { nth } from './support/narrow.js';
import { removeTree } from './support/home.js';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
};

/** nobody's ids when this process is root and setpriv can switch to them; otherwise why not */
function unprivilegedUser(): { uid: number; gid: number } | string {
  if (process.getuid?.() !== 0) return 'this process is not root, so it already is an unprivileged user';
  const id = (flag: string) => spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) return 'root, but this system has no user nobody to switch to';
  if (spawnSync('setpriv', ['--version']).status !== 0) return 'root, but without setpriv to switch users';
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
const user = unprivilegedUser();
const as = typeof user === 'string' ? `as the current user (${user})` : 'as the unprivileged user nobody';

/** `file args...` in `cwd`, as nobody when there is one to switch to (unless asUser is false) */
function run(file: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, asUser = true): Promise<Run> {
  if (!asUser || typeof user === 'string') return collect(file, args, env, cwd);
  return collect(
    'setpriv',
    [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', file, ...args],
    env,
    cwd,
  );
}

/** An environment with nothing of the test runner's (no npm_* variables), everything in `home`. */
function envIn(home: string): NodeJS.ProcessEnv {
  return {
    PATH: [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_STATE_HOME: join(home, 'state'),
    XDG_CACHE_HOME: join(home, 'cache'),
    npm_config_cache: join(home, 'npm-cache'),
    npm_config_update_notifier: 'false',
  };
}

function chmodTree(path: string, mode: (isDir: boolean, current: number) => number): void {
  const st = statSync(path);
  chmodSync(path, mode(st.isDirectory(), st.mode & 0o7777));
  if (st.isDirectory()) for (const name of readdirSync(path)) chmodTree(join(path, name), mode);
}

interface Packed {
  filename: string;
  size: number;
  files: Array<{ path: string }>;
}

const packedFiles = (p: Packed) => p.files.map((f) => f.path).sort();

/** the package holds the program and its documentation: the launcher, its package.json, one script per mode, README and docs/ */
function assertProgramOnly(files: string[]): void {
  const scripts = files.filter((f) => /^dist\/(main|dashboard|headless|sim)-[0-9A-F]{10}\.js$/.test(f));
  assert.deepEqual(scripts.map((f) => f.replace(/-.*/, '')).sort(), [
    'dist/dashboard',
    'dist/headless',
    'dist/main',
    'dist/sim',
  ]);
  const docs = readdirSync(join(root, 'docs')).map((f) => `docs/${f}`);
  assert.deepEqual(
    files,
    ['README.md', ...docs, 'dist/cli.js', 'dist/package.json', ...scripts, 'package.json'].sort(),
  );
}

test(`npm pack of a checkout builds the program and packs only it; npm install -g of the tarball, offline, gives a working tradedeck ${as}`, async (t) => {
  const base = mkdtempSync(join(tmpdir(), 'td-install-'));
  chmodSync(base, 0o755);
  t.after(() => {
    // what the test made read-only, writable again (rm needs it unless root)
    if (existsSync(base)) chmodTree(base, (isDir, m) => m | (isDir ? 0o700 : 0o600));
    removeTree(base);
  });

  // a checkout with no dist: the sources, and the installed development dependencies
  const checkout = join(base, 'checkout');
  mkdirSync(checkout);
  // (with the workspace and the ignore file a clone has: npm reads no .npmignore below the root then)
  for (const entry of ['package.json', '.gitignore', 'README.md', 'docs', 'src', 'components', 'screens', 'scripts'])
    cpSync(join(root, entry), join(checkout, entry), { recursive: true });
  mkdirSync(join(checkout, 'tools', 'lint'), { recursive: true });
  cpSync(join(root, 'tools', 'lint', 'package.json'), join(checkout, 'tools', 'lint', 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(checkout, 'node_modules'));
  const packer = envIn(join(base, 'packer'));
  mkdirSync(packer.HOME!);
  const pack = await run('npm', ['pack', '--json', '--pack-destination', base], packer, checkout, false);
  assert.equal(pack.code, 0, pack.err);
  const packed = nth(JSON.parse(pack.out) as Packed[], 0);
  assert.match(pack.err, /> tradedeck@[\d.]+ prepack\n> node scripts\/build\.mjs/);
  assertProgramOnly(packedFiles(packed));
  t.diagnostic(`tarball ${packed.filename}: ${(packed.size / 1e6).toFixed(2)} MB, ${packed.files.length} files`);
  assert.ok(packed.size < 1.5e6, `the tarball is ${packed.size} bytes`);

  // code caches (the program wrote them running from the checkout) and a source map stay out of the
  // package, scripts included or not; an earlier build's script goes when packing builds again
  mkdirSync(join(checkout, 'dist', '.cache'));
  writeFileSync(join(checkout, 'dist', '.cache', 'main-0000000000.js.v8'), 'a code cache');
  writeFileSync(join(checkout, 'dist', 'cli.js.map'), '{}');
  const dry = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], packer, checkout, false);
  assert.equal(dry.code, 0, dry.err);
  assert.deepEqual(packedFiles(nth(JSON.parse(dry.out) as Packed[], 0)), packedFiles(packed));
  writeFileSync(join(checkout, 'dist', 'dashboard-0000000000.js'), '(async function () { return {}; })');
  const again = await run('npm', ['pack', '--dry-run', '--json'], packer, checkout, false);
  assert.equal(again.code, 0, again.err);
  assert.deepEqual(packedFiles(nth(JSON.parse(again.out) as Packed[], 0)), packedFiles(packed));
  assert.ok(!existsSync(join(checkout, 'dist', 'dashboard-0000000000.js')), 'the earlier build went at once');

  // the user installs the tarball into a prefix of their own, with nothing to fetch
  const home = join(base, 'home');
  const prefix = join(base, 'prefix');
  mkdirSync(home);
  mkdirSync(prefix);
  chmodSync(join(base, packed.filename), 0o644);
  if (typeof user !== 'string') for (const dir of [home, prefix]) chownSync(dir, user.uid, user.gid);
  const env = envIn(home);
  const install = await run(
    'npm',
    ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', join(base, packed.filename)],
    env,
    home,
  );
  assert.equal(install.code, 0, install.err);
  assert.doesNotMatch(
    install.err,
    /install.scripts|prepare/,
    'the package has no script for npm to run (or to ask about) at install',
  );
  const installed = join(prefix, 'lib', 'node_modules', pkg.name);
  assert.equal(
    JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).dependencies,
    undefined,
    'the package has no dependencies',
  );
  assert.equal(existsSync(join(installed, 'node_modules')), false, 'nothing was installed beside it');
  if (typeof user !== 'string')
    assert.equal(statSync(join(installed, 'dist', 'cli.js')).uid, user.uid, 'installed by nobody');

  // an install directory the user cannot write in (a system-wide install, a read-only image), with
  // a cache there that V8 refuses (as it would one made by another user's Node)
  const main = readdirSync(join(installed, 'dist')).find((f) => /^main-[0-9A-F]+\.js$/.test(f));
  mkdirSync(join(installed, 'dist', '.cache'));
  writeFileSync(join(installed, 'dist', '.cache', `${main}.v8`), 'a code cache from elsewhere');
  chmodTree(installed, (_, m) => m & ~0o222);
  const tradedeck = join(prefix, 'bin', 'tradedeck');
  const version = await run(tradedeck, ['--version'], env, home);
  assert.equal(version.code, 0, version.err);
  assert.equal(version.out.trim(), `tradedeck ${pkg.version}`);
  const userCache = join(home, 'cache', 'tradedeck');
  const mainCache = join(userCache, `${main}.v8`);
  const written = existsSync(mainCache) ? statSync(mainCache).mtimeMs : undefined;
  const tokens = await run(tradedeck, ['tokens', '--json'], env, home);
  assert.equal(tokens.code, 0, tokens.err);
  const doc = JSON.parse(tokens.out) as { tokens: Array<{ symbol: string }> };
  assert.ok(
    doc.tokens.length > 10 && doc.tokens.some((tok) => tok.symbol === 'SOL'),
    'the demo tokens, SOL among them',
  );
  const help = await run(tradedeck, ['--help'], env, home);
  assert.equal(help.code, 0, help.err);
  assert.match(help.out, /^tradedeck \d+\.\d+\.\d+: a keyboard-driven terminal dashboard/);
  assert.match(help.out, /tradedeck tokens \[--category C\]/);

  // the code caches went to the user's cache directory, and the next runs took them from there
  // rather than the one in dist (root could still write in the install directory: not checked then)
  if (process.getuid?.() === 0 && typeof user === 'string') return;
  assert.deepEqual(readdirSync(join(installed, 'dist', '.cache')), [`${main}.v8`]);
  const caches = readdirSync(userCache).filter((f) => f.endsWith('.v8') && !f.endsWith('.early.v8'));
  assert.deepEqual(caches.map((f) => f.replace(/-.*/, '')).sort(), ['headless', 'main']);
  assert.equal(
    statSync(mainCache).mtimeMs,
    written,
    'the main cache made by the first run was accepted by the next two, not made again',
  );
});

/**
 * Whether `version` (x.y.z) meets a package.json engines range: `||` of parts, each one or more
 * comparators (`>=`, `>`, `<=`, `<`, `=`, `^`, `~` or none before a version whose missing or `x`
 * places match anything).
 */
function satisfies(version: string, range: string): boolean {
  const v = version.replace(/^v/, '').split('.').map(Number);
  const cmp = (a: number[], b: number[]) => {
    for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  const one = (op: string, text: string): boolean => {
    const places = text.split('.');
    if (places.length > 3 || places.some((x) => !/^(\d+|x|\*)$/.test(x)))
      throw new Error(`engines range not understood: "${range}"`);
    const given = places.filter((x) => /^\d+$/.test(x)).map(Number);
    const want = [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0];
    switch (op) {
      case '>=':
        return cmp(v, want) >= 0;
      case '>':
        return cmp(v, want) > 0;
      case '<=':
        return cmp(v, want) <= 0;
      case '<':
        return cmp(v, want) < 0;
      case '^':
        return v[0] === want[0] && cmp(v, want) >= 0;
      case '~':
        return v[0] === want[0] && v[1] === want[1] && cmp(v, want) >= 0;
      default:
        // a version with places left out or written x: that line
        return given.every((n, i) => v[i] === n);
    }
  };
  return range.split('||').some((part) => {
    const comparators = part
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/);
    return comparators.every((c) => {
      const m = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(c);
      if (!m) throw new Error(`engines range not understood: "${range}"`);
      return one(m[1] ?? '', m[2]!);
    });
  });
}

test('npm install on this Node warns of no engine: every package in the lock accepts it; packed tarballs are ignored by git', () => {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } }>;
  };
  const refused = Object.entries(lock.packages)
    .filter(([, p]) => typeof p.engines?.node === 'string' && !satisfies(process.version, p.engines.node))
    .map(([path, p]) => `${path}@${p.version} wants node ${p.engines!.node}`);
  assert.deepEqual(refused, [], `npm would warn EBADENGINE on ${process.version}`);
  assert.ok(
    satisfies('20.18.0', '>=20.18.0') &&
      !satisfies('20.18.0', '>=22.12.0') &&
      satisfies('22.1.0', '20 || >=22') &&
      satisfies('20.18.0', '> 0.1.90') &&
      !satisfies('0.1.90', '> 0.1.90') &&
      satisfies('20.18.0', '4.x || >=6.0.0') &&
      !satisfies('20.18.0', '>=14 <20') &&
      satisfies('20.18.0', '^20.0.0'),
  );
  const ignored = spawnSync('git', ['check-ignore', '-q', 'tradedeck-0.1.0.tgz'], { cwd: root });
  if (ignored.error === undefined && ignored.status !== 128) assert.equal(ignored.status, 0, '*.tgz is in .gitignore');
  else assert.match(readFileSync(join(root, '.gitignore'), 'utf8'), /^\*\.tgz$/m);
});
