// The Orders tables' rows: limit (trigger) and DCA (recurring) orders turned into display text.
// Amounts stay bigint until formatted; text from the service is made printable; a value that is
// missing shows as "—".
import { fromBaseUnits } from '../../src/text/amount.js';
import type { RecurringOrder, TriggerOrder } from '../../src/api/types.js';
import { tokenOf, type AnyOrder } from '../../src/actions/orderFlow.js';
import { pairOf } from '../../src/actions/orderRequest.js';
import { formatPercent, formatPrice, MISSING, serviceTime } from '../../src/text/format.js';
import type { Services } from '../../src/services/index.js';
import type { LegacyRecurringOrder, ListSnapshot, OrdersTab, OrdersView } from '../../src/orders/store.js';
import { sanitize } from '../../src/text/sanitize.js';
import { filledFraction } from '../../src/actions/orderChanges.js';
import { formatAge, untilText } from '../../src/text/duration.js';

/** Text from the service made safe to draw on one line. */
export function printable(text: unknown, max = 200): string {
  if (text === null || text === undefined || text === '') return MISSING;
  return sanitize(text).slice(0, max);
}

type Catalog = Pick<Services, 'catalog'>;

export interface TokenView {
  mint: string;
  symbol: string;
  decimals: number;
  known: boolean;
  usdPrice?: number | null;
}

export function tokenView(s: Catalog, mint: unknown): TokenView {
  const m = typeof mint === 'string' ? mint : '';
  const t = tokenOf(s, m);
  return { mint: m, symbol: printable(t.symbol, 12), decimals: t.decimals, known: t.known, usdPrice: t.usdPrice };
}

function rawOf(v: unknown): bigint | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  return typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : undefined;
}

/** Base units as "1.5 SOL"; the service's decimal text when the token's decimals are unknown. */
export function amountOf(raw: unknown, decimalText: unknown, t: TokenView, maxFraction = 6): string {
  const r = rawOf(raw);
  if (r !== undefined && t.known)
    return `${fromBaseUnits(r, t.decimals, { maxFraction: Math.min(t.decimals, maxFraction) })} ${t.symbol}`;
  if (typeof decimalText === 'string' && decimalText !== '') return `${printable(decimalText, 24)} ${t.symbol}`;
  return MISSING;
}

function units(raw: unknown, t: TokenView): number | undefined {
  const r = rawOf(raw);
  if (r === undefined || !t.known) return undefined;
  return Number(r) / 10 ** t.decimals;
}

function timeOf(iso: unknown): number | undefined {
  if (typeof iso !== 'string') return undefined;
  const t = serviceTime(iso);
  return Number.isFinite(t) ? t : undefined;
}

/** "in 3h", "in 6d 23h", "2m ago", "—" (time left rounded to its last unit, so a new 7-day expiry reads "in 7d") */
export function countdown(at: number | undefined, now: number): string {
  if (at === undefined) return MISSING;
  return at >= now ? `in ${untilText(at - now)}` : `${formatAge(now - at)} ago`;
}

/** When the next DCA cycle runs: "in 59m", or "due" once its time has come (the keeper runs it shortly). */
export function nextCycleText(at: number | undefined, now: number): string {
  if (at === undefined) return MISSING;
  return at > now ? `in ${untilText(at - now)}` : 'due';
}

export interface LimitRow {
  kind: 'limit';
  key: string;
  order: TriggerOrder;
  pair: string;
  side: string;
  sell: string;
  buy: string;
  price: string;
  filledPct?: number;
  filled: string;
  market: string;
  marketPct?: number;
  expiry: string;
  status: string;
  age: string;
  /** the order in one sentence, both amounts and the price both ways, under the table for the
   * selected row (a column too narrow for its amount drops out of the table rather than cut it) */
  summary: string;
}

export interface DcaRow {
  kind: 'dca' | 'legacy';
  key: string;
  order: RecurringOrder | LegacyRecurringOrder;
  pair: string;
  each: string;
  /** the interval between two orders, compact ("1h", "1d 12h") */
  every: string;
  cycles: string;
  used: string;
  received: string;
  avg: string;
  next: string;
  status: string;
  age: string;
  /** the order in one sentence, every amount whole, under the table for the selected row */
  summary: string;
}

export type OrderRow = LimitRow | DcaRow;

const STABLES = new Set(['USDC', 'USDT', 'USDS', 'PYUSD']);

