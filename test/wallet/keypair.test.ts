import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, stat, writeFile, chmod, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { getAddressFromPublicKey, createKeyPairFromBytes, verifySignature, type SignatureBytes } from '@solana/kit';
import {
  KeyFileError,
  WatchOnlyError,
  createDemoKeyFile,
  loadKeypairFile,
  watchOnlyWallet,
} from '../../src/wallet/keypair.js';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'tradedeck-key-'));
}

async function writeKey(dir: string, name: string, text: string, mode = 0o600): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text, { mode });
  await chmod(path, mode);
  return path;
}

/** Every rendering of a secret seed that could leak: decimal list, hex, base64. */
function secretForms(seed: number[]): string[] {
  const bytes = Buffer.from(seed);
  return [seed.join(','), seed.slice(0, 8).join(', '), bytes.toString('hex'), bytes.toString('base64').slice(0, 20)];
}

function assertNoSecret(text: string, seed: number[]): void {
  for (const form of secretForms(seed))
    assert.ok(!text.includes(form), `output leaks the secret (${form.slice(0, 6)}...)`);
}

test('demo key file is written 0600 in a 0700 dir and loads to the matching address', async () => {
  const dir = join(await tempDir(), 'keys');
  const path = await createDemoKeyFile(dir);
  assert.equal((await stat(path)).mode & 0o777, 0o600);
  assert.equal((await stat(dir)).mode & 0o777, 0o700);
  const numbers = JSON.parse(await readFile(path, 'utf8')) as number[];
  assert.equal(numbers.length, 64);
  const reference = await createKeyPairFromBytes(Uint8Array.from(numbers));
  const wallet = await loadKeypairFile(path);
  assert.equal(wallet.kind, 'keypair');
  assert.equal(wallet.path, path);
  assert.equal(wallet.address, await getAddressFromPublicKey(reference.publicKey));
  const message = new TextEncoder().encode('hello');
  const signature = await wallet.signer.sign(message);
  assert.equal(await verifySignature(reference.publicKey, signature as SignatureBytes, message), true);
});

test('the secret is absent from inspect, JSON, string forms of the wallet and signer', async () => {
  const path = await createDemoKeyFile(await tempDir());
  const seed = (JSON.parse(await readFile(path, 'utf8')) as number[]).slice(0, 32);
  const wallet = await loadKeypairFile(path);
  const renderings = [
    inspect(wallet, { depth: 10, showHidden: true }),
    inspect(wallet.signer, { depth: 10, showHidden: true }),
    JSON.stringify(wallet),
    JSON.stringify(wallet.signer),
    String(wallet),
    `${wallet.signer}`,
  ];
  for (const text of renderings) {
    assertNoSecret(text, seed);
    assert.ok(text.includes(wallet.address) || text === '{}', `rendering names the address: ${text}`);
  }
  assert.deepEqual(JSON.parse(JSON.stringify(wallet)), { kind: 'keypair', address: wallet.address, path });
  assert.deepEqual(Object.keys(wallet).sort(), ['address', 'kind', 'path', 'signer']);
});

test('a key file readable by group or others is refused with chmod advice, unless allowed', async () => {
  const dir = await tempDir();
  const good = await createDemoKeyFile(dir);
  const text = await readFile(good, 'utf8');
  for (const mode of [0o644, 0o640, 0o604]) {
    const path = await writeKey(dir, `open-${mode.toString(8)}.json`, text, mode);
    await assert.rejects(loadKeypairFile(path), (err: unknown) => {
      assert.ok(err instanceof KeyFileError);
      assert.ok(err.message.includes(`chmod 600 ${path}`), err.message);
      assertNoSecret(err.message, (JSON.parse(text) as number[]).slice(0, 32));
      return true;
    });
    const wallet = await loadKeypairFile(path, { allowInsecure: true });
    assert.equal(wallet.address, (await loadKeypairFile(good)).address);
  }
});

test('malformed key files fail with clear KeyFileErrors that never quote the file', async () => {
  const dir = await tempDir();
  const seed = Array.from({ length: 32 }, (_, i) => 200 + (i % 50));
  const valid = JSON.parse(await readFile(await createDemoKeyFile(dir), 'utf8')) as number[];
  const mismatched = [...valid.slice(0, 32), ...valid.slice(32).map((b, i) => (i === 5 ? b ^ 1 : b))];
  const cases: Array<[string, string, RegExp]> = [
    ['bad-json.json', `[${seed.join(',')},`, /not valid JSON/],
    ['garbage.json', `secret ${seed.join(' ')}`, /not valid JSON/],
    ['object.json', `{"key": [${seed.join(',')}]}`, /not a JSON object/],
    ['short.json', `[${seed.join(',')}]`, /array of 32 items/],
    ['long.json', `[${[...valid, 1].join(',')}]`, /array of 65 items/],
    [
      'big-number.json',
      `[${[...valid.slice(0, 10), 256, ...valid.slice(11)].join(',')}]`,
      /item 10 is not an integer 0\.\.255/,
    ],
    ['negative.json', `[${[-1, ...valid.slice(1)].join(',')}]`, /item 0 is not an integer/],
    ['fraction.json', `[${[1.5, ...valid.slice(1)].join(',')}]`, /item 0 is not an integer/],
    ['string-item.json', JSON.stringify(['7', ...valid.slice(1)]), /item 0 is not an integer/],
    ['mismatch.json', `[${mismatched.join(',')}]`, /public half does not match the secret half/],
  ];
  for (const [name, text, expected] of cases) {
    const path = await writeKey(dir, name, text);
    await assert.rejects(loadKeypairFile(path), (err: unknown) => {
      assert.ok(err instanceof KeyFileError, `${name}: ${String(err)}`);
      assert.match(err.message, expected, name);
      assert.ok(err.message.includes(path), `${name} names the path`);
      assertNoSecret(err.message, seed);
      assertNoSecret(err.message, valid.slice(0, 32));
      assertNoSecret(inspect(err), valid.slice(0, 32));
      return true;
    });
  }
});

