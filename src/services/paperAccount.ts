// Paper trading's account: opened with its starting balances (`--paper-balance 10 SOL,1000 USDC`,
// read by src/config/paperBalance.ts), its key and its simulator state in the state directory, and `tradedeck paper reset`. The market it trades
// in follows the configured service, reading only (src/sim/groups/paper-market.ts).
import { join } from 'node:path';
import { array, digits, finite, number, object, pipe, string, type InferOutput } from 'valibot';
import { loadStateFile, writeStateFile } from '../state/file.js';
import { DEFAULT_PAPER_BALANCE, parsePaperBalance, type PaperBalance } from '../config/paperBalance.js';

export const PAPER_KEY_FILE = 'paper-key.json';
export const PAPER_STATE_FILE = 'paper-sim.json';
/** the starting balances and their USD value when the account was opened, for the P&L */
export const PAPER_START_FILE = 'paper-start.json';

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
  return (await import('./demoAccount.js')).stateKeyAddress(stateDir, PAPER_KEY_FILE);
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
  return (await import('./demoAccount.js')).removeStateFiles(stateDir, (n) => ours.has(n));
}