/** Filled share from the remaining amounts: 1 - remaining / making. */
export function limitRow(s: Catalog, o: TriggerOrder, now: number, flipped: boolean): LimitRow {
  const input = tokenView(s, o.inputMint);
  const output = tokenView(s, o.outputMint);
  const made = units(o.rawMakingAmount, input);
  const taken = units(o.rawTakingAmount, output);
  const price = made && taken !== undefined ? taken / made : undefined;
  // said as a trader says it: the pair's quote asset per one of the other token (p flips it)
  const pair = pairOf(
    { id: input.mint, symbol: input.symbol, name: '', decimals: input.decimals },
    { id: output.mint, symbol: output.symbol, name: '', decimals: output.decimals },
  );
  const perInput = pair ? pair.base.id === input.mint : true;
  const shown = perInput !== flipped ? price : price ? 1 / price : undefined;
  const [base, quote] = perInput !== flipped ? [input, output] : [output, input];
  // in exchange notation, as a price is typed: SOL/USDC 160.00 is 1 SOL for 160 USDC
  const pairText = `${base.symbol}/${quote.symbol}`;
  const market =
    input.usdPrice && output.usdPrice && input.usdPrice > 0 && output.usdPrice > 0
      ? input.usdPrice / output.usdPrice
      : undefined;
  const marketPct = price !== undefined && market !== undefined ? (price / market - 1) * 100 : undefined;
  const fraction = filledFraction(o);
  const status = printable(o.status, 12);
  // an expiry is a countdown only while the order is open: a closed one says how it ended instead
  const open = /^open/i.test(status);
  const expiry =
    o.expiredAt === null || o.expiredAt === undefined
      ? open
        ? 'no expiry'
        : MISSING
      : open
        ? countdown(timeOf(o.expiredAt), now)
        : /expired/i.test(status)
          ? 'expired'
          : MISSING;
  const sell = amountOf(o.rawMakingAmount, o.makingAmount, input, 4);
  const buy = amountOf(o.rawTakingAmount, o.takingAmount, output, 4);
  const both = shown
    ? ` · 1 ${base.symbol} = ${formatPrice(shown)} ${quote.symbol} · 1 ${quote.symbol} = ${formatPrice(1 / shown)} ${base.symbol}`
    : '';
  return {
    kind: 'limit',
    key: printable(o.orderKey, 64),
    order: o,
    pair: `${input.symbol}→${output.symbol}`,
    side: STABLES.has(output.symbol) ? 'sell' : STABLES.has(input.symbol) ? 'buy' : 'swap',
    sell,
    buy,
    price: shown === undefined ? MISSING : `${pairText} ${formatPrice(shown)}`,
    filledPct: fraction,
    filled: fraction === undefined ? MISSING : `${(fraction * 100).toFixed(fraction > 0 && fraction < 0.1 ? 1 : 0)}%`,
    // the same percent as the dialog's "From market": grouped, two decimals, signed
    market: marketPct === undefined ? MISSING : formatPercent(marketPct, { signed: true }),
    marketPct,
    expiry,
    status: status === 'Open' && fraction !== undefined && fraction > 0 ? 'Open part' : status,
    age: countdown(timeOf(o.createdAt), now),
    // every decimal of both amounts (the columns round to 4)
    summary: `sell ${amountOf(o.rawMakingAmount, o.makingAmount, input, input.decimals)} for ${amountOf(o.rawTakingAmount, o.takingAmount, output, output.decimals)}${both}${open ? ` · ${expiry === 'no expiry' ? expiry : `expires ${expiry}`}` : ` · ${status}`}`,
  };
}

type DcaAmounts = Pick<
  RecurringOrder,
  'rawInUsed' | 'inUsed' | 'rawInDeposited' | 'inDeposited' | 'rawOutReceived' | 'outReceived'
>;

/** A DCA row's sentence, every decimal of each amount (the columns round to 4): what each cycle
 * spends, how far it is, what it has bought and at what average. */
function dcaSummary(
  r: Omit<DcaRow, 'summary'>,
  o: DcaAmounts,
  input: TokenView,
  output: TokenView,
  each?: string,
): string {
  const full = (raw: unknown, text: unknown, t: TokenView) => amountOf(raw, text, t, t.decimals);
  const used = `${full(o.rawInUsed, o.inUsed, input)} of ${full(o.rawInDeposited, o.inDeposited, input)}`;
  return `${each === undefined ? r.each : `${each} each`} · ${r.cycles} done · used ${used} · received ${full(o.rawOutReceived, o.outReceived, output)}${r.avg === MISSING ? '' : ` · avg ${r.avg}`}`;
}

