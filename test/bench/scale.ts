// What `npm run bench -- --scale` measures against: the sizes real users reach, built here through
// the program's own files and the simulator's seeding. A journal of 100,000 signed transactions
// (each an entry and its outcome, ~1.5 kB, as a trader's swaps are written), with the checkpoint
// beside it that the first start after it would have made; 500 open limit orders of the wallet
// (so its portfolio holds 500 trade positions besides its balances); 1,000 alerts; a watchlist
// of 300 tokens.
import { once } from 'node:events';
import { createWriteStream, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openJournal } from '../../src/journal/journal.js';
import type { SimHandle } from '../../src/sim/index.js';
import { triggerBookOf } from '../../src/sim/groups/trigger-book.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';

/**
 * Writes `count` finished swaps (entry and outcome lines) to `path`, a megabyte at a time, then
 * lets the journal make its checkpoint. Returns the file's size in bytes.
 */
export async function writeBigJournal(path: string, count: number, wallet: string): Promise<number> {
  const out = createWriteStream(path, { mode: 0o600 });
  const signed = 'A'.repeat(760);
  const t0 = Date.now() - count * 60_000;
  let chunk: string[] = [];
  let bytes = 0;
  const flush = async () => {
    const text = chunk.join('');
    chunk = [];
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  for (let i = 0; i < count; i++) {
    const buy = i % 2 === 0;
    const id = `bench-${i.toString(36)}-${(i * 7919).toString(36)}`;
    const time = t0 + i * 60_000;
    const inAmount = buy ? String(150_000_000 + (i % 1000) * 1000) : '1000000000';
    const outAmount = buy ? '1000000000' : String(151_000_000 + (i % 1000) * 1000);
    const entry = {
      kind: 'entry',
      id,
      time,
      group: 'ultra',
      action: 'swap',
      requestId: `req-${id}`,
      signature: `${'5'.repeat(60)}${i.toString().padStart(28, '0')}`,
      signedTransaction: signed,
      lastValidBlockHeight: 300_000_000 + i,
      summary: {
        pay: buy ? '150 USDC' : '1 SOL',
        receive: buy ? '1 SOL' : '151 USDC',
        inputMint: buy ? USDC : SOL,
        outputMint: buy ? SOL : USDC,
        inAmount,
        outAmount,
      },
      status: 'submitted',
      wallet,
      network: 'simulator',
    };
    chunk.push(
      `${JSON.stringify(entry)}\n`,
      `${JSON.stringify({ kind: 'outcome', id, time: time + 1_500, status: 'success', signature: entry.signature, code: 0, executed: { input: inAmount, output: outAmount } })}\n`,
    );
    if (chunk.length >= 1_000) await flush();
  }
  await flush();
  out.end();
  await once(out, 'finish');
  // the first start after these would have written it: every entry is final
  await (await openJournal(path)).pending();
  return bytes;
}

/** Puts the journal (and its checkpoint) built once into a fresh state directory, by hard links: no copy. */
export function linkJournal(from: string, stateDir: string): void {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  linkSync(from, join(stateDir, 'journal.jsonl'));
  linkSync(`${from}.index`, join(stateDir, 'journal.jsonl.index'));
}

/** `count` open limit orders of `owner` (0.01 SOL each at a price far above the market: none fills). */
export function seedOrders(sim: SimHandle, owner: string, count: number): void {
  const book = triggerBookOf(sim.kernel);
  if (!book) throw new Error('the simulator has no trigger book');
  const now = sim.kernel.clock.nowMs();
  for (let i = 0; i < count; i++) {
    const making = 10_000_000n + BigInt(i) * 1_000n;
    book.add({
      key: sim.kernel.ids.address(),
      maker: owner,
      inputMint: SOL,
      outputMint: USDC,
      making,
      taking: 50_000_000n + BigInt(i) * 10_000n,
      chunk: making,
      slippageBps: 0,
      expiredAtSec: null,
      createdMs: now - (count - i) * 60_000,
      openTx: sim.kernel.ids.signature(),
    });
  }
}

/** `count` armed price alerts over the given mints (alternately above and below a level). */
export function writeAlerts(
  stateDir: string,
  count: number,
  tokens: ReadonlyArray<{ id: string; symbol: string }>,
): void {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const t0 = Date.now() - count * 1_000;
  const alerts = Array.from({ length: count }, (_, i) => {
    const t = nth(tokens, i % tokens.length);
    return {
      id: `bench-alert-${i}`,
      mint: t.id,
      symbol: t.symbol,
      condition: { kind: i % 2 ? 'above' : 'below', level: 1_000_000 * (i % 2) + 1e-9 + i * 1e-6 },
      createdAt: t0 + i * 1_000,
      state: 'armed',
    };
  });
  writeFileSync(join(stateDir, 'alerts.json'), `${JSON.stringify({ version: 1, alerts })}\n`, { mode: 0o600 });
}

/**
 * A watchlist of `count` tokens: those of the simulator's list, then as many more made from them
 * under other mints (each with the data last seen, as a star of a token no list shows now is kept).
 */
export function writeWatchlist(
  stateDir: string,
  count: number,
  tokens: ReadonlyArray<Record<string, unknown> & { id: string; symbol: string; name: string }>,
  mintOf: (i: number) => string,
): void {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const starredAt = new Date(Date.now() - 86_400_000).toISOString();
  const entries = Array.from({ length: count }, (_, i) => {
    const base = nth(tokens, i % tokens.length);
    const mint = i < tokens.length ? base.id : mintOf(i);
    const symbol = i < tokens.length ? base.symbol : `${base.symbol.slice(0, 6)}${i}`;
    return { mint, symbol, name: base.name, starredAt, last: { ...base, id: mint, symbol } };
  });
  writeFileSync(join(stateDir, 'watchlist.json'), `${JSON.stringify({ version: 1, tokens: entries })}\n`, {
    mode: 0o600,
  });
}
