// The installed program (dist/cli.js) runs each mode's script through a V8 code cache kept in
// dist/.cache, or in the user's cache directory when dist has no room for it. Each test runs a copy
// of the built dist, so the cache it looks at is its own. The last test checks what the scripts
// load when: the Solana library only once a transaction is decoded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { CLI, cleanEnv, collect, startSignerRig } from './support/cli.js';
import { openTerminal } from './support/pty.js';
import { nth } from './support/narrow.js';
import { removeTree } from './support/home.js';

/** A copy of the built program: the launcher (with dist/package.json, which makes it CommonJS) and the scripts it names. */
function copyOfDist(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'td-dist-'));
  t.after(() => removeTree(dir));
  const launcher = readFileSync(CLI, 'utf8');
  const scripts = [...launcher.matchAll(/"((?:main|dashboard|headless|sim)-[A-Z0-9]+\.js)"/g)].map((m) => nth(m, 1));
  assert.equal(new Set(scripts).size, 4, 'the launcher names a script for main, dashboard, headless and sim');
  copyFileSync(CLI, join(dir, 'cli.js'));
  copyFileSync(join(CLI, '..', 'package.json'), join(dir, 'package.json'));
  for (const s of scripts) copyFileSync(join(CLI, '..', s), join(dir, s));
  return dir;
}

/** the full caches in `dir` (a launch without one also leaves an early one, *.early.v8) */
const cacheFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.v8') && !f.endsWith('.early.v8'))
        .sort()
    : [];
const earlyFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.early.v8'))
        .sort()
    : [];

/** `tokens --watch --json` in demo mode (it runs until stopped), once it has printed something */
async function watching(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(file, [...args, 'tokens', '--watch', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no output from tokens --watch: ${out}${err}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`tokens --watch exited ${code}: ${err}`)));
    child.stdout!.once('data', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return child;
}

test('a run leaves the code cache of the modes it ran in dist/.cache, and the next run reads it', async (t) => {
  const dist = copyOfDist(t);
  const env = cleanEnv();
  const first = await collect(process.execPath, [join(dist, 'cli.js'), '--version'], env);
  assert.equal(first.code, 0, first.err);
  assert.match(first.out, /^tradedeck \d+\.\d+\.\d+/);
  assert.deepEqual(
    cacheFiles(join(dist, '.cache')).map((f) => f.replace(/-[A-Z0-9]+\.js\.v8$/, '')),
    ['main'],
  );
  assert.deepEqual(
    earlyFiles(join(dist, '.cache')).map((f) => f.replace(/-[A-Z0-9]+\.js\.early\.v8$/, '')),
    ['main'],
    'and an early one, written as soon as the script had run',
  );
  // the next run reads it: V8 takes it, so it is not written again
  const main = nth(cacheFiles(join(dist, '.cache')), 0);
  const written = statSync(join(dist, '.cache', main)).mtimeMs;
  await new Promise((r) => setTimeout(r, 20));
  assert.equal((await collect(process.execPath, [join(dist, 'cli.js'), '--version'], env)).code, 0);
  assert.equal(statSync(join(dist, '.cache', main)).mtimeMs, written, 'the cache was accepted, not made again');
  const config = await collect(process.execPath, [join(dist, 'cli.js'), 'config', '--json'], env);
  assert.equal(config.code, 0, config.err);
  assert.ok(JSON.parse(config.out), 'config --json prints JSON');
  assert.deepEqual(
    cacheFiles(join(dist, '.cache')).map((f) => f.replace(/-[A-Z0-9]+\.js\.v8$/, '')),
    ['headless', 'main'],
  );
  // nothing went to the user's cache directory
  assert.equal(existsSync(join(env.HOME!, '.cache', 'tradedeck')), false);
});

