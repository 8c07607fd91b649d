// The Portfolio screen as lines of text fitted to the width: the fixed head (net worth, change
// since opened, whose address, fetcher warnings) and the scrolled body (allocation bar chart,
// platforms with their elements, wallet balances over RPC, spot P&L from the journal).
import { plural } from '../../src/format.js';
import { fromBaseUnits } from '../../src/amount.js';
import type { Portfolio } from '../../src/api/types.js';
import { formatAmount, formatPercent } from '../../src/format.js';
import {
  buildPortfolioView,
  formatTokenPrice,
  formatValue,
  MISSING,
  printable,
  signedUsd,
  type ElementView,
  type PortfolioView,
  type TokenNames,
} from '../../src/portfolio/model.js';
import type { SpotPnl } from '../../src/portfolio/pnl.js';
import type { PortfolioSort, WalletBalance } from '../../src/store/portfolio.js';
import { padCell, textWidth } from '../../components/text.js';

export type Tone = 'warn' | 'up' | 'down' | 'dim' | 'accent' | 'bold';

export interface Line {
  text: string;
  tone?: Tone;
}

export interface TokenFacts {
  symbol?: string;
  decimals?: number;
  /** USD price from the token catalog */
  price?: number | null;
  /** USD price from the positions response's tokenInfo (used when the catalog has none) */
  fallbackPrice?: number | null;
}

export type Lookup = (mint: string) => TokenFacts;

const fit = (text: string, width: number) => padCell(text, Math.max(1, width));
/**
 * A line of the body, fitted to the width when it is first read: with hundreds of positions the
 * body runs to thousands of lines, of which a screen shows twenty, and a sort or a price refresh
 * builds it again. `text` may be a function: the line is then not even made until it is shown.
 */
const line = (text: string | (() => string), width: number, tone?: Tone): Line => {
  let fitted: string | undefined;
  return {
    get text() {
      return (fitted ??= fit(typeof text === 'function' ? text() : text, width));
    },
    tone,
  };
};

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A horizontal bar of `share` (0..1) in `width` cells of block characters, padded with spaces. */
export function bar(share: number, width: number): string {
  const s = Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0));
  const eighths = Math.round(s * width * 8);
  const full = Math.floor(eighths / 8);
  const text = '█'.repeat(full) + EIGHTHS[eighths % 8];
  return text + ' '.repeat(Math.max(0, width - textWidth(text)));
}

/**
 * A response field's path in words: "data.healthRatio" -> "health ratio", "data.rewards[0].apr"
 * -> "rewards 1 apr" (a person reads the label, not the JSON path).
 */
export function fieldLabel(path: string): string {
  // a label already in words (a yield named by its token) stays as it is
  if (/\s/.test(path)) return path;
  return path
    .replace(/^data\./, '')
    .replace(/\[(\d+)\]/g, (_, i: string) => ` ${Number(i) + 1}`)
    .replace(/\./g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)
    .replace(/\s+/g, ' ')
    .trim();
}

/** "▲ +$1.23 (+0.10%)" */
export function changeText(now: number, then: number | null | undefined): string {
  if (then === null || then === undefined) return MISSING;
  const d = now - then;
  const p = then !== 0 ? (d / Math.abs(then)) * 100 : 0;
  if (Math.abs(d) < 0.005) return '= $0.00 (0.00%)';
  return `${d > 0 ? '▲' : '▼'} ${signedUsd(d)} (${d > 0 ? '+' : ''}${formatPercent(p)})`;
}

export interface HeadInput {
  view: PortfolioView | null;
  address: string | null;
  watching: boolean;
  baseline: { netWorth: number; at: number } | null;
  platforms: readonly string[];
  sort: PortfolioSort;
  reverse: boolean;
  clock: (ms: number) => string;
  loading: boolean;
  /** paper mode, the paper wallet's own view: what the account started with (USD then) */
  paperStart?: { usd: number; at: number };
}

export function headLines(h: HeadInput, width: number): Line[] {
  const out: Line[] = [];
  if (!h.address) return out;
  const v = h.view;
  const worth = v ? formatValue(v.netWorth) : h.loading ? 'loading…' : MISSING;
  const change =
    v && h.baseline ? `${changeText(v.netWorth, h.baseline.netWorth)} since first seen ${h.clock(h.baseline.at)}` : '';
  out.push(line(`Net worth ${worth}   ${change}`, width, 'bold'));
  if (v && h.paperStart)
    out.push(
      line(
        `Paper P&L ${changeText(v.netWorth, h.paperStart.usd)} against the start, ${formatValue(h.paperStart.usd)} on ${new Date(h.paperStart.at).toISOString().slice(0, 10)}`,
        width,
        'accent',
      ),
    );
  const who = h.watching
    ? `Watching ${printable(h.address, 60)} (Esc: your own)`
    : `Wallet ${printable(h.address, 60)}`;
  const filter = h.platforms.length ? `  f: ${h.platforms.join(',')}` : '';
  out.push(line(`${who}${filter}  sort ${h.sort}${h.reverse ? ' ▲' : ''}`, width, 'dim'));
  for (const f of v?.failed ?? []) {
    out.push(
      line(
        `⚠ ${f.platform} ${f.status} after ${f.duration === null ? MISSING : `${Math.round(f.duration)} ms`}: positions may be missing`,
        width,
        'warn',
      ),
    );
  }
  return out;
}

