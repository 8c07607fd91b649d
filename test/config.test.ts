import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, ConfigError, describeConfig } from '../src/config/config.js';
import { parseArgs, UsageError } from '../src/commands/args.js';
import { nth } from './support/narrow.js';

const ADDR = 'HSU5faNWT2nRytyqXuW56kCqbPysXd7hE9NWSBB2MQkB';

function home(config?: unknown): string {
  const h = mkdtempSync(join(tmpdir(), 'td-config-'));
  if (config !== undefined) {
    mkdirSync(join(h, '.config', 'tradedeck'), { recursive: true });
    writeFileSync(
      join(h, '.config', 'tradedeck', 'config.json'),
      typeof config === 'string' ? config : JSON.stringify(config),
    );
  }
  return h;
}

test('defaults: demo mode (no key file: the demo key), XDG state dir; live mode: the Solana CLI key file', () => {
  const h = home();
  const c = loadConfig({ flags: {}, env: {}, home: h });
  assert.equal(c.mode, 'demo');
  assert.equal(c.keypairPath, undefined, 'demo mode never reads a key file');
  assert.equal(c.keypairIsDefault, false);
  const live = loadConfig({ flags: { baseUrl: 'https://svc.example' }, env: {}, home: h });
  assert.equal(live.keypairPath, join(h, '.config', 'solana', 'id.json'));
  assert.equal(live.keypairIsDefault, true);
  assert.equal(c.stateDir, join(h, '.local', 'state', 'tradedeck'));
  assert.equal(c.timeoutMs, 10_000);
  const c2 = loadConfig({ flags: {}, env: { XDG_STATE_HOME: '/s', XDG_CONFIG_HOME: join(h, 'none') }, home: h });
  assert.equal(c2.stateDir, '/s/tradedeck');
  assert.equal(c2.configPath, join(h, 'none', 'tradedeck', 'config.json'));
});

test('--keypair with demo or paper mode is refused saying why; a keypair in the config file is not read there', () => {
  const h = home({ keypair: '~/live-key.json' });
  assert.throws(
    () => loadConfig({ flags: { keypair: '/k.json' }, env: {}, home: h }),
    (e: unknown) =>
      e instanceof ConfigError &&
      e.message ===
        '--keypair: demo mode signs with its own demo key (kept in the state dir) and never reads a key file; give --base-url to trade live with it',
  );
  assert.throws(
    () => loadConfig({ flags: { keypair: '/k.json', paper: true, baseUrl: 'https://svc.example' }, env: {}, home: h }),
    (e: unknown) =>
      e instanceof ConfigError &&
      e.message ===
        '--keypair: paper mode signs with its own paper key (kept in the state dir) and never reads a key file; drop --keypair, or --paper to trade live',
  );
  // the config file's keypair is for live mode: demo and paper leave it unread
  assert.equal(loadConfig({ flags: {}, env: {}, home: h }).keypairPath, undefined);
  assert.equal(
    loadConfig({ flags: { paper: true, baseUrl: 'https://svc.example' }, env: {}, home: h }).keypairPath,
    undefined,
  );
  assert.equal(
    loadConfig({ flags: { baseUrl: 'https://svc.example' }, env: {}, home: h }).keypairPath,
    join(h, 'live-key.json'),
  );
});

test('flags beat environment, which beats the config file', () => {
  const h = home({ baseUrl: 'https://file.example', apiKey: 'filekey', timeoutMs: 5000 });
  const fromFile = loadConfig({ flags: {}, env: {}, home: h });
  assert.equal(fromFile.baseUrl, 'https://file.example');
  assert.equal(fromFile.mode, 'live');
  assert.equal(fromFile.timeoutMs, 5000);
  const fromEnv = loadConfig({
    flags: {},
    env: { TRADEDECK_BASE_URL: 'https://env.example/', TRADEDECK_API_KEY: 'envkey' },
    home: h,
  });
  assert.equal(fromEnv.baseUrl, 'https://env.example');
  assert.equal(fromEnv.apiKey, 'envkey');
  const fromFlag = loadConfig({
    flags: { baseUrl: 'http://flag.example' },
    env: { TRADEDECK_BASE_URL: 'https://env.example' },
    home: h,
  });
  assert.equal(fromFlag.baseUrl, 'http://flag.example');
  assert.equal(fromFlag.rpcUrl, 'https://api.mainnet-beta.solana.com');
});

