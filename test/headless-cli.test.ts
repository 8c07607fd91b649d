// The program as a person types it: stray words, bad amounts, the same token twice, the help's
// token-list values, the price impact warning, and a closed output pipe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from '../src/api/contract/tokens.js';
import { cleanEnv, CLI, collect, runCli, type Run } from './support/cli.js';
import { USDC_MINT } from '../src/chain/mints.js';

// ---------- the program, run as a person would: a clean home, no key file, demo mode unless a
// base URL is given; async, so a simulator started by the test keeps answering ----------

const ENV = cleanEnv();

/** `tradedeck ARGS...` */
function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return runCli(args, { ...ENV, ...env });
}

/** A shell line, with $TD standing for the program; bash so that PIPESTATUS is there. */
function shell(line: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return collect('bash', ['-c', line], {
    ...ENV,
    ...env,
    TD: `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`,
  });
}

/** Output lines, without the final empty one. */
function lines(text: string): string[] {
  return text.replace(/\n$/, '').split('\n');
}

const ADDR = 'HSU5faNWT2nRytyqXuW56kCqbPysXd7hE9NWSBB2MQkB';

/** exit 2, exactly one line on stderr matching `pattern`, nothing on stdout, no stack or HTTP text */
function refused(r: { code: number | null; out: string; err: string }, pattern: RegExp): void {
  assert.equal(r.code, 2, r.err);
  assert.equal(r.out, '');
  assert.equal(lines(r.err).length, 1, `one line: ${r.err}`);
  assert.match(r.err, pattern);
  assert.doesNotMatch(r.err, /\bat .*:\d+:\d+|HTTP \d{3}|GET \/|Error:/);
}

