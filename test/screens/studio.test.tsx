// The Studio screen in the whole app against the simulator over HTTP, at 80x24: launch a token
// through the form and the confirm dialog, list it, claim its fees; every invalid field stops
// the launch with its own message before any request; watch-only says why keys are disabled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { typeKeys, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { nth } from '../support/narrow.js';
import { USDC_MINT } from '../../src/chain/mints.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const sends = (d: Dashboard) =>
  d.sim
    .requests()
    .filter((r) => r.path === '/rpc' && (r.body as { method?: string } | null)?.method === 'sendTransaction');
const studio = (d: Dashboard, what: 'create' | 'fee') =>
  d.sim
    .requests()
    .filter((r) => r.path === (what === 'create' ? '/studio/v1/dbc-pool/create-tx' : '/studio/v1/dbc/fee/create-tx'));

function assertFits(frame: string, columns = 80, rows = 24) {
  const lines = frame.split('\n');
  assert.ok(lines.length <= rows, `frame has ${lines.length} lines`);
  for (const l of lines) assert.ok([...l].length <= columns, `line wider than ${columns}: "${l}"`);
  assert.doesNotMatch(frame, /undefined|null|NaN/);
}

async function open(
  t: { after(fn: () => Promise<void>): void },
  o: Parameters<typeof startDashboard>[0] = {},
): Promise<Dashboard> {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'studio', ...o });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('Launched pools ('), 8000);
  return d;
}

function png(d: Dashboard, name = 'logo.png', bytes: Buffer = PNG): string {
  const path = join(d.stateDir, '..', name);
  writeFileSync(path, bytes);
  return path;
}

/** n, then name, symbol and image typed into the form (Enter edits, Tab moves on, Enter leaves). */
async function fillForm(d: Dashboard, name: string, symbol: string, image: string) {
  await typeKeys(d.app, 'n');
  const form = await waitForFrame(d.app, (f) => f.includes('New pool · preset'), 3000);
  assert.match(form, /› Name/, 'arriving never starts editing');
  // every number says its unit beside it: a 0 is none of something
  assert.match(form, /Vest duration\s+0\s+seconds: none/);
  assert.match(form, /Cliff after\s+0\s+seconds: the cliff at migration/);
  assert.match(form, /Vest total\s+0\s+tokens: no vesting/);
  assert.match(form, /Fee bps\s+100\s+1\.00% per trade/);
  await typeKeys(d.app, 'enter', name, 'tab', symbol, 'tab', image, 'enter');
  await waitForFrame(d.app, (f) => f.includes('checked when you press s') && !f.includes('✎'), 3000);
}

