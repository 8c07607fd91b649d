// The launch form's rules, field by field: each broken rule gets its own message naming the field
// and the rule, and the image's type is read from its bytes, not its name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenUniverse } from '../src/actions/swapRequest.js';
import { NATIVE_MINT, USDC_MINT } from '../src/chain/mints.js';
import { readTokenImage, sniffImage } from '../src/studio/image.js';
import { findPool, loadPools, poolsPath, rememberPool, type LaunchedPool } from '../src/studio/pools.js';
import { presetForm, IMAGE_MAX_BYTES, type StudioForm } from '../src/studio/preset.js';
import {
  checkLaunch,
  checkStudioForm,
  errorLines,
  parseFieldDuration,
  parseNumber,
  type StudioField,
} from '../src/studio/validate.js';
import { vestingWords } from '../src/studio/describe.js';
import { durationWords } from '../src/text/duration.js';
import { removeTree } from './support/home.js';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const tokens = tokenUniverse([]);

function dir(t: { after(fn: () => void): void }): string {
  const d = mkdtempSync(join(tmpdir(), 'td-studio-'));
  t.after(() => removeTree(d));
  return d;
}

const good = (image: string, over: Partial<StudioForm> = {}) =>
  presetForm({ name: 'Deck Token', symbol: 'DECK', image, ...over });

test('name, symbol and image are enough: the preset fills the curve', async (t) => {
  const d = dir(t);
  writeFileSync(join(d, 'logo.png'), PNG);
  const { errors, launch } = await checkLaunch(good(join(d, 'logo.png')), tokens);
  assert.deepEqual(errors, {});
  assert.ok(launch);
  assert.equal(launch.quote.mint, USDC_MINT);
  assert.equal(launch.initialMarketCap, 16_000);
  assert.equal(launch.migrationMarketCap, 69_000);
  assert.equal(launch.tokenQuoteDecimal, 6);
  assert.equal(launch.feeBps, 100);
  assert.equal(launch.isLpLocked, true);
  assert.equal(launch.antiSniping, false);
  assert.deepEqual(launch.vesting, {
    totalLockedVestingAmount: 0,
    cliffUnlockAmount: 0,
    numberOfVestingPeriod: 0,
    totalVestingDuration: 0,
    cliffDurationFromMigrationTime: 0,
  });
  assert.equal(launch.image.contentType, 'image/png');
});

// Each case breaks one rule; the message of that field (and only that field) must say which.
const CASES: Array<{ what: string; over: Partial<StudioForm>; field: StudioField; message: RegExp }> = [
  {
    what: 'empty name',
    over: { name: '' },
    field: 'name',
    message: /required: the token's name \(1 to 32 characters\)/,
  },
  { what: 'name too long', over: { name: 'x'.repeat(33) }, field: 'name', message: /at most 32 characters \(got 33\)/ },
  {
    what: 'name with an escape sequence',
    over: { name: 'Deck\u001b[31m' },
    field: 'name',
    message: /must not contain control characters/,
  },
  {
    what: 'empty symbol',
    over: { symbol: ' ' },
    field: 'symbol',
    message: /required: the token's symbol \(1 to 10 characters\)/,
  },
  {
    what: 'symbol too long',
    over: { symbol: 'ABCDEFGHIJK' },
    field: 'symbol',
    message: /at most 10 characters \(got 11\)/,
  },
  { what: 'symbol with a space', over: { symbol: 'DE CK' }, field: 'symbol', message: /must not contain spaces/ },
  {
    what: 'no image path',
    over: { image: '' },
    field: 'image',
    message: /required: the path of a PNG, JPEG, GIF or WebP file/,
  },
  {
    what: 'unknown quote token',
    over: { quote: 'NOPE' },
    field: 'quote',
    message: /"NOPE": no token with that symbol, name or mint/,
  },
  {
    what: 'start cap not a number',
    over: { initialCap: 'lots' },
    field: 'initialCap',
    message: /must be a number such as 16000 or 16k \(got "lots"\)/,
  },
  { what: 'start cap zero', over: { initialCap: '0' }, field: 'initialCap', message: /must be greater than 0/ },
  {
    what: 'migration cap below start',
    over: { migrationCap: '10000' },
    field: 'migrationCap',
    message: /must be above the start market cap \(16000\)/,
  },
  {
    what: 'decimals unlike the quote token',
    over: { quoteDecimals: '9' },
    field: 'quoteDecimals',
    message: /must be USDC's decimals \(6\), or empty/,
  },
  {
    what: 'decimals not a number',
    over: { quoteDecimals: 'six' },
    field: 'quoteDecimals',
    message: /must be a whole number 0\.\.18/,
  },
  {
    what: 'fee above the range',
    over: { feeBps: '1500' },
    field: 'feeBps',
    message: /must be at most 1000 \(10%\); got 1500/,
  },
  {
    what: 'fee not whole',
    over: { feeBps: '1.5' },
    field: 'feeBps',
    message: /must be a whole number of basis points 0\.\.1000/,
  },
  { what: 'fee negative', over: { feeBps: '-5' }, field: 'feeBps', message: /must be a whole number of basis points/ },
  {
    what: 'cliff above the locked total',
    over: { vestTotal: '1000', vestCliff: '2000', vestPeriods: '4', vestDuration: '30d' },
    field: 'vestCliff',
    message: /must not exceed Vest total \(1000\)/,
  },
  {
    what: 'locked total above the supply',
    over: { vestTotal: '2000000000', vestCliff: '2000000000' },
    field: 'vestTotal',
    message: /at most the whole supply \(1,000,000,000 tokens\)/,
  },
  {
    what: 'vesting left without periods',
    over: { vestTotal: '1000', vestCliff: '100' },
    field: 'vestPeriods',
    message: /at least 1: 1000 locked minus 100 at the cliff must vest/,
  },
  {
    what: 'periods without a duration',
    over: { vestTotal: '1000', vestPeriods: '4' },
    field: 'vestDuration',
    message: /must be above 0 when there are vesting periods/,
  },
  {
    what: 'schedule with nothing locked',
    over: { vestPeriods: '3' },
    field: 'vestPeriods',
    message: /must be 0 when Vest total is 0 \(nothing is locked\)/,
  },
  {
    what: 'cliff delay with nothing locked',
    over: { vestCliffAfter: '7d' },
    field: 'vestCliffAfter',
    message: /must be 0 when Vest total is 0/,
  },
  {
    what: 'unreadable duration',
    over: { vestTotal: '1000', vestPeriods: '4', vestDuration: 'a month' },
    field: 'vestDuration',
    message: /must be a duration such as 30d, 12h, 90m or seconds \(got "a month"\)/,
  },
  {
    what: 'periods not whole',
    over: { vestTotal: '1000', vestPeriods: '2.5', vestDuration: '30d' },
    field: 'vestPeriods',
    message: /must be a whole number of periods/,
  },
  {
    what: 'periods left after the cliff took everything',
    over: { vestTotal: '1000', vestCliff: '1000', vestPeriods: '2', vestDuration: '0' },
    field: 'vestPeriods',
    message: /the cliff unlocks everything, nothing is left to vest/,
  },
];