test('the dashboard sets its V8 flags only after its caches are written: the next run takes every one back', async (t) => {
  const dist = copyOfDist(t);
  const env = cleanEnv();
  const dir = join(dist, '.cache');
  const kinds = () => cacheFiles(dir).map((f) => f.replace(/-[A-Z0-9]+\.js/, ''));
  const dashboard = async (until: () => boolean) => {
    const term = await openTerminal(t, { command: [process.execPath, join(dist, 'cli.js')], cols: 80, rows: 24, env });
    await term.waitFor((s) => /^[› ]\s*1\s+\S/m.test(s) && until(), 30_000);
    term.send('q');
    assert.equal(await term.exited(), 0);
  };
  // the first run stays until its full caches are written while it runs (not at exit): the flags
  // change right after, and a cache made under them would be refused by every later start
  await dashboard(() => kinds().includes('dashboard.v8'));
  assert.deepEqual(kinds(), ['dashboard.v8', 'main.v8']);
  const stamps = () => cacheFiles(dir).map((f) => statSync(join(dir, f)).mtimeMs);
  const written = stamps();
  await new Promise((r) => setTimeout(r, 20));
  // a headless run and the dashboard again take them back: neither is made again
  assert.equal((await collect(process.execPath, [join(dist, 'cli.js'), 'config', '--json'], env)).code, 0);
  await dashboard(() => true);
  assert.deepEqual(kinds(), ['dashboard.v8', 'headless.v8', 'main.v8']);
  const after = cacheFiles(dir)
    .filter((f) => !f.startsWith('headless-'))
    .map((f) => statSync(join(dir, f)).mtimeMs);
  assert.deepEqual(after, written, "main's and the dashboard's caches were accepted");
});

test('a program killed at once leaves the early cache, and the next run that lives writes the full one', async (t) => {
  const dist = copyOfDist(t);
  const env = cleanEnv();
  // `tokens --watch` in demo mode runs until it is stopped: killed 1 s in (before the full cache is due)
  const child = await watching(process.execPath, [join(dist, 'cli.js')], env);
  child.kill('SIGKILL');
  await new Promise((r) => child.once('close', r));
  const dir = join(dist, '.cache');
  assert.ok(
    earlyFiles(dir).some((f) => f.startsWith('headless-')),
    `an early headless cache: ${readdirSync(dir).join(', ')}`,
  );
  assert.ok(!cacheFiles(dir).some((f) => f.startsWith('headless-')), 'no full headless cache yet');
  const run = await collect(process.execPath, [join(dist, 'cli.js'), 'config', '--json'], env);
  assert.equal(run.code, 0, run.err);
  assert.ok(
    cacheFiles(dir).some((f) => f.startsWith('headless-')),
    'the full headless cache, written by a run that found only the early one',
  );
});

test("a dashboard that ends before its first frame writes no full cache: the next one writes it once its first frame is drawn, with that frame's code", async (t) => {
  const dist = copyOfDist(t);
  const env = cleanEnv();
  const dir = join(dist, '.cache');
  const dashboardCaches = () => readdirSync(dir).filter((f) => f.startsWith('dashboard-'));
  // trading live with a key file that does not exist: the start stops before anything is drawn
  // (nothing is sent to the service: it need not be there)
  const refused = await openTerminal(t, {
    command: [
      process.execPath,
      join(dist, 'cli.js'),
      '--base-url',
      'http://127.0.0.1:9',
      '--keypair',
      join(dist, 'no-such-key.json'),
    ],
    cols: 80,
    rows: 24,
    env,
  });
  assert.equal(await refused.exited(), 2);
  assert.match(refused.rawOutput(), /no-such-key\.json/);
  assert.deepEqual(
    dashboardCaches().map((f) => f.replace(/-[A-Z0-9]+\.js/, '')),
    ['dashboard.early.v8'],
    "the early cache only: a full one made then would hold none of the first frame's code, and stay",
  );
  const term = await openTerminal(t, { command: [process.execPath, join(dist, 'cli.js')], cols: 80, rows: 24, env });
  await term.waitFor((s) => /^[› ]\s*1\s+\S/m.test(s), 30_000);
  await term.waitFor(() => cacheFiles(dir).some((f) => f.startsWith('dashboard-')), 30_000);
  term.send('q');
  assert.equal(await term.exited(), 0);
  const size = (kind: string) => {
    const f = dashboardCaches().find((n) => n.endsWith(kind));
    assert.ok(f, `a dashboard cache ending ${kind}: ${dashboardCaches().join(', ')}`);
    return statSync(join(dir, f)).size;
  };
  assert.ok(
    size('.js.v8') > 1.5 * size('.early.v8'),
    `the full cache (${size('.js.v8')} B) holds the first frame's code beside the early one's (${size('.early.v8')} B)`,
  );
});