test('launch: n in the dialog sends nothing; y signs once after the journal line; the pool is listed and remembered 0600', async (t) => {
  const d = await open(t);
  const image = png(d);
  await fillForm(d, 'Deck Token', 'DECK', image);
  await typeKeys(d.app, 's');
  const dialog = await waitForFrame(
    d.app,
    (f) => f.includes('y confirm') && f.includes('Launch DECK (Deck Token)'),
    8000,
  );
  assertFits(dialog);
  assert.match(dialog, /Image\s+logo\.png · image\/png · 0\.1 KiB · uploaded \(image\)/);
  assert.match(dialog, /Starts at\s+16,000 USDC \(\$1[56],\d{3}\.\d\d\) market cap/);
  assert.match(dialog, /Migrates at\s+69,000 USDC \(\$6[89],\d{3}\.\d\d\) \(×4\.31\), then to an AMM pool/);
  assert.match(dialog, /Vesting\s+none: no tokens are locked/);
  assert.match(dialog, /Fees\s+1\.00% of every trade on the curve \(100 bps\)/);
  assert.match(dialog, /LP\s+locked after migration/);
  assert.match(dialog, /Pool\s+[1-9A-HJ-NP-Za-km-z]{32,44}/);
  assert.match(dialog, /Fee payer you · signers: you only/);
  assert.match(dialog, /Programs: Compute Budget, Studio/);
  const body = nth(studio(d, 'create'), 0).body as Record<string, any>;
  assert.equal(body.tokenImageContentType, 'image/png');
  assert.equal(body.creator, d.wallet.address);
  assert.deepEqual(body.buildCurveByMarketCapParam.lockedVestingParam, {
    totalLockedVestingAmount: 0,
    cliffUnlockAmount: 0,
    numberOfVestingPeriod: 0,
    totalVestingDuration: 0,
    cliffDurationFromMigrationTime: 0,
  });

  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (f) => f.includes('Launch DECK: Cancelled: nothing was signed or sent'), 5000);
  assert.equal(sends(d).length, 0);
  assert.deepEqual(await d.services.journal!.entries(), []);

  // the journal line must be on disk when the transaction leaves for the RPC node
  const seen: boolean[] = [];
  const uploads: string[] = [];
  const api = d.services.api;
  d.services.api = {
    ...api,
    studio: {
      ...api.studio,
      createPoolTx: async (b, o) => {
        const r = await api.studio.createPoolTx(b, o);
        uploads.push(String(r.imagePresignedUrl));
        return r;
      },
    },
  };
  const rpc = d.services.rpc!;
  d.services.rpc = {
    ...rpc,
    sendTransaction: async (b64, o) => {
      seen.push(readFileSync(join(d.stateDir, 'journal.jsonl'), 'utf8').includes(b64));
      return rpc.sendTransaction(b64, o);
    },
  };
  await typeKeys(d.app, 'escape', 'n');
  await waitForFrame(d.app, (f) => f.includes('New pool') && f.includes('Deck Token'), 3000);
  await typeKeys(d.app, 's');
  await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'y');
  const listed = await waitForFrame(
    d.app,
    (f) => f.includes('Launch DECK: done') && f.includes('Launched pools (1)'),
    8000,
  );
  assertFits(listed);
  assert.equal(sends(d).length, 1);
  assert.deepEqual(seen, [true]);
  const entries = await d.services.journal!.entries();
  assert.equal(entries.length, 1);
  assert.equal(nth(entries, 0).group, 'studio');
  assert.equal(nth(entries, 0).action, 'create-pool');
  assert.match(listed, /›DECK\s+Deck Token\s+USDC\s+1\.00% 16\.0K→69\.0K/);
  const pool = /Pool ([1-9A-HJ-NP-Za-km-z]{32,44})/.exec(listed)![1];
  assert.match(listed, /Mint [1-9A-HJ-NP-Za-km-z]{32,44}/);
  const file = join(d.stateDir, 'studio-pools.json');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    pools: Array<{ pool: string; symbol: string; creator: string }>;
  };
  assert.deepEqual(
    saved.pools.map((p) => [p.pool, p.symbol, p.creator]),
    [[pool, 'DECK', d.wallet.address]],
  );
  // the image went to the presigned URL with its type: the simulator serves the same bytes
  assert.equal(uploads.length, 1);
  const served = await fetch(nth(nth(uploads, 0).split('?'), 0));
  assert.equal(served.headers.get('content-type'), 'image/png');
  assert.deepEqual(Buffer.from(await served.arrayBuffer()), PNG);
});

test('claim: c on the listed pool, m, the dialog, y: one fee/create-tx with the max, and the USDC balance moves', async (t) => {
  const d = await open(t);
  await fillForm(d, 'Fee Maker', 'FEE', png(d));
  await typeKeys(d.app, 's');
  await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes('Launch FEE: done'), 8000);
  d.sim.advance(3600);
  await typeKeys(d.app, 'c');
  const form = await waitForFrame(d.app, (f) => f.includes('Claim creator fees'), 3000);
  assertFits(form);
  assert.match(form, /FEE \(Fee Maker\) launched here/);
  assert.match(form, /Max amount\s+max\s+everything accrued/);
  await typeKeys(d.app, 's');
  const dialog = await waitForFrame(
    d.app,
    (f) => f.includes('y confirm') && f.includes('Claim the creator fees of FEE'),
    8000,
  );
  assert.match(dialog, /Claim\s+everything accrued \(max\)/);
  // how much it claims: the simulation's balance change, in the quote token
  const claimed = /Your balances\s+[^\n]*\+([\d.,]+) USDC/.exec(dialog);
  assert.ok(claimed && Number(nth(claimed, 1).replace(/,/g, '')) > 0, dialog);
  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (f) => f.includes('Claim FEE: Cancelled'), 5000);
  const before = sends(d).length;
  await typeKeys(d.app, 'escape', 'c', 's');
  await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'y');
  const done = await waitForFrame(d.app, (f) => f.includes('Claim FEE: done'), 8000);
  assertFits(done);
  assert.equal(sends(d).length, before + 1);
  const m = /Claimed \+([\d.,]+) USDC: balance ([\d.,]+) USDC → ([\d.,]+) USDC/.exec(done);
  assert.ok(m, done);
  const num = (s: string) => Number(s.replace(/,/g, ''));
  assert.ok(num(nth(m, 1)) > 0);
  assert.ok(Math.abs(num(nth(m, 3)) - num(nth(m, 2)) - num(nth(m, 1))) < 1e-6);
  const claims = studio(d, 'fee');
  assert.equal(claims.length, 2);
  assert.deepEqual(
    claims.map((c) => (c.body as { maxQuoteAmount: number }).maxQuoteAmount),
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  );
  assert.ok(/bal [\d,.]+ USDC/.test(done));
});

