// Paper trading's account: its starting balances (`--paper-balance 10 SOL,1000 USDC`), its key and
// its simulator state in the state directory, and `tradedeck paper reset`. The market it trades
// in follows the configured service, reading only (src/sim/paper.ts).
import { join } from 'node:path';
import { AmountError, toBaseUnits } from './amount.js';
import { FIXED_TOKENS } from './api/mints.js';
import { array, digits, finite, number, object, pipe, string, type InferOutput } from 'valibot';
import { loadStateFile, writeStateFile } from './stateFile.js';

export const PAPER_KEY_FILE = 'paper-key.json';
export const PAPER_STATE_FILE = 'paper-sim.json';
/** the starting balances and their USD value when the account was opened, for the P&L */
export const PAPER_START_FILE = 'paper-start.json';

export const DEFAULT_PAPER_BALANCE = '10 SOL,1000 USDC';

/** what a starting balance may hold: the paper market knows these before it learns any other */
const STARTING_TOKENS: Record<string, { mint: string; decimals: number }> = Object.fromEntries(
  Object.entries(FIXED_TOKENS).map(([mint, t]) => [t.symbol, { mint, decimals: t.decimals }]),
);

export interface PaperBalance {
  symbol: string;
  mint: string;
  /** base units */
  amount: bigint;
  /** as typed, for messages */
  text: string;
}

/**
 * Reads `10 SOL,1,000.5 USDC`: entries of AMOUNT SYMBOL separated by commas (a comma right after a
 * symbol separates; inside an amount it groups thousands, as everywhere). Throws an Error naming
 * what is wrong; an amount is read by the one amount grammar.
 */
export function parsePaperBalance(text: string): PaperBalance[] {
  const entries: PaperBalance[] = [];
  let rest = text.trim();
  if (rest === '') throw new Error('paper balance: is empty; e.g. 10 SOL,1000 USDC');
  while (rest !== '') {
    const m = /^(\S+?)\s+([A-Za-z]+)\s*(,\s*|$)/.exec(rest);
    if (!m) throw new Error(`paper balance: "${rest.slice(0, 40)}" is not AMOUNT SYMBOL; e.g. 10 SOL,1000 USDC`);
    // the pattern's first two groups take part in every match
    const amountText = m[1]!;
    const typed = m[2]!;
    const symbol = typed.toUpperCase();
    const token = STARTING_TOKENS[symbol];
    if (!token)
      throw new Error(
        `paper balance: ${typed.slice(0, 20)} cannot start an account; give ${Object.keys(STARTING_TOKENS).join(', ')}`,
      );
    if (entries.some((e) => e.symbol === symbol)) throw new Error(`paper balance: ${symbol} is given twice`);
    let amount: bigint;
    try {
      amount = toBaseUnits(amountText, token.decimals, `paper balance ${symbol}`);
    } catch (e) {
      if (e instanceof AmountError) throw new Error(e.message, { cause: e });
      throw e;
    }
    if (amount <= 0n) throw new Error(`paper balance ${symbol}: must be more than 0`);
    entries.push({ symbol, mint: token.mint, amount, text: `${m[1]} ${symbol}` });
    if (m[3] !== '' && rest.slice(m[0].length).trim() === '') throw new Error('paper balance: ends with a comma');
    rest = rest.slice(m[0].length);
  }
  return entries;
}

const paperStart = object({
  /** ms since epoch */
  at: pipe(number(), finite()),
  balances: array(object({ symbol: string(), mint: string(), amount: pipe(string(), digits()) })),
  /** their value in USD at the prices of that moment */
  usd: pipe(number(), finite()),
});
export type PaperStart = InferOutput<typeof paperStart>;

/**
 * Opens the paper account of `address` in the paper simulator once: the starting balances, and
 * their value at this moment kept for the P&L. Returns whether it was opened now.
 */
export async function openPaperAccount(
  stateDir: string,
  sim: PaperSim,
  address: string,
  balances: readonly PaperBalance[] = parsePaperBalance(DEFAULT_PAPER_BALANCE),
): Promise<boolean> {
  if (sim.isFunded(address)) return false;
  for (const b of balances) sim.fund(address, b.mint, b.amount);
  const usd = balances.reduce((sum, b) => sum + sim.usdValue(b.mint, b.amount), 0);
  await savePaperStart(stateDir, {
    at: Date.now(),
    usd,
    balances: balances.map((b) => ({ symbol: b.symbol, mint: b.mint, amount: b.amount.toString() })),
  });
  return true;
}

/** What opening an account needs of the simulator. */
export interface PaperSim {
  isFunded(address: string): boolean;
  fund(address: string, mint: string, amount: bigint): void;
  usdValue(mint: string, amount: bigint): number;
}

/** The paper key's address (the key is made in the state directory the first time). */
export async function paperAddress(stateDir: string): Promise<string> {
  return (await import('./demo.js')).stateKeyAddress(stateDir, PAPER_KEY_FILE);
}

/** The account's start, or undefined when there is none or it cannot be read as one (then no P&L is shown). */
export async function loadPaperStart(stateDir: string): Promise<PaperStart | undefined> {
  try {
    return await loadStateFile(join(stateDir, PAPER_START_FILE), paperStart);
  } catch {
    return undefined;
  }
}

export function savePaperStart(stateDir: string, start: PaperStart): Promise<void> {
  return writeStateFile(stateDir, PAPER_START_FILE, `${JSON.stringify(start)}\n`);
}

/** `tradedeck paper reset`: removes the paper key, state and start; returns the paths removed. */
export async function resetPaper(stateDir: string): Promise<string[]> {
  const ours = new Set([PAPER_KEY_FILE, PAPER_START_FILE, PAPER_STATE_FILE, `${PAPER_STATE_FILE}.unusable`]);
  return (await import('./demo.js')).removeStateFiles(stateDir, (n) => ours.has(n));
}