for (const c of CASES) {
  test(`invalid: ${c.what} -> ${c.field} says so`, () => {
    const { errors, curve } = checkStudioForm(good('/x.png', c.over), tokens);
    assert.equal(curve, undefined, 'nothing to request');
    assert.match(errors[c.field] ?? '', c.message);
    assert.deepEqual(Object.keys(errors), [c.field], `only ${c.field} is wrong`);
  });
}

test('every invalid case has its own message', () => {
  const messages = CASES.map((c) => `${c.field}: ${checkStudioForm(good('/x.png', c.over), tokens).errors[c.field]}`);
  assert.ok(CASES.length >= 20);
  assert.equal(new Set(messages).size, CASES.length, 'no two cases share a message');
});

test('errorLines names each field in form order', () => {
  const { errors } = checkStudioForm(good('', { name: '', feeBps: '99999' }), tokens);
  assert.deepEqual(
    errorLines(errors).map((l) => l.split(':')[0]),
    ['Name', 'Image', 'Fee bps'],
  );
});

test('image rules: missing, a directory, empty, too large, not an image; the type comes from the bytes', async (t) => {
  const d = dir(t);
  const cases: Array<[string, Buffer | 'dir' | null, RegExp]> = [
    ['missing.png', null, /no file at .*missing\.png/],
    ['folder.png', 'dir', /folder\.png is a directory, not an image file/],
    ['empty.png', Buffer.alloc(0), /empty\.png is empty/],
    ['huge.png', Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]), /huge\.png is 513 KiB; at most 512 KiB/],
    [
      'text.png',
      Buffer.from('hello, I am not a picture'),
      /text\.png is not a PNG, JPEG, GIF or WebP image \(it starts with 68 65 6c 6c\)/,
    ],
  ];
  for (const [name, content, message] of cases) {
    const path = join(d, name);
    if (content === 'dir') mkdirSync(path);
    else if (content) writeFileSync(path, content);
    const { errors, launch } = await checkLaunch(good(path), tokens);
    assert.equal(launch, undefined, name);
    assert.match(errors.image ?? '', message, name);
    assert.deepEqual(Object.keys(errors), ['image'], name);
  }
  // a PNG named .jpg is sent as image/png, and the mismatch is said
  writeFileSync(join(d, 'photo.jpg'), PNG);
  const img = await readTokenImage(join(d, 'photo.jpg'));
  assert.equal(img.contentType, 'image/png');
  assert.equal(img.nameMismatch, 'named .jpg but its bytes are image/png');
});

