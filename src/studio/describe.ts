// The curve in words for the confirm dialog: where the market cap starts and where the pool
// migrates (in the quote token and in USD at the catalog's price), the vesting schedule relative
// to migration, the fees, the LP lock. Pure.
import { formatPercent, formatPrice } from '../text/format.js';
import type { ConfirmLine } from '../store/confirm.js';
import type { CheckedCurve, QuoteToken, Vesting } from './validate.js';
import { durationWords } from '../text/duration.js';

const num = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** "16,000 USDC ($16,000.00)"; the USD part is "—" when the catalog has no price. */
export function capText(cap: number, quote: QuoteToken): string {
  const price = quote.usdPrice;
  const usd = typeof price === 'number' && Number.isFinite(price) ? `$${formatPrice(cap * price)}` : '$—';
  return `${num(cap)} ${quote.symbol} (${usd})`;
}

export function vestingWords(v: Vesting): string {
  if (v.totalLockedVestingAmount === 0) return 'none: no tokens are locked';
  const at = (s: number) => (s === 0 ? 'at migration' : `at migration + ${durationWords(s)}`);
  const rest = v.totalLockedVestingAmount - v.cliffUnlockAmount;
  const parts = [`${num(v.totalLockedVestingAmount)} tokens locked`];
  if (v.cliffUnlockAmount > 0) parts.push(`${num(v.cliffUnlockAmount)} unlock ${at(v.cliffDurationFromMigrationTime)}`);
  if (rest > 0) {
    const end = v.cliffDurationFromMigrationTime + v.totalVestingDuration;
    parts.push(
      `${num(rest)} in ${v.numberOfVestingPeriod} part${v.numberOfVestingPeriod === 1 ? '' : 's'} from ${at(v.cliffDurationFromMigrationTime).replace(/^at /, '')} to migration + ${durationWords(end)}`,
    );
  }
  return parts.join('; ');
}

export function feeWords(feeBps: number): string {
  return `${formatPercent(feeBps / 100)} of every trade on the curve (${feeBps} bps); your creator share is claimed later (c, or studio claim)`;
}

export function curveLines(c: CheckedCurve): ConfirmLine[] {
  const ratio = c.migrationMarketCap / c.initialMarketCap;
  return [
    { label: 'Starts at', value: `${capText(c.initialMarketCap, c.quote)} market cap` },
    {
      label: 'Migrates at',
      value: `${capText(c.migrationMarketCap, c.quote)} (×${ratio.toFixed(2)}), then to an AMM pool`,
    },
    { label: 'Vesting', value: vestingWords(c.vesting) },
    { label: 'Fees', value: feeWords(c.feeBps) },
    c.isLpLocked
      ? { label: 'LP', value: 'locked after migration' }
      : { label: 'LP', value: 'NOT locked: the liquidity can be withdrawn after migration', emphasis: 'warn' },
    { label: 'Anti-sniping', value: c.antiSniping ? 'on' : 'off' },
  ];
}
