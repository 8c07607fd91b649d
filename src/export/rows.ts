// Records a trader can take away: the journal's signed transactions, the fills of the orders placed
// through tradedeck and the spot P&L, as rows of plain values. Amounts are exact decimals made from
// base units (never floats, never exponent notation); times are ISO 8601 UTC. A CSV cell a
// spreadsheet would take for a formula is neutralised (toCsv).
import { fromBaseUnits } from '../text/amount.js';
import { modeOf } from '../config/config.js';
import type { JournalState } from '../journal/journal.js';
import type { Fill, SpotPnl } from '../portfolio/pnl.js';

/** What is known of a mint: its symbol and decimals (undefined: not known, amounts stay in base units). */
export interface MintInfo {
  symbol: string;
  decimals?: number;
}

export type MintLookup = (mint: string) => MintInfo;
/** A mint's symbol and the decimals this entry's amounts were written with (the entry's own, else fixed ones). */
export type EntryMintLookup = (mint: string, entry: JournalState) => MintInfo;

export interface JournalRow {
  time: string;
  action: string;
  status: string;
  /** live, demo or paper */
  mode: string;
  network: string;
  wallet: string;
  signature: string;
  sentAmount: string;
  sentSymbol: string;
  sentMint: string;
  receivedAmount: string;
  receivedSymbol: string;
  receivedMint: string;
  /** where the amounts come from: executed (the service's report of what moved), quoted, deposited (an order's escrow), or empty */
  amounts: string;
  /** received per one sent, exact to 12 decimals; empty without both amounts */
  price: string;
  description: string;
}

export const JOURNAL_COLUMNS: ReadonlyArray<keyof JournalRow> = [
  'time',
  'action',
  'status',
  'mode',
  'network',
  'wallet',
  'signature',
  'sentAmount',
  'sentSymbol',
  'sentMint',
  'receivedAmount',
  'receivedSymbol',
  'receivedMint',
  'amounts',
  'price',
  'description',
];

export interface FillRow {
  time: string;
  sentAmount: string;
  sentSymbol: string;
  sentMint: string;
  receivedAmount: string;
  receivedSymbol: string;
  receivedMint: string;
  price: string;
}

export const FILL_COLUMNS: ReadonlyArray<keyof FillRow> = [
  'time',
  'sentAmount',
  'sentSymbol',
  'sentMint',
  'receivedAmount',
  'receivedSymbol',
  'receivedMint',
  'price',
];

export interface PnlRow {
  mint: string;
  symbol: string;
  units: string;
  avgCostUsd: string;
  priceUsd: string;
  unrealizedUsd: string;
  swaps: string;
}

export const PNL_COLUMNS: ReadonlyArray<keyof PnlRow> = [
  'mint',
  'symbol',
  'units',
  'avgCostUsd',
  'priceUsd',
  'unrealizedUsd',
  'swaps',
];

const RAW = /^\d{1,30}$/;

/** An exact decimal of a raw amount, or the raw digits when the decimals are not known. */
export function decimalOf(raw: unknown, info: MintInfo): string {
  const text = typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'bigint' ? String(raw) : '';
  if (!RAW.test(text)) return '';
  return info.decimals === undefined ? text : fromBaseUnits(BigInt(text), info.decimals, { group: false });
}

/** How many `out` per one `in`, exact to `places` decimals (truncated), from raw amounts and decimals. */
export function priceOf(inRaw: unknown, inInfo: MintInfo, outRaw: unknown, outInfo: MintInfo, places = 12): string {
  const a = String(inRaw ?? '');
  const b = String(outRaw ?? '');
  if (
    !RAW.test(a) ||
    !RAW.test(b) ||
    inInfo.decimals === undefined ||
    outInfo.decimals === undefined ||
    BigInt(a) === 0n
  )
    return '';
  const scaled = (BigInt(b) * 10n ** BigInt(inInfo.decimals + places)) / (BigInt(a) * 10n ** BigInt(outInfo.decimals));
  return fromBaseUnits(scaled, places, { group: false });
}