test('sniffImage knows PNG, JPEG, GIF and WebP by their magic bytes only', () => {
  assert.equal(sniffImage(PNG), 'image/png');
  assert.equal(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])), 'image/jpeg');
  assert.equal(sniffImage(Buffer.from('GIF89a\x01\x00')), 'image/gif');
  assert.equal(sniffImage(Buffer.from('GIF87a\x01\x00')), 'image/gif');
  assert.equal(
    sniffImage(Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')])),
    'image/webp',
  );
  assert.equal(
    sniffImage(Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WAVEfmt ')])),
    undefined,
  );
  assert.equal(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), undefined);
  assert.equal(sniffImage(PNG.subarray(0, 7)), undefined);
});

test('a SOL-quoted curve takes SOL decimals; numbers and durations read as people write them', () => {
  const { curve } = checkStudioForm(good('/x.png', { quote: 'SOL', initialCap: '30', migrationCap: '400' }), tokens);
  assert.equal(curve?.quote.mint, NATIVE_MINT);
  assert.equal(curve?.tokenQuoteDecimal, 9);
  assert.equal(parseNumber('16k'), 16_000);
  assert.equal(parseNumber('1,500.5'), 1500.5);
  assert.ok(Number.isNaN(parseNumber('1e5')));
  // the one amount grammar: "1,5" and "1.000,5" are not numbers here either
  for (const bad of ['1,5', '1.000,5', '1 500', ',5k']) assert.ok(Number.isNaN(parseNumber(bad)), bad);
  assert.equal(parseNumber('1,500k'), 1_500_000);
  assert.equal(parseFieldDuration('30d'), 2_592_000);
  assert.equal(parseFieldDuration('90m'), 5400);
  assert.equal(parseFieldDuration('3600'), 3600);
  // said in words by the one duration format
  assert.equal(durationWords(2_592_000 + 3600), '4 weeks 2 days');
  assert.equal(durationWords(400 * 86_400), '1 year 5 weeks');
});

test('vesting in words is relative to migration', () => {
  assert.equal(
    vestingWords({
      totalLockedVestingAmount: 0,
      cliffUnlockAmount: 0,
      numberOfVestingPeriod: 0,
      totalVestingDuration: 0,
      cliffDurationFromMigrationTime: 0,
    }),
    'none: no tokens are locked',
  );
  assert.equal(
    vestingWords({
      totalLockedVestingAmount: 400_000,
      cliffUnlockAmount: 100_000,
      numberOfVestingPeriod: 12,
      totalVestingDuration: 365 * 86_400,
      cliffDurationFromMigrationTime: 30 * 86_400,
    }),
    '400,000 tokens locked; 100,000 unlock at migration + 4 weeks 2 days; 300,000 in 12 parts from migration + 4 weeks 2 days to migration + 1 year 4 weeks',
  );
});

const entry = (n: number, over: Partial<LaunchedPool> = {}): LaunchedPool => ({
  pool: `Poo${n}`.padEnd(43, '1'),
  mint: `Mnt${n}`.padEnd(43, '1'),
  name: `Token ${n}`,
  symbol: `T${n}`,
  quoteMint: USDC_MINT,
  quoteSymbol: 'USDC',
  quoteDecimals: 6,
  creator: 'Crt11111111111111111111111111111111111111111',
  feeBps: 100,
  initialMarketCap: 16_000,
  migrationMarketCap: 69_000,
  launchedAt: new Date(1_700_000_000_000 + n * 1000).toISOString(),
  status: 'success',
  ...over,
});

test('launched pools are kept in studio-pools.json, mode 0600, newest first; bad entries are dropped', async (t) => {
  const state = join(dir(t), 'state');
  assert.deepEqual(await loadPools(state), []);
  await rememberPool(state, entry(1));
  await rememberPool(state, entry(2));
  const pools = await loadPools(state);
  assert.deepEqual(
    pools.map((p) => p.symbol),
    ['T2', 'T1'],
  );
  assert.equal(statSync(poolsPath(state)).mode & 0o777, 0o600);
  assert.equal(findPool(pools, 't1')?.pool, entry(1).pool);
  assert.equal(findPool(pools, entry(2).mint)?.symbol, 'T2');
  writeFileSync(
    poolsPath(state),
    JSON.stringify({ version: 1, pools: [entry(3), { pool: 'nope' }, { ...entry(4), quoteDecimals: 99 }] }),
  );
  assert.deepEqual(
    (await loadPools(state)).map((p) => p.symbol),
    ['T3'],
  );
  writeFileSync(poolsPath(state), 'not json');
  await assert.rejects(loadPools(state), /studio-pools\.json: not valid JSON/);
});