test('a cache V8 does not accept (another Node, a damaged file) is written again, and the program runs as before', async (t) => {
  const dist = copyOfDist(t);
  const env = cleanEnv();
  assert.equal((await collect(process.execPath, [join(dist, 'cli.js'), '--version'], env)).code, 0);
  const file = nth(cacheFiles(join(dist, '.cache')), 0);
  const path = join(dist, '.cache', file);
  const good = readFileSync(path);
  writeFileSync(path, Buffer.from('not a code cache at all'));
  const run = await collect(process.execPath, [join(dist, 'cli.js'), '--version'], env);
  assert.equal(run.code, 0, run.err);
  assert.match(run.out, /^tradedeck /);
  assert.equal(run.err, '');
  // a whole cache again (V8's caches of one script differ by a few bytes from run to run), which
  // the next launch accepts rather than writes again
  const again = readFileSync(path).length;
  assert.ok(
    Math.abs(again - good.length) < good.length / 20,
    `the damaged cache was replaced by a whole one (${again} bytes, ${good.length} before)`,
  );
  const written = statSync(path).mtimeMs;
  assert.equal((await collect(process.execPath, [join(dist, 'cli.js'), '--version'], env)).code, 0);
  assert.equal(statSync(path).mtimeMs, written, 'the new cache was accepted');
});

test('with no room in dist the cache goes to $XDG_CACHE_HOME/tradedeck; TRADEDECK_CODE_CACHE=0 writes none', async (t) => {
  const dist = copyOfDist(t);
  // dist/.cache is a file here, so no cache can be written under it
  writeFileSync(join(dist, '.cache'), '');
  const env = cleanEnv();
  env.XDG_CACHE_HOME = join(env.HOME!, 'xdg-cache');
  const run = await collect(process.execPath, [join(dist, 'cli.js'), '--version'], env);
  assert.equal(run.code, 0, run.err);
  assert.equal(cacheFiles(join(env.XDG_CACHE_HOME, 'tradedeck')).length, 1);

  const off = copyOfDist(t);
  const offEnv: NodeJS.ProcessEnv = { ...cleanEnv(), TRADEDECK_CODE_CACHE: '0' };
  offEnv.XDG_CACHE_HOME = join(offEnv.HOME!, 'xdg-cache');
  mkdirSync(offEnv.XDG_CACHE_HOME);
  const plain = await collect(process.execPath, [join(off, 'cli.js'), '--version'], offEnv);
  assert.equal(plain.code, 0, plain.err);
  assert.match(plain.out, /^tradedeck /);
  assert.deepEqual(cacheFiles(join(off, '.cache')), []);
  assert.deepEqual(cacheFiles(join(offEnv.XDG_CACHE_HOME, 'tradedeck')), []);
});

test('run as a command, as installed, the program is node (its young generation starting at 6 MB) running the launcher, with glibc held to one malloc arena unless the user chose a number', async (t) => {
  const dist = copyOfDist(t);
  const cli = join(dist, 'cli.js');
  const version = await collect(cli, ['--version'], cleanEnv());
  assert.equal(version.code, 0, version.err);
  assert.match(version.out, /^tradedeck \d+\.\d+\.\d+/);
  for (const [chosen, expected] of [
    [undefined, '1'],
    ['4', '4'],
  ] as const) {
    const env = cleanEnv();
    delete env.MALLOC_ARENA_MAX;
    if (chosen) env.MALLOC_ARENA_MAX = chosen;
    const child = await watching(cli, [], env);
    try {
      // the shell line execs node in its own process: what runs is node with the launcher and the arguments given
      const argv = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      assert.equal(basename(nth(argv, 0)), 'node');
      // and no V8 flag: under one, node compiles its own modules again instead of taking them from its code cache
      assert.deepEqual(argv.slice(1), [cli, 'tokens', '--watch', '--json']);
      const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
      assert.deepEqual(
        environ.filter((v) => v.startsWith('MALLOC_ARENA_MAX=')),
        [`MALLOC_ARENA_MAX=${expected}`],
      );
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('close', r));
    }
  }
});

