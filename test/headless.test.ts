// The headless commands as a person runs them: the built program, demo mode, plain output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nth } from './support/narrow.js';

const CLI = join(import.meta.dirname, '..', 'dist', 'cli.js');
const home = mkdtempSync(join(tmpdir(), 'td-headless-'));
const env = {
  ...process.env,
  HOME: home,
  XDG_CONFIG_HOME: join(home, 'cfg'),
  XDG_STATE_HOME: join(home, 'state'),
  TRADEDECK_API_KEY: '',
};
delete (env as Record<string, string | undefined>).TRADEDECK_BASE_URL;

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('--help describes the modes and options; --version prints the version', () => {
  const help = run('--help');
  assert.equal(help.code, 0);
  for (const word of [
    'tradedeck sim',
    'tokens',
    'quote',
    'portfolio',
    '--base-url',
    '--keypair',
    '--address',
    '--read-only',
    '--table',
    '--watch',
    '--ndjson',
    '--interval-ms',
  ]) {
    assert.ok(help.out.includes(word), `help mentions ${word}`);
  }
  // the exit codes, each with its meaning
  assert.match(help.out, /Exit codes:\n\s+0\s+done/);
  // (laid out for 80 columns into a pipe: the meanings go on over the next lines)
  const flat = help.out.replace(/\n {33}/g, ' ');
  assert.match(flat, /\n\s+1\s+failure: the service, the network or a transaction failed/);
  assert.match(flat, /\n\s+2\s+usage error, or a rule refused before the request was sent/);
  const v = run('--version');
  assert.equal(v.code, 0);
  assert.match(v.out, /^tradedeck \d+\.\d+\.\d+\n$/);
});

test('usage errors exit 2 and name the bad flag or value', () => {
  const bad = run('--frobnicate');
  assert.equal(bad.code, 2);
  assert.match(bad.err, /unknown option --frobnicate/);
  const badCmd = run('launch');
  assert.equal(badCmd.code, 2);
  assert.match(badCmd.err, /unknown command "launch"/);
  const badLimit = run('tokens', '--limit', '500');
  assert.equal(badLimit.code, 2);
  assert.match(badLimit.err, /--limit: must be a whole number from 1 to 100/);
  const badUrl = run('tokens', '--base-url', 'ftp://nowhere');
  assert.equal(badUrl.code, 2);
  assert.match(badUrl.err, /flag --base-url: baseUrl: must be an http or https URL/);
});

test("tokens prints the simulator's top tokens as a table (--table into a pipe) and as JSON", () => {
  const t = run('tokens', '--category', 'toptraded', '--interval', '1h', '--limit', '7', '--table');
  assert.equal(t.code, 0, t.err);
  const lines = t.out.trimEnd().split('\n');
  assert.match(nth(lines, 0), /^#\s+SYMBOL\s+PRICE \$\s+CHG 1h\s+VOL 1h\s+MCAP\s+LIQUIDITY\s+MINT$/);
  assert.equal(lines.length, 8);
  const json = run('tokens', '--limit', '3', '--json');
  assert.equal(json.code, 0, json.err);
  const doc = JSON.parse(json.out) as {
    time: string;
    category: string;
    interval: string;
    tokens: Array<{ id: string; symbol: string; decimals: number }>;
  };
  assert.deepEqual([doc.category, doc.interval], ['toporganicscore', '24h']);
  assert.ok(Math.abs(Date.parse(doc.time) - Date.now()) < 60_000, doc.time);
  const tokens = doc.tokens;
  assert.equal(tokens.length, 3);
  for (const tok of tokens) assert.equal(typeof tok.decimals, 'number');
  // into a pipe without --json or --table: the same JSON document, on one line
  const piped = run('tokens', '--limit', '3');
  assert.equal(piped.code, 0, piped.err);
  assert.equal(piped.out.split('\n').length, 2, 'one line and its newline');
  assert.deepEqual(
    JSON.parse(piped.out).tokens.map((t: { id: string }) => t.id),
    tokens.map((t) => t.id),
  );
  const both = run('tokens', '--json', '--table');
  assert.equal(both.code, 2);
  assert.match(both.err, /--json and --table: give one of them/);
});

test('quote resolves symbols and prints the route, the minimum received, USD on both sides and the rate both ways', () => {
  const q = run('quote', '1.5', 'SOL', 'USDC', '--slippage-bps', '100', '--table');
  assert.equal(q.code, 0, q.err);
  // USD on both sides and the rate both ways, as the dialog says them
  assert.match(q.out, /you pay\s+1\.5 SOL ≈ \$[\d,.]+\n/);
  assert.match(q.out, /you receive\s+[\d,.]+ USDC ≈ \$[\d,.]+\n/);
  assert.match(q.out, /at least\s+[\d,.]+ USDC ≈ \$[\d,.]+ after 1% slippage/);
  assert.match(q.out, /rate\s+1 SOL = [\d,.]+ USDC · 1 USDC = [\d,.]+ SOL\n/);
  assert.match(q.out, /route:\n\s+\d+% /);
  const bad = run('quote', '1.5', 'SOL', 'NOSUCHTOKEN');
  assert.equal(bad.code, 2);
  assert.match(bad.err, /TO token "NOSUCHTOKEN": no token with that symbol, name or mint/);
  const badAmount = run('quote', '1e3', 'SOL', 'USDC');
  assert.equal(badAmount.code, 2);
  assert.match(badAmount.err, /AMOUNT: exponent notation is not accepted/);
});

test('config prints the resolved configuration with the API key masked', () => {
  const r = spawnSync(process.execPath, [CLI, 'config'], {
    env: { ...env, TRADEDECK_API_KEY: 'secretkey-1234567890-zz' },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(!r.stdout.includes('secretkey-1234567890-zz'));
  assert.equal(JSON.parse(r.stdout).apiKey, 'secr…0-zz');
  const table = spawnSync(process.execPath, [CLI, 'config', '--table'], {
    env: { ...env, TRADEDECK_API_KEY: 'secretkey-1234567890-zz' },
    encoding: 'utf8',
  });
  assert.equal(table.status, 0, table.stderr);
  assert.ok(!table.stdout.includes('secretkey-1234567890-zz'));
  assert.match(table.stdout, /^SETTING\s+VALUE\n/);
  assert.match(table.stdout, /\napiKey\s+secr…0-zz\n/);
});
