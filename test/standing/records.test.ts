// The journal's records of standing orders: lines of their own (kind "standing"), which the
// readers of transactions pass over without a problem (a whole read, the follower of the journal
// view, recovery's pending read), and which give back the terms confirmed for an order: the first
// record of an id, read again only from where the last read ended, and from the yearly archives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal, readJournalFile } from '../../src/journal/journal.js';
import { JournalFollower } from '../../src/journal/follow.js';
import { confirmedTerms, createRecord, recordStanding } from '../../src/orders/standing/records.js';
import { termsDigest, type StandingTerms } from '../../src/orders/standing/terms.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { walletBody } from '../../screens/Portfolio/walletLines.js';
import { removeTree } from '../support/home.js';

const terms = (id: string, amount = '1000000000'): StandingTerms => ({
  version: 1,
  id,
  kind: 'stop-loss',
  wallet: 'Csvvjv3xy3LhtmmDSWE4hSn6X6qLP69ShkxvQu9rbGqS',
  mode: 'live',
  network: 'example',
  sell: { mint: NATIVE_MINT, symbol: 'SOL', decimals: 9 },
  buy: { mint: USDC_MINT, symbol: 'USDC', decimals: 6 },
  base: NATIVE_MINT,
  quote: USDC_MINT,
  amount,
  trigger: '140',
  capBps: 100,
  floor: '138600000',
  expiresAt: Date.UTC(2031, 0, 1),
  createdAt: Date.UTC(2030, 11, 1),
});

test('standing records: no problem to the readers of transactions; the first create of an id is what was confirmed', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'td-standing-records-'));
  t.after(() => removeTree(dir));
  const path = join(dir, 'journal.jsonl');
  // a record of last year in an archive, as `journal archive` leaves it
  const old = terms('s-0000aaaa');
  await writeFile(
    join(dir, 'journal-2029.jsonl'),
    `${JSON.stringify({ kind: 'standing', id: 'r0', ...createRecord(old, termsDigest(old), Date.UTC(2029, 11, 31)) })}\n`,
  );
  const journal = await openJournal(path);
  const a = terms('s-0000abcd');
  await recordStanding(journal, createRecord(a, termsDigest(a), Date.UTC(2030, 11, 1)));
  assert.equal((await confirmedTerms(path, a.id))?.digest, termsDigest(a));
  // a later "create" of the same id (an edit of the journal) does not replace what was confirmed
  const bigger = terms('s-0000abcd', '9000000000');
  await recordStanding(journal, createRecord(bigger, termsDigest(bigger), Date.UTC(2030, 11, 2)));
  await recordStanding(journal, { time: Date.UTC(2030, 11, 3), order: a.id, event: 'firing' });
  const found = await confirmedTerms(path, a.id);
  assert.equal(found?.digest, termsDigest(a));
  assert.equal(found?.terms.amount, '1000000000');
  assert.equal((await confirmedTerms(path, old.id))?.digest, termsDigest(old), 'read from the archive too');
  assert.equal(await confirmedTerms(path, 's-ffffffff'), undefined);

  const whole = await readJournalFile(path);
  assert.deepEqual(whole.problems, []);
  assert.deepEqual(whole.entries, [], 'no entry is made of them');
  assert.deepEqual(await journal.pending(), []);
  assert.deepEqual(journal.problems, []);
  const follower = new JournalFollower(path, { places: true });
  await follower.update();
  assert.deepEqual(follower.problems, []);
  assert.equal(follower.count, 0);
});

test("Portfolio lists the wallet's open standing orders under its balances", () => {
  const o = { terms: terms('s-0000abcd'), status: { state: 'armed' as const, at: 0 } };
  const lines = walletBody(
    {
      balances: { items: [] },
      pnl: null,
      lookup: () => ({}),
      date: () => '',
      standing: [o],
      now: Date.UTC(2030, 11, 2),
    },
    80,
  ).map((l) => l.text.trimEnd());
  const at = lines.indexOf('Standing orders (1): in your wallet, fired by tradedeck while it runs');
  assert.ok(at > 0, lines.join('\n'));
  assert.equal(lines[at + 1], '  stop   1 SOL · SOL ≤ 140.00 · expires in 30d · s-0000abcd');
});