test('--api-key: what ps shows of the running program no longer holds the key, and stderr says once that the environment is preferred', async () => {
  const key = 'tdk_ps_visible_0123456789abcdef';
  const child = spawn(
    CLI,
    [
      '--api-key',
      key,
      'tokens',
      '--watch',
      '--json',
      '--rpc-url',
      'https://u:hunter22@rpc.example.com/?api-key=RPCSECRET1',
    ],
    { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no output from tokens --watch: ${err}`)), 30_000);
      child.once('exit', (code) => reject(new Error(`tokens --watch exited ${code}: ${err}`)));
      child.stdout!.once('data', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    // /proc/PID/cmdline is what ps shows, to every user of the machine
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8');
    for (const secret of [key, key.slice(0, 12), 'hunter22', 'RPCSECRET1'])
      assert.ok(!cmdline.includes(secret), `ps shows ${secret}: ${JSON.stringify(cmdline)}`);
    const shown = cmdline.replace(/\0+$/, '');
    assert.match(
      shown,
      /^node .*cli\.js --api-key \*{8} tokens --watch --json --rpc-url https:\/\/\*\*\*@rpc\.example\.com\/\?api-key=\*\*\*$/,
    );
    const warnings = err.split('\n').filter((l) => l.includes('--api-key'));
    assert.deepEqual(warnings, [
      'tradedeck: warning: --api-key can be read by other users of this machine (ps) while tradedeck starts; TRADEDECK_API_KEY or the config file keeps it private',
    ]);
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('close', r));
  }
  // without --api-key nothing is rewritten and nothing is said
  const plain = await collect(process.execPath, [CLI, 'config'], { ...cleanEnv(), TRADEDECK_API_KEY: key });
  assert.equal(plain.code, 0, plain.err);
  assert.equal(plain.err, '');
});

test('the Solana library is loaded only when a transaction is decoded: not by tokens against the service, but by a limit order', async (t) => {
  const dist = copyOfDist(t);
  // each @solana module of the bundle is made by an init function, run when first imported: each writes a line
  let marked = 0;
  for (const file of readdirSync(dist).filter((f) => /^(headless|dashboard)-[A-Z0-9]+\.js$/.test(f))) {
    const text = readFileSync(join(dist, file), 'latin1').replace(/"node_modules\/@solana\/[^"]+"\(\) \{/g, (init) => {
      marked++;
      return `${init}process.stderr.write("solana module loaded\\n");`;
    });
    // and none runs as the script loads: every module of it in the script is made by an init function
    const modules = text.match(/^\/\/ node_modules\/@solana\//gm)?.length ?? 0;
    assert.equal(
      text.match(/solana module loaded/g)?.length ?? 0,
      modules,
      `${file}: every @solana module is made on demand`,
    );
    writeFileSync(join(dist, file), text, 'latin1');
  }
  assert.ok(
    marked >= 20,
    `the headless and dashboard scripts make the Solana library's modules on demand (${marked} found)`,
  );
  const rig = await startSignerRig(17, 'td-launcher-solana-');
  t.after(() => rig.close());
  const run = (...args: string[]) =>
    collect(
      process.execPath,
      [join(dist, 'cli.js'), ...args, '--base-url', rig.sim.url, '--rpc-url', rig.sim.rpcUrl, '--keypair', rig.keyPath],
      { ...cleanEnv(rig.home), TRADEDECK_API_KEY: 'test-key' },
    );
  const loads = (err: string) => err.split('\n').filter((l) => l === 'solana module loaded').length;
  for (const args of [
    ['tokens', '--json'],
    ['portfolio', '--json'],
    ['quote', '1', 'SOL', 'USDC', '--json'],
  ]) {
    const r = await run(...args);
    assert.equal(r.code, 0, r.err);
    assert.equal(loads(r.err), 0, `${args.join(' ')} loaded the Solana library`);
  }
  const order = await run('limit', '1', 'SOL', '160', 'USDC', '--yes', '--json');
  assert.equal(order.code, 0, order.err);
  assert.ok(loads(order.err) > 0, 'a limit order decodes its transaction with the Solana library');
});

test('the main script (arguments and configuration) carries no API schema: the modes it loads build their own once', () => {
  const launcher = readFileSync(CLI, 'utf8');
  const main = /"(main-[A-Z0-9]+\.js)"/.exec(launcher)?.[1];
  assert.ok(main, 'the launcher names the main script');
  const text = readFileSync(join(CLI, '..', main), 'latin1');
  const modules = [...text.matchAll(/^\/\/ ((?:src|node_modules)\/\S+)/gm)].map((m) => nth(m, 1));
  assert.ok(modules.includes('src/config/config.ts'), `main holds the configuration (${modules.join(', ')})`);
  // valibot itself is there (the config file and the settings are read with its schemas), and
  // nothing else of node_modules; no schema of the API contract, which the modes build once
  assert.deepEqual(
    modules.filter(
      (m) =>
        (m.startsWith('node_modules/') && !m.startsWith('node_modules/valibot/')) ||
        m.startsWith('src/api/contract/') ||
        m === 'src/api/contract/schema.ts',
    ),
    [],
    'no other library, no operation table: each would be built twice at every start',
  );
});