export function cycleFrequencySec(o: { cycleFrequency?: unknown }): number | undefined {
  const n = typeof o.cycleFrequency === 'string' ? Number(o.cycleFrequency) : o.cycleFrequency;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Cycles done (trades) and in all (deposit / per-cycle amount). */
export function cyclesOf(o: RecurringOrder): { done: number; total?: number } {
  const dep = rawOf(o.rawInDeposited);
  const per = rawOf(o.rawInAmountPerCycle);
  const done = Array.isArray(o.trades) ? o.trades.length : 0;
  if (dep === undefined || per === undefined || per === 0n) return { done };
  return { done, total: Number((dep + per - 1n) / per) };
}

/** The next cycle: the first runs at creation, the next one interval after the last trade. */
export function nextCycleAt(o: RecurringOrder): number | undefined {
  const freq = cycleFrequencySec(o);
  const trades = Array.isArray(o.trades) ? o.trades : [];
  if (trades.length === 0) return timeOf(o.createdAt);
  if (freq === undefined) return undefined;
  const last = Math.max(...trades.map((t) => timeOf(t.confirmedAt) ?? 0));
  return last > 0 ? last + freq * 1000 : undefined;
}

export function dcaStatus(
  o: { userClosed?: unknown },
  view: OrdersView,
  cycles?: { done: number; total?: number },
): string {
  if (o.userClosed === true) return 'closed by user';
  if (view === 'history') return 'completed';
  if (cycles?.total !== undefined && cycles.done >= cycles.total) return 'completed';
  return 'active';
}

export function dcaRow(s: Catalog, o: RecurringOrder, now: number, view: OrdersView): DcaRow {
  const input = tokenView(s, o.inputMint);
  const output = tokenView(s, o.outputMint);
  const cycles = cyclesOf(o);
  const used = units(o.rawInUsed, input);
  const got = units(o.rawOutReceived, output);
  const status = dcaStatus(o, view, cycles);
  const freq = cycleFrequencySec(o);
  const row: Omit<DcaRow, 'summary'> = {
    kind: 'dca',
    key: printable(o.orderKey, 64),
    order: o,
    pair: `${input.symbol}→${output.symbol}`,
    each: amountOf(o.rawInAmountPerCycle, o.inAmountPerCycle, input, 4),
    every: freq === undefined ? MISSING : untilText(freq * 1000),
    cycles: `${cycles.done}/${cycles.total ?? MISSING}`,
    used: `${amountOf(o.rawInUsed, o.inUsed, input, 4)} of ${amountOf(o.rawInDeposited, o.inDeposited, input, 4)}`,
    received: amountOf(o.rawOutReceived, o.outReceived, output, 4),
    avg: used && got ? `${output.symbol}/${input.symbol} ${formatPrice(used / got)}` : MISSING,
    next: status === 'active' ? nextCycleText(nextCycleAt(o), now) : MISSING,
    status,
    age: countdown(timeOf(o.createdAt), now),
  };
  const each = amountOf(o.rawInAmountPerCycle, o.inAmountPerCycle, input, input.decimals);
  return { ...row, summary: dcaSummary(row, o, input, output, each) };
}

export function legacyRow(s: Catalog, o: LegacyRecurringOrder, now: number, view: OrdersView): DcaRow {
  const input = tokenView(s, o.inputMint);
  const output = tokenView(s, o.outputMint);
  const row: Omit<DcaRow, 'summary'> = {
    kind: 'legacy',
    key: printable(o.orderKey, 64),
    order: o,
    pair: `${input.symbol}→${output.symbol}`,
    each: 'price-based',
    every: MISSING,
    cycles: `${Array.isArray(o.trades) ? o.trades.length : 0}/${MISSING}`,
    used: `${amountOf(o.rawInUsed, o.inUsed, input, 4)} of ${amountOf(o.rawInDeposited, o.inDeposited, input, 4)}`,
    received: amountOf(o.rawOutReceived, o.outReceived, output, 4),
    avg: MISSING,
    next: typeof o.nextExecutionAt === 'string' ? countdown(timeOf(o.nextExecutionAt), now) : MISSING,
    status: `legacy ${dcaStatus(o as { userClosed?: unknown }, view)}`,
    age: countdown(timeOf(o.createdAt), now),
  };
  return { ...row, summary: dcaSummary(row, o as DcaAmounts, input, output) };
}

export function rowsOf(
  s: Catalog,
  tab: OrdersTab,
  view: OrdersView,
  snap: ListSnapshot | undefined,
  now: number,
  flipped: boolean,
): OrderRow[] {
  if (!snap) return [];
  if (tab === 'limit') return snap.trigger.map((o) => limitRow(s, o, now, flipped));
  return [...snap.time.map((o) => dcaRow(s, o, now, view)), ...snap.legacy.map((o) => legacyRow(s, o, now, view))];
}

export function anyOrderOf(row: OrderRow): AnyOrder {
  if (row.kind === 'limit') return { kind: 'limit', order: row.order };
  if (row.kind === 'dca') return { kind: 'dca', order: row.order as RecurringOrder };
  return { kind: 'legacy', order: row.order };
}