test('stray arguments are refused in one line naming the word and the usage', async () => {
  refused(
    await run(['orders', ADDR, 'extra']),
    /^tradedeck orders: unexpected argument "extra" \(usage: tradedeck orders \[ADDRESS\]/,
  );
  refused(await run(['portfolio', ADDR, 'a', 'b']), /^tradedeck portfolio: unexpected arguments "a" "b"/);
  refused(await run(['tokens', 'SOL']), /^tradedeck tokens: unexpected argument "SOL"/);
  refused(await run(['invites', ADDR, '--pending', 'x']), /^tradedeck invites: unexpected argument "x"/);
  refused(await run(['config', 'now']), /^tradedeck config: unexpected argument "now"/);
  refused(await run(['quote', '1', 'SOL', 'USDC', 'JUP']), /^tradedeck quote: unexpected argument "JUP"/);
  refused(await run(['quote', '1', 'SOL']), /^tradedeck quote: usage: tradedeck quote AMOUNT FROM TO/);
});

test('a positional ADDRESS must be an address; a flag of another command is named', async () => {
  refused(
    await run(['portfolio', 'not-an-address']),
    /ADDRESS: must be a base58 wallet address of 32 bytes \(got "not-an-address"\)/,
  );
  refused(await run(['orders', '--dca', '--limit']), /--limit, --dca, --standing and --vault: give one of them/);
  const wrongFlag = await run(['tokens', '--history']);
  assert.equal(wrongFlag.code, 2);
  assert.match(wrongFlag.err, /option --history does not apply to tokens \(usage: tradedeck tokens /);
});

test('negative, malformed and zero amounts name the rule, before any request', async () => {
  refused(await run(['quote', '-1', 'SOL', 'USDC']), /^tradedeck quote: AMOUNT: must not be negative \(got "-1"\)$/m);
  refused(await run(['quote', '-0.5', 'SOL', 'USDC']), /AMOUNT: must not be negative/);
  refused(await run(['quote', '1.2.3', 'SOL', 'USDC']), /AMOUNT: "1.2.3" is not a decimal number/);
  // a decimal comma is not a thousands separator: named, exit 2, no quote asked
  refused(
    await run(['quote', '1,5', 'SOL', 'USDC']),
    /^tradedeck quote: AMOUNT "1,5": a comma only groups thousands \(1,500\); for a decimal write 1\.5$/m,
  );
  refused(
    await run(['quote', '1.000,5', 'SOL', 'USDC']),
    /AMOUNT "1\.000,5": "\." is the decimal point and "," only groups thousands \(1,500\.25\); write 1000\.5/,
  );
  refused(
    await run(['quote', '1 500', 'SOL', 'USDC']),
    /AMOUNT "1 500": no spaces or "_" inside a number; write 1500 \(or 1,500\)/,
  );
  refused(await run(['quote', 'abc', 'SOL', 'USDC']), /AMOUNT: "abc" is not a decimal number/);
  refused(await run(['quote', '0', 'SOL', 'USDC']), /AMOUNT: must be greater than zero/);
  refused(await run(['quote', '1.0000001', 'USDC', 'SOL']), /AMOUNT: at most 6 decimal places for this token/);
  refused(
    await run(['quote', '99999999999999999999', 'SOL', 'USDC']),
    /AMOUNT: larger than the largest possible amount/,
  );
});

test('the same token on both sides of quote is refused, by symbol or by mint', async () => {
  refused(
    await run(['quote', '1', 'SOL', 'sol']),
    /^tradedeck quote: FROM and TO: must be different tokens \(both are SOL\)$/m,
  );
  refused(await run(['quote', '1', 'USDC', USDC_MINT]), /FROM and TO: must be different tokens \(both are USDC\)/);
});

test('other request rules: slippage, limit, category and interval name the allowed values', async () => {
  refused(
    await run(['quote', '1', 'SOL', 'USDC', '--slippage-bps', '-5']),
    /--slippage-bps: must be a whole number from 0 to 10000 \(got "-5"\)/,
  );
  refused(await run(['quote', '1', 'SOL', 'USDC', '--slippage-bps=1e2']), /--slippage-bps: must be a whole number/);
  refused(await run(['tokens', '--limit', '0']), /--limit: must be a whole number from 1 to 100 \(got "0"\)/);
  refused(
    await run(['tokens', '--category', 'trending']),
    /--category: must be one of toporganicscore, toptraded, toptrending \(got "trending"\)/,
  );
  refused(await run(['tokens', '--interval', '1d']), /--interval: must be one of 5m, 1h, 6h, 24h \(got "1d"\)/);
});

test('--help lists the categories and intervals exactly as the service names them, and every command', async () => {
  const h = await run(['--help']);
  assert.equal(h.code, 0);
  // (laid out for 80 columns into a pipe: a long line goes on over the next ones)
  const flat = h.out.replace(/\n +/g, ' ');
  assert.match(flat, new RegExp(`--category C\\s+${TOKEN_CATEGORIES.join(', ')} \\(default toporganicscore\\)`));
  assert.match(flat, new RegExp(`--interval I\\s+${TOKEN_INTERVALS.join(', ')} \\(default 24h\\)`));
  assert.deepEqual(
    [...TOKEN_CATEGORIES],
    ['toporganicscore', 'toptraded', 'toptrending'],
    'the values of the contract, 4.1',
  );
  assert.deepEqual([...TOKEN_INTERVALS], ['5m', '1h', '6h', '24h'], 'the values of the contract, 4.1');
  for (const usage of [
    'tradedeck portfolio [ADDRESS] [--platforms ID,ID] [--json]',
    'tradedeck orders [ADDRESS] [--limit | --dca | --standing | --vault] [--history] [--mint MINT|SYMBOL] [--include-failed] [--json]',
    'tradedeck withdraw ORDER in|out [AMOUNT|all] [--yes] [--json]',
    'tradedeck invites [ADDRESS] [--pending] [--json]',
  ]) {
    assert.ok(flat.includes(usage), `help shows ${usage}`);
  }
  assert.match(flat, /warns on stderr when the price impact is 5% or more/);
  // every value the help names is accepted
  for (const category of TOKEN_CATEGORIES) {
    const r = await run(['tokens', '--category', category, '--interval', TOKEN_INTERVALS[0], '--limit', '2', '--json']);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(r.out).tokens.length, 2);
  }
});

test('quote warns on stderr at 5% price impact or more, and only then', async () => {
  const big = await run(['quote', '100000', 'SOL', 'USDC', '--table']);
  assert.equal(big.code, 0, big.err);
  const impact = Number(/price impact\s+([\d.]+)%/.exec(big.out)![1]);
  assert.ok(impact >= 5, `a large trade moves the price: ${impact}%`);
  assert.match(big.err, /^tradedeck quote: warning: price impact [\d.]+% is at or above 5%/);
  assert.equal(lines(big.err).length, 1);
  const json = await run(['quote', '100000', 'SOL', 'USDC', '--json']);
  assert.equal(json.code, 0);
  assert.ok(Number(JSON.parse(json.out).priceImpactPct) >= 0.05, 'stdout stays valid JSON');
  assert.match(json.err, /warning: price impact/);
  const small = await run(['quote', '0.01', 'SOL', 'USDC', '--table']);
  assert.equal(small.code, 0, small.err);
  // a tiny impact reads "<0.01%", in the one percent format
  const shown = /price impact\s+(<?)([\d.]+)%/.exec(small.out)!;
  assert.ok(shown[1] === '<' || Number(shown[2]) < 5, small.out);
  assert.equal(small.err, '');
});

// ---------- a reader that stops early closes the pipe: the program ends quietly, exit 0, nothing on stderr ----------

const probe = (cmd: string, reader: string) =>
  `err=$(mktemp); eval "$TD ${cmd}" 2>"$err" | ${reader} >/dev/null; code=\${PIPESTATUS[0]}; printf 'exit=%s\\n' "$code"; cat "$err"; rm -f "$err"`;

test('tokens --json | head -c 10: exit 0 and nothing on stderr, even when the output is far larger than the pipe', async () => {
  const r = await shell(probe('tokens --json --limit 100', 'head -c 10'));
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, 'exit=0\n', `the program's exit code and stderr: ${r.out}`);
  assert.equal(r.err, '');
});

