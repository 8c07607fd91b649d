// The Portfolio screen's wallet part, under the positions: the wallet's balances read over RPC,
// valued at the token catalog's prices, its open standing orders, and the spot P&L of what
// tradedeck recorded. Left out
// while another address is watched; made again when its own data changes, not with the positions.
import { fromBaseUnits } from '../../src/text/amount.js';
import { formatAmount, plural } from '../../src/text/format.js';
import { formatTokenPrice, formatValue, MISSING, printable, signedUsd } from '../../src/portfolio/model.js';
import type { SpotPnl } from '../../src/portfolio/pnl.js';
import type { WalletBalance } from '../../src/portfolio/store.js';
import { gridLines, line, type Line, type Lookup, type TokenFacts, type Tone } from './lines.js';
import type { StandingOrder } from '../../src/orders/standing/terms.js';
import { amountWords, conditionShort, kindLabel, pairTokens, symbolOf } from '../../src/orders/standing/words.js';
import { untilText } from '../../src/text/duration.js';

function price(f: TokenFacts): { value: number | null; marked: boolean } {
  if (typeof f.price === 'number') return { value: f.price, marked: false };
  if (typeof f.fallbackPrice === 'number') return { value: f.fallbackPrice, marked: true };
  return { value: null, marked: false };
}

const symbolOr = (mint: string, f: TokenFacts) =>
  f.symbol ? printable(f.symbol, 12) : `${mint.slice(0, 4)}…${mint.slice(-4)}`;

export function balanceLines(
  b: { items: WalletBalance[]; error?: string } | null,
  lookup: Lookup,
  width: number,
): Line[] {
  const out: Line[] = [
    line('', width),
    line('Wallet balances (RPC), valued at the token catalog price', width, 'accent'),
  ];
  if (!b) return [...out, line('  loading…', width, 'dim')];
  if (b.error) out.push(line(`  ⚠ ${printable(b.error, 200)}`, width, 'warn'));
  let total = 0;
  let marked = false;
  const rows = b.items.map((it) => {
    const f = lookup(it.mint);
    const amount = f.decimals === undefined ? null : Number(fromBaseUnits(it.raw, f.decimals, { group: false }));
    const p = price(f);
    marked ||= p.marked;
    const value = amount !== null && p.value !== null ? amount * p.value : null;
    total += value ?? 0;
    return {
      cells: [
        symbolOr(it.mint, f),
        amount === null ? `${it.raw} raw` : formatAmount(amount),
        p.value === null ? MISSING : formatTokenPrice(p.value) + (p.marked ? '*' : ''),
        formatValue(value),
      ],
      value: value ?? -1,
    };
  });
  rows.sort((a, b2) => b2.value - a.value);
  const cells = [...rows.map((r) => r.cells), ['Total', '', '', formatValue(total)]];
  const grid = gridLines(
    ['Token', 'Amount', 'Price', 'Value'],
    cells,
    [10, 16, 12, 14],
    ['left', 'right', 'right', 'right'],
    width - 2,
  );
  for (const h of grid.head) out.push(line(`  ${h}`, width, 'dim'));
  cells.forEach((r, i) => {
    for (const l of grid.row(r)) out.push(line(`  ${l}`, width, i === rows.length ? 'bold' : undefined));
  });
  if (marked) out.push(line('  * not in the token catalog: price from the positions response', width, 'dim'));
  return out;
}

export function pnlLines(pnl: SpotPnl | null, lookup: Lookup, width: number, date: (ms: number) => string): Line[] {
  const head =
    pnl && pnl.since !== null
      ? ` (${plural(pnl.swaps, 'swap or fill', 'swaps and fills')} since ${date(pnl.since)})`
      : '';
  const out: Line[] = [line('', width), line(`Spot P&L since tradedeck recorded${head}`, width, 'accent')];
  if (!pnl) return [...out, line('  loading the journal…', width, 'dim')];
  if (pnl.tokens.length === 0)
    return [
      ...out,
      pnl.swaps === 0
        ? line('  No swaps recorded by tradedeck yet: only its own trades count here.', width, 'dim')
        : line('  Nothing bought is held now (sold again, or USDC/USDT): no P&L to show.', width, 'dim'),
    ];
  const cells = [
    ...pnl.tokens.map((t) => [
      symbolOr(t.mint, lookup(t.mint)),
      formatAmount(t.units),
      formatTokenPrice(t.avgCost),
      formatTokenPrice(t.price),
      signedUsd(t.unrealized),
    ]),
    ['Total', '', '', '', signedUsd(pnl.totalUnrealized)],
  ];
  const grid = gridLines(
    ['Token', 'Units', 'Avg cost', 'Price', 'Unrealized'],
    cells,
    [10, 14, 12, 12, 14],
    ['left', 'right', 'right', 'right', 'right'],
    width - 2,
  );
  for (const h of grid.head) out.push(line(`  ${h}`, width, 'dim'));
  pnl.tokens.forEach((t, i) => {
    const tone: Tone | undefined =
      t.unrealized === null || Math.abs(t.unrealized) < 0.005 ? undefined : t.unrealized > 0 ? 'up' : 'down';
    // cells has a row per token, then the total's
    for (const l of grid.row(cells[i]!)) out.push(line(`  ${l}`, width, tone));
    if (t.unpricedUnits > 0)
      out.push(
        line(
          `    (${formatAmount(t.unpricedUnits)} more bought with holdings of unknown cost: left out)`,
          width,
          'dim',
        ),
      );
  });
  for (const l of grid.row(cells[pnl.tokens.length]!)) out.push(line(`  ${l}`, width, 'bold'));
  return out;
}

/**
 * The wallet's open standing orders: kept in the state directory and fired by tradedeck itself,
 * so nothing of the wallet is held for them (unlike a limit order's escrow among the positions).
 */
export function standingLines(orders: readonly StandingOrder[], width: number, now: number): Line[] {
  if (orders.length === 0) return [];
  const out: Line[] = [
    line('', width),
    line(`Standing orders (${orders.length}): in your wallet, fired by tradedeck while it runs`, width, 'accent'),
  ];
  for (const o of orders) {
    const t = o.terms;
    out.push(
      line(
        () =>
          `  ${kindLabel(t).padEnd(6)} ${amountWords(t.amount, t.sell)} · ${symbolOf(pairTokens(t).base)} ${conditionShort(t, o.status)} · ${o.status.state === 'firing' ? 'firing now' : `expires ${countdownText(t.expiresAt - now)}`} · ${t.id}`,
        width,
      ),
    );
  }
  return out;
}

const countdownText = (ms: number) => (ms > 0 ? `in ${untilText(ms)}` : 'its end');

/** The wallet's own part of the body: its balances over RPC and the spot P&L of what tradedeck recorded. */
export interface WalletInput {
  balances: { items: WalletBalance[]; error?: string } | null;
  pnl: SpotPnl | null;
  lookup: Lookup;
  date: (ms: number) => string;
  /** its open standing orders (none when absent) */
  standing?: readonly StandingOrder[];
  now?: number;
}

/** The wallet's balances, open standing orders and spot P&L, under the positions (left out while watching another address). */
export function walletBody(w: WalletInput, width: number): Line[] {
  return [
    ...balanceLines(w.balances, w.lookup, width),
    ...standingLines(w.standing ?? [], width, w.now ?? Date.now()),
    ...pnlLines(w.pnl, w.lookup, width, w.date),
  ];
}