test('missing, unreadable and directory key paths are KeyFileErrors', async () => {
  const dir = await tempDir();
  await assert.rejects(loadKeypairFile(join(dir, 'nope.json')), /key file not found: .*nope\.json/);
  const sub = join(dir, 'adir');
  await mkdir(sub, { mode: 0o700 });
  await assert.rejects(
    loadKeypairFile(sub),
    (err: unknown) => err instanceof KeyFileError && /not a regular file/.test(err.message),
  );
  if (process.getuid?.() !== 0) {
    const path = await writeKey(dir, 'unreadable.json', '[1]', 0o200);
    await assert.rejects(
      loadKeypairFile(path),
      (err: unknown) => err instanceof KeyFileError && /permission denied/.test(err.message),
    );
  }
});

test('JSON-equivalent spellings load (whitespace, 1.0)', async () => {
  const dir = await tempDir();
  const valid = JSON.parse(await readFile(await createDemoKeyFile(dir), 'utf8')) as number[];
  const spaced = await writeKey(dir, 'spaced.json', `\n[ ${valid.join(' ,\n ')} ]\n\n`);
  const floaty = await writeKey(dir, 'floaty.json', `[${valid.map((v) => `${v}.0`).join(',')}]`);
  const a = await loadKeypairFile(spaced);
  const b = await loadKeypairFile(floaty);
  assert.equal(a.address, b.address);
});

test('watch-only wallet refuses to sign with a clear reason', async () => {
  const path = await createDemoKeyFile(await tempDir());
  const { address } = await loadKeypairFile(path);
  const wallet = watchOnlyWallet(address);
  assert.equal(wallet.kind, 'watch');
  assert.deepEqual(JSON.parse(JSON.stringify(wallet)), { kind: 'watch', address });
  await assert.rejects(wallet.signer.sign(new Uint8Array(3)), (err: unknown) => {
    assert.ok(err instanceof WatchOnlyError);
    assert.equal(err.message, `watch-only: ${address} has no key; signing is disabled`);
    return true;
  });
  assert.throws(() => watchOnlyWallet('not-an-address'), /not a wallet address/);
});

test('a symlink to a group- or world-readable key file is refused like the file; to a 0600 file it loads; dangling is not found', async () => {
  const { symlink } = await import('node:fs/promises');
  const dir = await tempDir();
  const good = await createDemoKeyFile(dir);
  const text = await readFile(good, 'utf8');
  const open = await writeKey(dir, 'open.json', text, 0o644);
  const viaLink = join(dir, 'link-to-open.json');
  await symlink(open, viaLink);
  await assert.rejects(loadKeypairFile(viaLink), (err: unknown) => {
    assert.ok(err instanceof KeyFileError);
    assert.match(err.message, /readable by group or others \(mode 0644\).*chmod 600/);
    assertNoSecret(err.message, (JSON.parse(text) as number[]).slice(0, 32));
    return true;
  });
  const worldOnly = await writeKey(dir, 'world.json', text, 0o604);
  const linkWorld = join(dir, 'link-to-world.json');
  await symlink(worldOnly, linkWorld);
  await assert.rejects(loadKeypairFile(linkWorld), /readable by group or others \(mode 0604\)/);
  const linkGood = join(dir, 'link-to-good.json');
  await symlink(good, linkGood);
  assert.equal((await loadKeypairFile(linkGood)).address, (await loadKeypairFile(good)).address);
  const dangling = join(dir, 'dangling.json');
  await symlink(join(dir, 'gone.json'), dangling);
  await assert.rejects(loadKeypairFile(dangling), /key file not found/);
  const linkDir = join(dir, 'link-to-dir');
  await symlink(dir, linkDir);
  await assert.rejects(loadKeypairFile(linkDir), /not a regular file/);
});

test('wrong lengths, values over 255, a wrong public half and oversized files are refused by name', async () => {
  const dir = await tempDir();
  const valid = JSON.parse(await readFile(await createDemoKeyFile(dir), 'utf8')) as number[];
  const cases: Array<[string, string, RegExp]> = [
    ['empty.json', '', /./],
    ['empty-array.json', '[]', /array of 0 items|64/],
    ['63.json', `[${valid.slice(0, 63).join(',')}]`, /array of 63 items/],
    ['32-seed-only.json', `[${valid.slice(0, 32).join(',')}]`, /array of 32 items/],
    [
      'over-255.json',
      `[${[...valid.slice(0, 40), 300, ...valid.slice(41)].join(',')}]`,
      /item 40 is not an integer 0\.\.255/,
    ],
    ['huge-number.json', `[${[1e300, ...valid.slice(1)].join(',')}]`, /item 0 is not an integer 0\.\.255/],
    [
      'other-public.json',
      `[${[...valid.slice(0, 32), ...valid.slice(0, 32)].join(',')}]`,
      /public half does not match/,
    ],
    [
      'zero-public.json',
      `[${[...valid.slice(0, 32), ...new Array(32).fill(0)].join(',')}]`,
      /public half does not match/,
    ],
    ['big.json', `[${valid.join(',')}]${' '.repeat(5000)}`, /too large to be a key file/],
  ];
  for (const [name, text, expected] of cases) {
    const path = await writeKey(dir, name, text);
    await assert.rejects(loadKeypairFile(path), (err: unknown) => {
      assert.ok(err instanceof KeyFileError, `${name}: ${String(err)}`);
      assert.match(err.message, expected, name);
      assertNoSecret(err.message, valid.slice(0, 32));
      return true;
    });
  }
});