const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : '');
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function actionName(e: JournalState): string {
  const names: Record<string, string> = {
    swap: 'swap',
    'create-limit': 'limit order',
    'create-dca': 'dca order',
    'cancel-limit': 'cancel',
    'cancel-dca': 'cancel',
    'cancel-all-limit': 'cancel all',
    'price-withdraw': 'withdraw',
    'create-pool': 'launch pool',
    'claim-fee': 'claim fees',
  };
  const group =
    e.group === 'ultra'
      ? 'order group'
      : e.group === 'swapV2'
        ? 'order group'
        : e.group === 'swap'
          ? 'swap group'
          : e.group;
  return `${names[e.action] ?? e.action} (${group})`;
}

/** "sent 12345 base units of Abcd…wxyz: its decimals are unknown", for each side whose decimals are not known. */
function unknownDecimals(side: string, raw: unknown, mint: string, info: MintInfo): string | undefined {
  if (info.decimals !== undefined || raw === undefined || !RAW.test(String(raw))) return undefined;
  return `${side} ${String(raw)} base units of ${mint}: its decimals are unknown`;
}

export function journalRows(entries: readonly JournalState[], lookup: EntryMintLookup): JournalRow[] {
  return entries.map((e) => {
    const s = e.summary ?? {};
    const inMint = str(s.inputMint);
    const outMint = str(s.outputMint);
    const inInfo = inMint ? lookup(inMint, e) : { symbol: '' };
    const outInfo = outMint ? lookup(outMint, e) : { symbol: '' };
    let sent: unknown;
    let received: unknown;
    let amounts = '';
    if (e.action === 'swap') {
      sent = e.executed?.input ?? s.inAmount;
      received = e.executed?.output ?? s.outAmount;
      amounts = e.executed?.input !== undefined || e.executed?.output !== undefined ? 'executed' : 'quoted';
    } else if (e.action === 'create-limit' || e.action === 'create-dca') {
      // an order's deposit goes into its escrow; what it buys arrives with its fills
      sent = s.makingAmount ?? s.inAmount;
      amounts = 'deposited';
    }
    const what =
      e.action === 'create-limit' && s.takingAmount !== undefined
        ? `limit: sell ${decimalOf(s.makingAmount, inInfo)} ${inInfo.symbol} for ${decimalOf(s.takingAmount, outInfo)} ${outInfo.symbol}${str(s.order) ? ` (order ${str(s.order)})` : ''}`
        : e.action === 'create-dca' && typeof s.numberOfOrders === 'number'
          ? `dca: ${decimalOf(s.inAmount, inInfo)} ${inInfo.symbol} into ${outInfo.symbol} over ${s.numberOfOrders} orders`
          : str(s.label) || str(s.order) || (str(s.pool) ? `pool ${str(s.pool)}` : '');
    const mode = modeOf(e);
    const notes = [
      unknownDecimals('sent', sent, inMint, inInfo),
      unknownDecimals('received', received, outMint, outInfo),
    ].filter((n): n is string => n !== undefined);
    // a simulated entry says so in its own words, wherever the row goes
    const description = [
      mode === 'live' ? '' : `${mode}:`,
      what || (mode === 'live' ? '' : 'simulated (not a real trade)'),
      ...notes,
    ]
      .filter(Boolean)
      .join(' ');
    return {
      time: iso(e.time),
      action: actionName(e),
      status: e.status,
      mode,
      network: e.network ?? '',
      wallet: e.wallet ?? '',
      signature: e.signature ?? '',
      sentAmount: inInfo.decimals === undefined ? '' : decimalOf(sent, inInfo),
      sentSymbol: sent !== undefined ? inInfo.symbol : '',
      sentMint: sent !== undefined ? inMint : '',
      receivedAmount: outInfo.decimals === undefined ? '' : decimalOf(received, outInfo),
      receivedSymbol: received !== undefined ? outInfo.symbol : '',
      receivedMint: received !== undefined ? outMint : '',
      amounts,
      price: received !== undefined ? priceOf(sent, inInfo, received, outInfo) : '',
      description,
    };
  });
}

export function fillRows(fills: readonly Fill[], lookup: MintLookup): FillRow[] {
  return [...fills]
    .sort((a, b) => a.time - b.time)
    .map((f) => {
      const i = lookup(f.inputMint);
      const o = lookup(f.outputMint);
      return {
        time: iso(f.time),
        sentAmount: decimalOf(f.inRaw, i),
        sentSymbol: i.symbol,
        sentMint: f.inputMint,
        receivedAmount: decimalOf(f.outRaw, o),
        receivedSymbol: o.symbol,
        receivedMint: f.outputMint,
        price: priceOf(f.inRaw, i, f.outRaw, o),
      };
    });
}