test('tokens | head -1 and invites --json | head -c 1 end quietly', async () => {
  for (const [cmd, reader] of [
    ['tokens', 'head -1'],
    ['invites --json', 'head -c 1'],
    ['portfolio', 'head -1'],
  ] as const) {
    const r = await shell(probe(cmd, reader));
    assert.equal(r.out, 'exit=0\n', `${cmd} | ${reader}: ${r.out}`);
  }
});

test('what head shows is the start of the real output', async () => {
  const r = await shell('eval "$TD tokens --json" | head -c 10');
  assert.equal(r.out, '{"time":"2');
  assert.equal(r.err, '');
});

test('tokens | head -1 is the whole JSON document: the tokens, with the stable top-level fields', async () => {
  const r = await shell('eval "$TD tokens --limit 5" | head -1');
  assert.equal(r.err, '');
  const doc = JSON.parse(r.out) as Record<string, unknown> & { tokens: Array<{ id: string; symbol: string }> };
  assert.deepEqual(Object.keys(doc), ['time', 'category', 'interval', 'tokens']);
  assert.equal(doc.tokens.length, 5);
  for (const t of doc.tokens) assert.equal(typeof t.id, 'string');
});

test('an unreachable service is one line on stderr and exit 1, never a stack', async () => {
  const r = await run(['tokens', '--base-url', 'http://127.0.0.1:1', '--timeout-ms', '200'], {
    TRADEDECK_API_KEY: 'headless-test-key',
  });
  assert.equal(r.code, 1);
  assert.equal(r.out, '');
  assert.equal(lines(r.err).length, 1, r.err);
  assert.match(r.err, /^tradedeck tokens: GET \/tokens\/v2\/\{category\}\/\{interval\}: network error: .*ECONNREFUSED/);
  assert.doesNotMatch(r.err, /headless-test-key|\bat .*:\d+:\d+/);
});
