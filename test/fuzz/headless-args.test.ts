// The headless argument parser with random argument vectors (seeded; TRADEDECK_FUZZ_SEED replays):
// the real program (dist/cli.js) exits 0, 1 or 2, says what was wrong in a short message, and never
// prints a JS stack. Requests go to a closed loopback port, so nothing leaves the machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, root } from '../support/reliability.js';
import { prng } from '../support/prng.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import { removeTree } from '../support/home.js';

const SEED = Number(process.env.TRADEDECK_FUZZ_SEED ?? 20261124);
const CASES = Number(process.env.TRADEDECK_FUZZ_ARGV ?? 40);

const COMMANDS = [
  'tokens',
  'quote',
  'portfolio',
  'orders',
  'invites',
  'studio',
  'limit',
  'dca',
  'cancel',
  'cancel-all',
  'config',
  'frobnicate',
  '--help',
  '-h',
  '--version',
  '',
];
const WORDS = [
  '--json',
  '--table',
  '--limit',
  '--dca',
  '--history',
  '--pending',
  '--yes',
  '--exact-out',
  '--slippage-bps',
  '--category',
  '--interval',
  '--interval-ms',
  '--max',
  '--name',
  '--symbol',
  '--image',
  '--base-url',
  '--api-key',
  '--keypair',
  '--address',
  '--read-only',
  '--rpc-url',
  '--notify',
  '--nonsense',
  '-x',
  '--',
  '--json=1',
  '--limit=-5',
  '1',
  '0',
  '-1',
  '1e308',
  '1e-9',
  'NaN',
  '0x10',
  '99999999999999999999999999999',
  '0.000000000000001',
  'SOL',
  'USDC',
  NATIVE_MINT,
  'notamint',
  '@150',
  '7d',
  '1h',
  'expiry',
  'slippage',
  '1%',
  '500%',
  'cu',
  'auto',
  'toptrending',
  '5m',
  '\x1b[31m',
  '\x00',
  '\x07',
  'é',
  '漢字',
  '🚀',
  ' ',
  '',
  '../../etc/passwd',
  'x'.repeat(5000),
];

function vector(next: () => number): string[] {
  const argv = [nth(COMMANDS, Math.floor(next() * COMMANDS.length))].filter((w) => w !== '');
  const n = Math.floor(next() * 6);
  for (let i = 0; i < n; i++) argv.push(nth(WORDS, Math.floor(next() * WORDS.length)).replace(/\x00/g, '\\0'));
  return argv;
}

function run(
  argv: string[],
  home: string,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...argv], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HOME: home,
        XDG_STATE_HOME: join(home, 'state'),
        XDG_CONFIG_HOME: join(home, 'config'),
        TRADEDECK_BASE_URL: 'http://127.0.0.1:9',
        TRADEDECK_RPC_URL: 'http://127.0.0.1:9/rpc',
        TRADEDECK_API_KEY: 'td-fuzz-api-key-1234',
        TRADEDECK_KEYPAIR: '',
        TRADEDECK_ADDRESS: '',
        ...extraEnv,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

test(`random argument vectors: exit 0/1/2, a short message, never a stack (seed ${SEED})`, async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'td-fuzz-argv-'));
  t.after(() => removeTree(home));
  const next = prng(SEED);
  const vectors = Array.from({ length: CASES }, () => vector(next));
  vectors.push(
    ['quote', '1', 'SOL', 'USDC', '--slippage-bps', '-1'],
    ['limit', '-1', 'SOL', '500', 'USDC', '--yes'],
    ['tokens', '--limit', '1e308'],
    ['config', '--api-key', 'a\nb'],
  );
  const problems: string[] = [];
  // two at a time: the machine has two cores
  for (let i = 0; i < vectors.length; i += 2) {
    const batch = vectors.slice(i, i + 2);
    const results = await Promise.all(batch.map((argv) => run(argv, home)));
    results.forEach((r, j) => {
      const argv = JSON.stringify(nth(batch, j).map((a) => (a.length > 40 ? `${a.slice(0, 40)}…` : a)));
      const all = r.stdout + r.stderr;
      if (r.signal) problems.push(`${argv}: ended by ${r.signal} (hung?)`);
      else if (![0, 1, 2].includes(r.code ?? -1)) problems.push(`${argv}: exit ${r.code}`);
      if (/^\s+at .+(\(|:\d+:\d+)/m.test(all) || /node:internal|\.js:\d+:\d+/.test(all))
        problems.push(`${argv}: a JS stack in the output:\n${all.slice(0, 600)}`);
      if (r.code !== 0 && r.code !== null) {
        const message = r.stderr
          .trim()
          .split('\n')
          .filter((l) => l.trim() !== '');
        if (message.length === 0) problems.push(`${argv}: exit ${r.code} without a message`);
        else if (message.length > 3 && !/usage|--help/i.test(r.stderr))
          problems.push(`${argv}: a ${message.length}-line message: ${r.stderr.slice(0, 300)}`);
      }
      if (/\x1b\[31m|\x07/.test(r.stderr))
        problems.push(`${argv}: an escape sequence from the arguments echoed raw to stderr`);
    });
  }
  t.diagnostic(`${vectors.length} argument vectors, seed ${SEED}`);
  assert.deepEqual(problems, []);
});

test('an API key with a newline or control characters is refused with a message that does not repeat it', async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'td-fuzz-key-'));
  t.after(() => removeTree(home));
  for (const key of ['abcdefgh\nX-Evil: 1', 'abcdefgh\r\n', 'abc\x1b[31mdefgh', 'abcd efgh']) {
    // live and demo mode (the embedded simulator must not keep a refused start alive), and `config`
    for (const [how, command, demo] of [
      ['env', 'tokens', false],
      ['flag', 'tokens', false],
      ['flag', 'tokens', true],
      ['env', 'config', false],
    ] as const) {
      const r = await run(how === 'flag' ? [command, '--api-key', key] : [command], home, {
        ...(how === 'env' ? { TRADEDECK_API_KEY: key } : {}),
        ...(demo ? { TRADEDECK_BASE_URL: '' } : {}),
      });
      const label = `${command} ${how}${demo ? ' demo' : ''} ${JSON.stringify(key)}`;
      assert.equal(r.signal, null, `${label}: killed after 20 s (hung)`);
      assert.ok(r.code === 1 || r.code === 2, `${label}: exit ${r.code}`);
      assert.match(r.stderr, /api.?key/i, `${label}: the message names the API key: ${r.stderr}`);
      assert.ok(!r.stderr.includes(key.trim()) && !r.stdout.includes(key.trim()), `${label}: the key is repeated`);
      assert.doesNotMatch(r.stderr, /^\s+at /m);
    }
  }
});
