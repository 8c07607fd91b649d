// What the Portfolio module and its Component share: the screen id, the interval, which address
// is shown, and the platforms filter's parsing.
import type { Services } from '../../src/services/index.js';
import type { PortfolioState } from '../../src/portfolio/store.js';
import { CommandError } from '../shared/commandArgs.js';

export const PORTFOLIO_SCREEN = 'portfolio';
/** 2 requests a minute for positions, 2 RPC reads for balances: far under 60 a minute. */
export const PORTFOLIO_INTERVAL_MS = 30_000;

/** The address the screen shows: a watched one, else the wallet's; undefined with neither. */
export function shownAddress(s: Pick<PortfolioState, 'watch'>, services: Pick<Services, 'wallet'>): string | undefined {
  return s.watch ?? services.wallet?.address ?? undefined;
}

export interface PositionsParams {
  address: string;
  platforms: string[];
}

/** Splits "raydium, drift" into ids; throws naming the bad one. */
export function parsePlatforms(text: string): string[] {
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of ids)
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(id))
      throw new CommandError(`platform id "${id}" may hold only letters, digits, '-', '_' and '.'`);
  return [...new Set(ids)];
}