/** USD figures to cents or, below a dollar, to 8 significant digits: the P&L's own numbers, not amounts. */
function usd(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '';
  return Math.abs(v) >= 1
    ? v.toFixed(2)
    : Number(v.toPrecision(8))
        .toFixed(12)
        .replace(/\.?0+$/, '');
}

export function pnlRows(pnl: SpotPnl, lookup: MintLookup): PnlRow[] {
  return pnl.tokens.map((t) => ({
    mint: t.mint,
    symbol: lookup(t.mint).symbol,
    units: Number.isFinite(t.units)
      ? Number(t.units.toPrecision(15))
          .toFixed(12)
          .replace(/\.?0+$/, '')
      : '',
    avgCostUsd: usd(t.avgCost),
    priceUsd: usd(t.price),
    unrealizedUsd: usd(t.unrealized),
    swaps: String(t.swaps),
  }));
}

/** A cell a spreadsheet reads as a number: written as it is. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell as a spreadsheet may open it safely: one that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return would be read as a formula, so it gets a leading `'` (shown as text, the quote
 * hidden), unless it is a plain number (`-12.5`: the export's own numbers stay numbers).
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !NUMBER.test(cell) ? `'${cell}` : cell;
}

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; lines end CRLF.
 * Every cell is neutralised first (a token's name or symbol is the service's text).
 */
export function toCsv<T extends object>(columns: ReadonlyArray<keyof T>, rows: readonly T[]): string {
  const field = (v: unknown) => {
    const s = neutralise(String(v ?? ''));
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [columns.join(','), ...rows.map((r) => columns.map((c) => field(r[c])).join(','))].join('\r\n') + '\r\n';
}

/** The columns of the universal CSV that tax and bookkeeping tools import (Koinly's and similar). */
export const KOINLY_COLUMNS = [
  'Date',
  'Sent Amount',
  'Sent Currency',
  'Received Amount',
  'Received Currency',
  'Fee Amount',
  'Fee Currency',
  'Net Worth Amount',
  'Net Worth Currency',
  'Label',
  'Description',
  'TxHash',
] as const;
type KoinlyRow = Record<(typeof KOINLY_COLUMNS)[number], string>;

/** "2026-11-27 12:00:00 UTC": the date form those tools read. */
const koinlyDate = (isoTime: string) => (isoTime ? `${isoTime.slice(0, 10)} ${isoTime.slice(11, 19)} UTC` : '');

/**
 * Trades only: the successful swaps of the journal and the fills of orders, each a sent and a
 * received amount. Order deposits and cancels move funds between the wallet and its own escrow and
 * are not trades; they are left out.
 */
export function koinlyRows(journal: readonly JournalRow[], fills: readonly FillRow[]): KoinlyRow[] {
  const blank = { 'Fee Amount': '', 'Fee Currency': '', 'Net Worth Amount': '', 'Net Worth Currency': '', Label: '' };
  // a swap whose decimals are not known is listed all the same, its amount left blank and said
  // in its description, never written in base units as if it were the amount
  const swaps = journal
    .filter((r) => r.status === 'success' && r.action.startsWith('swap') && r.sentMint && r.receivedMint)
    .map((r) => ({
      Date: koinlyDate(r.time),
      'Sent Amount': r.sentAmount,
      'Sent Currency': r.sentSymbol || r.sentMint,
      'Received Amount': r.receivedAmount,
      'Received Currency': r.receivedSymbol || r.receivedMint,
      ...blank,
      Description: [
        r.mode === 'live' ? '' : `${r.mode}:`,
        `tradedeck ${r.action}`,
        ...(r.description.match(/(sent|received) \d+ base units of \S+: its decimals are unknown/g) ?? []),
      ]
        .filter(Boolean)
        .join(' '),
      TxHash: r.signature,
    }));
  const filled = fills.map((f) => ({
    Date: koinlyDate(f.time),
    'Sent Amount': f.sentAmount,
    'Sent Currency': f.sentSymbol || f.sentMint,
    'Received Amount': f.receivedAmount,
    'Received Currency': f.receivedSymbol || f.receivedMint,
    ...blank,
    Description: 'tradedeck order fill',
    TxHash: '',
  }));
  return [...swaps, ...filled].sort((a, b) => a.Date.localeCompare(b.Date));
}
