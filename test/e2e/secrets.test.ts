// A whole session against the simulator run as its own process (live mode: --base-url, an API key,
// a key file): quote, swap, cancel a dialog, swap again. Neither the API key nor the key file's
// secret bytes (in any common encoding) may appear in anything written to the terminal, in the
// journal, or in any request body the simulator received.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openTerminal } from '../support/pty.js';
import { startSimProcess } from '../support/simProcess.js';
import { encodeBase58 } from '../../src/wallet/base58.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

const API_KEY = 'td-secret-api-key-7f3a9c1e5b';

/** The forms a secret key commonly takes in text. */
function encodings(secret64: Uint8Array): string[] {
  const seed = secret64.subarray(0, 32);
  const forms: string[] = [];
  for (const bytes of [secret64, seed]) {
    const buf = Buffer.from(bytes);
    forms.push(
      JSON.stringify([...bytes]),
      [...bytes].join(','),
      [...bytes].join(', '),
      buf.toString('hex'),
      buf.toString('base64'),
      buf.toString('base64url'),
      encodeBase58(bytes),
    );
  }
  // any 16-byte window of the seed in hex or base64 (a partial leak is still a leak)
  forms.push(Buffer.from(seed.subarray(0, 16)).toString('hex'), Buffer.from(seed.subarray(8, 20)).toString('base64'));
  return forms;
}

test('a whole session leaks neither the API key nor the key file secret to the terminal, the journal or the service', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm test builds it first)');
  const { home, env: homeEnv } = tempHome(t, 'e2e-secrets');
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const secret = Uint8Array.from(JSON.parse(readFileSync(keyPath, 'utf8')) as number[]);
  const address = (await loadKeypairFile(keyPath)).address;
  const url = await startSimProcess(t, { apiKey: API_KEY, fund: address });

  const env = { ...homeEnv, TRADEDECK_API_KEY: API_KEY };
  const term = await openTerminal(t, {
    command: [process.execPath, cli, '--base-url', url, '--rpc-url', `${url}/rpc`, '--keypair', keyPath],
    cols: 80,
    rows: 24,
    env,
    cwd: root,
  });
  await term.waitFor(/tradedeck/, 30_000);
  term.send('2');
  await term.waitFor(/› From/, 10_000);
  term.press('Enter');
  await term.waitFor(/✎ From/, 10_000);
  term.send('SOL');
  term.press('Tab');
  term.send('USDC');
  term.press('Tab');
  term.send('0.1');
  term.press('Enter');
  await term.waitFor((s) => s.includes('Min received') && s.includes('Route'), 20_000);

  term.send('s');
  await term.waitFor('y confirm', 20_000);
  term.send('n');
  await term.waitFor('Cancelled', 10_000);
  term.press('Escape');
  await term.waitFor((s) => !s.includes('Cancelled'), 10_000);
  term.send('s');
  await term.waitFor('y confirm', 20_000);
  term.send('y');
  await term.waitFor('Order: Success', 20_000);
  term.send('q');
  assert.equal(await term.exited(), 0);

  const requests = (await (await fetch(`${url}/__sim/requests`)).json()) as Array<{ path: string; body: unknown }>;
  assert.equal(
    requests.filter((r) => r.path === '/swap/v2/execute' || r.path === '/ultra/v1/execute').length,
    1,
    'one execute: the cancelled dialog sent nothing',
  );
  const journal = readFileSync(join(home, 'state', 'tradedeck', 'journal.jsonl'), 'utf8');
  assert.match(journal, /"status":"success"/);
  const places: Array<[string, string]> = [
    ['terminal output', term.rawOutput()],
    ['journal', journal],
    ['request log', JSON.stringify(requests)],
  ];
  // The search does find what is there: the public half (the address) travels as the taker.
  assert.ok(
    JSON.stringify(requests).includes(encodeBase58(secret.subarray(32))),
    'the wallet address is in the request log',
  );
  for (const [where, text] of places) {
    assert.ok(text.length > 0, `${where} is not empty`);
    assert.ok(!text.includes(API_KEY), `the API key appears in the ${where}`);
    for (const form of encodings(secret))
      assert.ok(!text.includes(form), `the key file secret appears in the ${where} (${form.slice(0, 12)}…)`);
  }
});
