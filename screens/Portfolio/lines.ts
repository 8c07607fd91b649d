// The Portfolio screen as lines of text fitted to the width: the fixed head (net worth, change
// since opened, whose address, fetcher warnings) and the positions of the scrolled body
// (allocation bar chart, platforms with their elements); the wallet's balances and spot P&L under
// them are in walletLines.ts. The line and grid helpers both use are here.
import type { Portfolio } from '../../src/api/types.js';
import { formatPercent } from '../../src/text/format.js';
import {
  buildPortfolioView,
  formatValue,
  MISSING,
  printable,
  signedUsd,
  type ElementView,
  type PortfolioView,
  type TokenNames,
} from '../../src/portfolio/model.js';
import type { PortfolioSort } from '../../src/portfolio/store.js';
import { padCell, textWidth } from '../../components/base/text.js';

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
export const line = (text: string | (() => string), width: number, tone?: Tone): Line => {
  let fitted: string | undefined;
  return {
    get text() {
      return (fitted ??= fit(typeof text === 'function' ? text() : text, width));
    },
    tone,
  };
};

/**
 * Cells in columns as wide as their widest cell (`least` at least), so that no amount, price or
 * symbol is cut; when the columns are wider together than `room`, each row (and the header) goes
 * on as many lines as it needs, the columns that did not fit on the next. A row's lines are made
 * by `row` (lines are made when they are first shown).
 */
export function gridLines(
  head: string[],
  rows: string[][],
  least: number[],
  align: ReadonlyArray<'left' | 'right'>,
  room: number,
): { head: string[]; lines: number; row: (r: string[]) => string[] } {
  const widths = least.map((w, i) => [head, ...rows].reduce((m, r) => Math.max(m, textWidth(r[i] ?? '')), w));
  const groups: number[][] = [];
  let used = room;
  widths.forEach((w, i) => {
    if (groups.length > 0 && used + 1 + w <= room) {
      groups[groups.length - 1]!.push(i);
      used += 1 + w;
    } else {
      groups.push([i]);
      used = w;
    }
  });
  const render = (r: string[]) =>
    groups.map((g) =>
      g
        // the groups hold indices of widths
        .map((i) => padCell(r[i] ?? MISSING, widths[i]!, align[i]))
        .join(' ')
        .trimEnd(),
    );
  return { head: render(head), lines: groups.length, row: render };
}

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
  // the value is never cut: as wide as the widest ("$1,234,567.89" at least)
  const valueW = Math.max(13, ...v.platforms.map((p) => textWidth(formatValue(p.value))));
  const tail = 8 + 1 + valueW; // " 100.00%" and " $1,234,567.89"
  const barW = Math.max(4, width - 1 - nameW - 1 - tail);
  const out: Line[] = [line('Allocation by platform', width, 'accent')];
  for (const p of v.platforms) {
    const share = formatPercent(p.share * 100).padStart(8);
    out.push(
      line(
        ` ${padCell(p.name, nameW)} ${bar(p.share, barW)}${share} ${padCell(formatValue(p.value), valueW, 'right')}`,
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
  if (t.rows.length === 0) {
    out.push(line(`${pad}(none)`, width, 'dim'));
    return out;
  }
  const grid = gridLines(
    t.columns.map((c) => c.title),
    t.rows,
    t.columns.map((c) => c.width),
    t.columns.map((c) => c.align),
    width - indent,
  );
  for (const h of grid.head) out.push(line(`${pad}${h}`, width, 'dim'));
  for (const r of t.rows) for (let k = 0; k < grid.lines; k++) out.push(line(() => `${pad}${grid.row(r)[k]}`, width));
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

/**
 * An element's lines, made once for its view and the width: the model keeps an element's view
 * across a sort, so a sort of hundreds of positions only puts their lines in the new order
 * (measuring every cell of every table again took a sort key most of its time).
 */
const keptLines = new WeakMap<ElementView, { width: number; lines: Line[] }>();

function elementLinesKept(e: ElementView, width: number): Line[] {
  const kept = keptLines.get(e);
  if (kept && kept.width === width) return kept.lines;
  const lines = elementLines(e, width);
  keptLines.set(e, { width, lines });
  return lines;
}

export function positionLines(v: PortfolioView, width: number): Line[] {
  const out: Line[] = [];
  for (const p of v.platforms) {
    out.push(line('', width));
    out.push(line(`▸ ${p.name} (${p.id})  ${formatValue(p.value)}  ${formatPercent(p.share * 100)}`, width, 'accent'));
    for (const e of p.elements) for (const l of elementLinesKept(e, width)) out.push(l);
  }
  return out;
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

/** The positions: the allocation chart and each platform's elements. */
export function positionsBody(view: PortfolioView | null, width: number): Line[] {
  if (!view) return [];
  const out: Line[] = [...chartLines(view, width)];
  if (view.platforms.length === 0)
    out.push(
      line(
        'No positions for this address' + (view.failed.length ? ' (some fetchers failed, see above).' : '.'),
        width,
        'dim',
      ),
    );
  out.push(...positionLines(view, width));
  return out;
}
