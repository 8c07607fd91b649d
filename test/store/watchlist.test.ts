// The watchlist file: atomic replacement, defensive reading, saves in call order.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import {
  createWatchlistWriter,
  loadWatchlist,
  saveWatchlist,
  watchlistPath,
  type WatchEntry,
} from '../../src/store/watchlist.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { removeTree } from '../support/home.js';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'td-watch-'));
  dirs.push(d);
  return join(d, 'state', 'tradedeck');
};
afterEach(() => {
  for (const d of dirs.splice(0)) removeTree(d);
});

const MINT = NATIVE_MINT;
const entry = (mint = MINT, symbol = 'SOL'): WatchEntry => ({
  mint,
  symbol,
  name: 'Wrapped SOL',
  starredAt: '2026-01-01T00:00:00.000Z',
});

describe('watchlist file', () => {
  it('round-trips, creates the state directory, leaves no temporary file, mode 0600', async () => {
    const dir = fresh();
    assert.deepEqual(await loadWatchlist(dir), []);
    await saveWatchlist(dir, [entry()]);
    assert.deepEqual(await loadWatchlist(dir), [entry()]);
    assert.deepEqual(readdirSync(dir), ['watchlist.json']);
    assert.equal(statSync(watchlistPath(dir)).mode & 0o777, 0o600);
    assert.equal(JSON.parse(readFileSync(watchlistPath(dir), 'utf8')).version, 1);
  });

  it('drops entries that are not tokens and snapshots that fail the token checks', async () => {
    const dir = fresh();
    await saveWatchlist(dir, []);
    writeFileSync(
      watchlistPath(dir),
      JSON.stringify({
        version: 1,
        tokens: [entry(), { mint: 'not a mint' }, 7, entry(), { ...entry(USDC_MINT, 'USDC'), last: { id: 'x' } }],
      }),
    );
    const loaded = await loadWatchlist(dir);
    assert.deepEqual(
      loaded.map((e) => e.symbol),
      ['SOL', 'USDC'],
    );
    assert.equal(nth(loaded, 1).last, undefined);
  });

  it('a file that is not a watchlist is an error naming the file', async () => {
    const dir = fresh();
    await saveWatchlist(dir, []);
    writeFileSync(watchlistPath(dir), '{ broken');
    await assert.rejects(loadWatchlist(dir), /watchlist\.json: not valid JSON/);
  });

  it('the writer saves in call order, so the last list wins', async () => {
    const dir = fresh();
    const errors: string[] = [];
    const write = createWatchlistWriter(dir, (m) => errors.push(m));
    void write([entry()]);
    void write([]);
    await write([entry(USDC_MINT, 'USDC')]);
    assert.deepEqual(
      (await loadWatchlist(dir)).map((e) => e.symbol),
      ['USDC'],
    );
    assert.deepEqual(errors, []);
  });
});