/** The allocation chart: one line per platform, name, bar, share and value. */
export function chartLines(v: PortfolioView, width: number): Line[] {
  if (v.platforms.length === 0) return [];
  const nameW = Math.min(14, Math.max(6, ...v.platforms.map((p) => textWidth(p.name))));
  const tail = 8 + 14; // " 100.0%" and " $1,234,567.89"
  const barW = Math.max(4, width - 1 - nameW - 1 - tail);
  const out: Line[] = [line('Allocation by platform', width, 'accent')];
  for (const p of v.platforms) {
    const share = `${(p.share * 100).toFixed(1)}%`.padStart(7);
    out.push(
      line(
        ` ${padCell(p.name, nameW)} ${bar(p.share, barW)}${share} ${padCell(formatValue(p.value), 13, 'right')}`,
        width,
      ),
    );
  }
  return out;
}

function tableLines(t: ElementView['tables'][number], indent: number, width: number): Line[] {
  const pad = ' '.repeat(indent);
  const out: Line[] = [];
  if (t.caption) out.push(line(`${pad}${t.caption}`, width, 'dim'));
  const cells = (row: string[]) => t.columns.map((c, i) => padCell(row[i] ?? MISSING, c.width, c.align)).join(' ');
  if (t.rows.length === 0) {
    out.push(line(`${pad}(none)`, width, 'dim'));
    return out;
  }
  out.push(line(() => `${pad}${cells(t.columns.map((c) => c.title))}`, width, 'dim'));
  for (const r of t.rows) out.push(line(() => `${pad}${cells(r)}`, width));
  return out;
}

export function elementLines(e: ElementView, width: number): Line[] {
  const kind = e.known ?? `unknown type "${e.type}"`;
  const out: Line[] = [line(() => `  ${e.title} [${kind}]  ${formatValue(e.value)}`, width, 'bold')];
  for (const t of e.tables) out.push(...tableLines(t, 4, width));
  for (const f of e.fields)
    out.push(line(() => `    ${fieldLabel(f.key)}: ${f.value}`, width, e.known ? 'dim' : undefined));
  return out;
}

export function positionLines(v: PortfolioView, width: number): Line[] {
  const out: Line[] = [];
  for (const p of v.platforms) {
    out.push(line('', width));
    out.push(line(`▸ ${p.name} (${p.id})  ${formatValue(p.value)}  ${(p.share * 100).toFixed(1)}%`, width, 'accent'));
    for (const e of p.elements) out.push(...elementLines(e, width));
  }
  return out;
}

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
  const cols = [10, 16, 12, 14];
  const cells = (r: string[]) => r.map((c, i) => padCell(c, cols[i], i === 0 ? 'left' : 'right')).join(' ');
  out.push(line(`  ${cells(['Token', 'Amount', 'Price', 'Value'])}`, width, 'dim'));
  for (const r of rows) out.push(line(`  ${cells(r.cells)}`, width));
  out.push(line(`  ${cells(['Total', '', '', formatValue(total)])}`, width, 'bold'));
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
    return [...out, line('  No swaps recorded by tradedeck yet: only its own trades count here.', width, 'dim')];
  const cols = [10, 14, 12, 12, 14];
  const cells = (r: string[]) => r.map((c, i) => padCell(c, cols[i], i === 0 ? 'left' : 'right')).join(' ');
  out.push(line(`  ${cells(['Token', 'Units', 'Avg cost', 'Price', 'Unrealized'])}`, width, 'dim'));
  for (const t of pnl.tokens) {
    const f = lookup(t.mint);
    const tone: Tone | undefined =
      t.unrealized === null || Math.abs(t.unrealized) < 0.005 ? undefined : t.unrealized > 0 ? 'up' : 'down';
    out.push(
      line(
        `  ${cells([symbolOr(t.mint, f), formatAmount(t.units), formatTokenPrice(t.avgCost), formatTokenPrice(t.price), signedUsd(t.unrealized)])}`,
        width,
        tone,
      ),
    );
    if (t.unpricedUnits > 0)
      out.push(
        line(
          `    (${formatAmount(t.unpricedUnits)} more bought with holdings of unknown cost: left out)`,
          width,
          'dim',
        ),
      );
  }
  out.push(line(`  ${cells(['Total', '', '', '', signedUsd(pnl.totalUnrealized)])}`, width, 'bold'));
  return out;
}

export interface BodyInput {
  portfolio: Partial<Portfolio> | undefined;
  names: TokenNames;
  sort: PortfolioSort;
  reverse: boolean;
  balances: { items: WalletBalance[]; error?: string } | null | undefined;
  pnl: SpotPnl | null | undefined;
  lookup: Lookup;
  date: (ms: number) => string;
  /** balances and P&L are the wallet's own: left out while watching another address */
  own: boolean;
}

/** The model of a response (exported for tests of recorded bodies). */
export function portfolioView(
  p: Partial<Portfolio> | undefined,
  names: TokenNames,
  sort: PortfolioSort,
  reverse = false,
): PortfolioView {
  return buildPortfolioView(p, { names, sort, reverse });
}

export function bodyLines(b: BodyInput, view: PortfolioView | null, width: number): Line[] {
  const out: Line[] = [];
  if (view) {
    out.push(...chartLines(view, width));
    if (view.platforms.length === 0)
      out.push(
        line(
          'No positions for this address' + (view.failed.length ? ' (some fetchers failed, see above).' : '.'),
          width,
          'dim',
        ),
      );
    out.push(...positionLines(view, width));
  }
  if (b.own && b.balances !== undefined) out.push(...balanceLines(b.balances, b.lookup, width));
  if (b.own && b.pnl !== undefined) out.push(...pnlLines(b.pnl, b.lookup, width, b.date));
  return out;
}