test('invalid fields through the form: each gets its own message on screen and nothing is requested', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, 'n', 's');
  let f = await waitForFrame(d.app, (fr) => fr.includes('Not sent: 3 fields to fix'), 3000);
  assertFits(f);
  assert.match(f, /Name\s+token name\s+✗ required: the token's name/);
  assert.match(f, /Symbol\s+ticker, no spaces\s+✗ required: the token's symbol/);
  assert.match(f, /Image\s+path to PNG\/JPEG\/GIF\s+✗ required: the path of a PNG/);

  // a text file named .png, a symbol with a space, a fee out of range, a migration cap below the start
  const fake = png(d, 'fake.png', Buffer.from('just text'));
  await typeKeys(d.app, 'enter', 'Bad Launch', 'tab', 'BAD X', 'tab', fake, 'tab', 'tab', 'tab');
  await typeKeys(d.app, 'ctrl+u', '100', 'tab', 'tab', 'ctrl+u', '5000', 'enter', 's');
  f = await waitForFrame(d.app, (fr) => fr.includes('Not sent: 4 fields to fix'), 3000);
  assertFits(f);
  assert.match(f, /Symbol\s+BAD X\s+✗ must not contain spaces/);
  assert.match(f, /Image\s+.*\s+✗ fake\.png is not a PNG, JPEG, GIF or Web/);
  assert.match(f, /Image: fake\.png is not a PNG, JPEG, GIF or WebP image \(it starts with 6a 75 73/);
  assert.match(f, /Migrate mcap\s+100\s+✗ must be above the start market cap/);
  assert.match(f, /Fee bps\s+5000\s+✗ must be at most 1000 \(10%\)/);
  assert.equal(studio(d, 'create').length, 0, 'no create-tx was requested');
  assert.equal(sends(d).length, 0);
  assert.equal(d.services.confirm.getState().queue.length, 0);

  // the claim form: nothing, a zero amount, a pasted non-address
  await typeKeys(d.app, 'escape', 'c');
  await waitForFrame(d.app, (fr) => fr.includes('Claim creator fees'), 3000);
  await typeKeys(d.app, 's');
  await waitForFrame(d.app, (fr) => fr.includes('✗ required: pick a launched pool'), 3000);
  await typeKeys(d.app, 'enter', 'not-a-pool', 'tab', 'ctrl+u', '0', 'enter', 's');
  f = await waitForFrame(d.app, (fr) => fr.includes('is neither a launched pool nor a base58 address'), 3000);
  assert.match(f, /Max amount\s+0\s+✗ must be greater than 0 \(or max\)/);
  assertFits(f);
  assert.equal(studio(d, 'fee').length, 0);
});

test('keys never trap: a field being edited takes q and 1; Esc leaves it (restoring the value), Enter keeps it, 1 goes to Tokens', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, 'n', 'enter', 'q1');
  await waitForFrame(d.app, (f) => f.includes('✎ Name') && f.includes('q1'), 3000);
  assert.equal(d.quits, 0);
  assert.equal(d.services.session.getState().screen, 'studio');
  await typeKeys(d.app, 'escape', '2');
  assert.equal(d.services.session.getState().screen, 'swap');
  await typeKeys(d.app, '6');
  // the form is still there, not being edited, and Esc put back the Name from before the edit
  const back = await waitForFrame(d.app, (f) => f.includes('› Name'), 3000);
  assert.ok(!back.includes('q1'), back);
  // Enter keeps an edit
  await typeKeys(d.app, 'enter', 'q1');
  await waitForFrame(d.app, (f) => f.includes('✎ Name') && f.includes('q1'), 3000);
  await typeKeys(d.app, 'enter');
  await waitForFrame(d.app, (f) => f.includes('› Name') && f.includes('q1'), 3000);
  // 1 leaves at once
  await typeKeys(d.app, '1');
  assert.equal(d.services.session.getState().screen, 'tokens');
});

for (const [what, o, reason] of [
  ['watch-only', { address: USDC_MINT }, /watch-only wallet/],
  ['read-only', { readOnly: true }, /read-only mode/],
  ['no wallet', { noWallet: true }, /no wallet: start with --keypair/],
] as const) {
  test(`${what}: n, c and s say why they are disabled and request nothing`, async (t) => {
    const d = await open(t, o);
    const f = await waitForFrame(d.app, (fr) => fr.includes('Signing disabled:'), 5000);
    assertFits(f);
    for (const key of ['n', 'c', 's']) {
      await typeKeys(d.app, key);
      await waitForFrame(d.app, (fr) => reason.test(fr.split('\n').find((l) => l.startsWith('✗')) ?? ''), 3000);
    }
    assert.match(d.app.lastFrame() ?? '', /Launched pools/);
    assert.equal(d.sim.requests().filter((r) => r.path.startsWith('/studio/')).length, 0);
    await typeKeys(d.app, '3');
    assert.equal(d.services.session.getState().screen, 'orders');
  });
}