test('bad values and unknown keys are reported with file, key and reason', () => {
  const h = home({ baseUrl: 'ftp://x', timeoutMs: 'soon', colour: 'blue' });
  try {
    loadConfig({ flags: {}, env: {}, home: h });
    assert.fail('expected a ConfigError');
  } catch (e) {
    assert.ok(e instanceof ConfigError);
    const file = join(h, '.config', 'tradedeck', 'config.json');
    assert.ok(
      e.problems.some((p) => p.startsWith(file) && p.includes('colour: unknown key')),
      e.message,
    );
    assert.ok(
      e.problems.some((p) => p.includes('baseUrl: must be an http or https URL')),
      e.message,
    );
    assert.ok(
      e.problems.some((p) => p.includes('timeoutMs: must be a whole number')),
      e.message,
    );
  }
  assert.throws(() => loadConfig({ flags: {}, env: {}, home: home('{nope') }), /not valid JSON/);
  assert.throws(
    () => loadConfig({ flags: { address: 'not-an-address' }, env: {}, home: home() }),
    /flag --address: address: must be a base58/,
  );
  assert.throws(
    () => loadConfig({ flags: {}, env: { TRADEDECK_RPC_URL: 'nope' }, home: home() }),
    /environment TRADEDECK_RPC_URL: rpcUrl/,
  );
  assert.throws(
    () => loadConfig({ flags: {}, env: {}, configPath: '/nonexistent/x.json', home: home() }),
    /config file not found/,
  );
});

test('an address alone gives watch-only; the API key is masked when described', () => {
  const c = loadConfig({ flags: { address: ADDR }, env: { TRADEDECK_API_KEY: 'sk-abcdefghijklmnop' }, home: home() });
  assert.equal(c.address, ADDR);
  assert.equal(c.keypairPath, undefined);
  const shown = JSON.stringify(describeConfig(c, (s) => `${s.slice(0, 4)}…${s.slice(-4)}`));
  assert.ok(!shown.includes('sk-abcdefghijklmnop'));
  assert.ok(shown.includes('sk-a…mnop'));
  assert.throws(
    () => loadConfig({ flags: { address: ADDR, keypair: '/k.json' }, env: {}, home: home() }),
    /give one of them/,
  );
});

test('argument parser names the bad flag', () => {
  assert.throws(
    () => parseArgs(['--bogus']),
    (e: unknown) => e instanceof UsageError && /unknown option --bogus/.test(e.message),
  );
  assert.throws(() => parseArgs(['--base-url']), /option --base-url needs a value/);
  assert.throws(() => parseArgs(['launch']), /unknown command "launch"/);
  const a = parseArgs(['tokens', '--limit=5', '--json', '--base-url', 'http://x', '--read-only']);
  assert.equal(a.command, 'tokens');
  assert.equal(a.extra.limit, '5');
  assert.equal(a.extra.json, true);
  assert.equal(a.settings.baseUrl, 'http://x');
  assert.equal(a.settings.readOnly, true);
});

