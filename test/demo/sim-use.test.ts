// `tradedeck sim` as a person meets it: --help says which API key it takes and where the swap
// group's RPC is; a base URL on this machine never sends transactions to the public mainnet RPC.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanEnv, runCli } from '../support/cli.js';
import { DEFAULT_LIVE_RPC, loadConfig } from '../../src/config/config.js';

test('tradedeck sim --help names the API key rule and the RPC at <base-url>/rpc, in 80 columns', async () => {
  const r = await runCli(['sim', '--help'], cleanEnv());
  assert.equal(r.code, 0, r.err);
  const text = r.out.replace(/\s+/g, ' ');
  assert.match(
    text,
    /Without --api-key here any non-empty key is accepted \(give it to tradedeck with --api-key or TRADEDECK_API_KEY\); with --api-key K, only K is\./,
  );
  assert.match(
    text,
    /A base URL on this machine \(127\.0\.0\.1, ::1, localhost\) makes <base-url>\/rpc the default RPC, so nothing goes to the public mainnet RPC/,
  );
  assert.match(text, /--rpc-url http:\/\/127\.0\.0\.1:PORT\/rpc/);
  for (const line of r.out.split('\n')) assert.ok(line.length <= 80, `wider than 80 columns: ${line}`);
});

test('a loopback base URL gets <base>/rpc as its RPC; another host the public RPC; --rpc-url always wins', async () => {
  const rpcOf = (flags: Record<string, string>) => loadConfig({ flags, env: {}, home: '/nonexistent' }).rpcUrls;
  assert.deepEqual(rpcOf({ baseUrl: 'http://127.0.0.1:4000' }), ['http://127.0.0.1:4000/rpc']);
  assert.deepEqual(rpcOf({ baseUrl: 'http://localhost:4000/' }), ['http://localhost:4000/rpc']);
  assert.deepEqual(rpcOf({ baseUrl: 'http://[::1]:4000' }), ['http://[::1]:4000/rpc']);
  assert.deepEqual(rpcOf({ baseUrl: 'https://api.example.com' }), [DEFAULT_LIVE_RPC]);
  assert.deepEqual(rpcOf({ baseUrl: 'http://127.0.0.1:4000', rpcUrl: 'http://127.0.0.1:5000/rpc' }), [
    'http://127.0.0.1:5000/rpc',
  ]);

  const r = await runCli(['config', '--base-url', 'http://127.0.0.1:4000', '--json'], cleanEnv());
  assert.equal(r.code, 0, r.err);
  assert.equal((JSON.parse(r.out) as { rpcUrl: string }).rpcUrl, 'http://127.0.0.1:4000/rpc');
});