test('several RPC URLs, comma-separated (or a list in the config file), in failover order; each checked', () => {
  const home = mkdtempSync(join(tmpdir(), 'td-cfg-rpc-'));
  const c = loadConfig({
    flags: { baseUrl: 'https://svc.example', rpcUrl: 'https://a.example, https://b.example/' },
    env: {},
    home,
  });
  assert.deepEqual(c.rpcUrls, ['https://a.example', 'https://b.example']);
  assert.equal(c.rpcUrl, 'https://a.example');
  assert.throws(
    () => loadConfig({ flags: { rpcUrl: 'https://a.example,nope' }, env: {}, home }),
    /rpcUrl: "nope" is not a valid URL/,
  );
  // repeated on the command line (--rpc-url, or --rpc for short): every one, in the order given
  const repeated = parseArgs([
    '--base-url',
    'https://svc.example',
    '--rpc-url',
    'https://a.example',
    '--rpc',
    'https://b.example',
    '--rpc-url=https://c.example',
  ]);
  assert.deepEqual(loadConfig({ flags: repeated.settings, env: {}, home }).rpcUrls, [
    'https://a.example',
    'https://b.example',
    'https://c.example',
  ]);
});

test('credentials in URLs are masked wherever the configuration is described: user:password@, ?api-key=, apikey, token', () => {
  const c = loadConfig({
    flags: {
      baseUrl: 'https://svc:s3cr3tpass@api.example.com/base?apikey=AKEY1234567',
      rpcUrl:
        'https://rpc.example.com/?api-key=RPCKEY99999,https://u:p4ssw0rd@rpc2.example.com/x?token=TOK777&cluster=main',
      explorerUrl: 'https://explorer.example.com/tx/{sig}?access_token=EXPL0RER',
    },
    env: {},
    home: home(),
  });
  const shown = describeConfig(c, () => '****');
  assert.equal(shown.baseUrl, 'https://***@api.example.com/base?apikey=***');
  assert.equal(
    shown.rpcUrl,
    'https://rpc.example.com/?api-key=***, https://***@rpc2.example.com/x?token=***&cluster=main',
  );
  assert.equal(shown.explorerUrl, 'https://explorer.example.com/tx/{sig}?access_token=***');
  for (const secret of ['s3cr3tpass', 'AKEY1234567', 'RPCKEY99999', 'p4ssw0rd', 'TOK777', 'EXPL0RER'])
    assert.ok(!JSON.stringify(shown).includes(secret), secret);
});

test('a config file that is not JSON is reported without its bytes: no ESC or BEL reaches the terminal, nor the key it holds', () => {
  const cases = [
    '\u001b]0;owned\u0007{}',
    '{"apiKey": "tdk_secret_value_0123456789", "x": \u001b]52;c;QUFB\u0007}',
    '{"apiKey": "tdk_secret_value_0123456789",\n  "notify": "bell",,}',
    '{"\u001b[2J\u202ebad": 1}',
  ];
  for (const text of cases) {
    const err = (() => {
      try {
        loadConfig({ flags: {}, env: {}, home: home(text) });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    assert.ok(err instanceof ConfigError, JSON.stringify(text));
    const printed = err.problems.join('\n');
    assert.doesNotMatch(printed, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/, printed);
    assert.ok(!printed.includes('tdk_secret_value'), printed);
  }
  const problem = (text: string) => {
    try {
      loadConfig({ flags: {}, env: {}, home: home(text) });
    } catch (e) {
      return nth((e as ConfigError).problems, 0).replace(/^.*config\.json: /, '');
    }
    return '';
  };
  assert.equal(problem('\u001b]0;owned\u0007{}'), "not valid JSON (Unexpected token '\\x1b')");
  assert.equal(
    problem('{"apiKey": "k",\n  "notify": "bell",,}'),
    'not valid JSON (Expected double-quoted property name in JSON at line 2, column 20)',
  );
  // the key as JSON escapes: the parsed name holds ESC and U+202E
  assert.match(problem('{"\\u001b[2J\\u202ebad": 1}'), /^\\x1b\[2J\\u\{202e\}bad: unknown key/);
});

test('a URL that does not parse is quoted with its credentials masked', () => {
  assert.throws(
    () => loadConfig({ flags: { rpcUrl: 'https://u:hunter22@[bad/?api-key=K3Y' }, env: {}, home: home() }),
    (e: unknown) =>
      e instanceof ConfigError &&
      e.problems.join() === 'flag --rpc-url: rpcUrl: "https://***@[bad/?api-key=***" is not a valid URL',
  );
});
