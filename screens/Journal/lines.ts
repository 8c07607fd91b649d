// The journal view's rows and one entry's detail. The signed transaction is never shown in full
// (only its length and a short head), and nothing but the journal's own public fields is shown.
import type { DetailSection } from '../../components/DetailPane.js';
import { fromBaseUnits } from '../../src/amount.js';
import { formatAge, shortAddress } from '../../src/format.js';
import type { JournalState } from '../../src/journal/journal.js';

function time(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The journal speaks of the screens' names: the order group's swaps are Swap, trigger orders Limit... */
export const GROUP_LABEL: Record<string, string> = { ultra: 'Swap', swap: 'Swap·RPC', trigger: 'Limit', recurring: 'DCA', studio: 'Studio' };

export function rowText(e: JournalState): string {
  const sig = e.signature ? shortAddress(e.signature, 8, 6) : '—';
  const what = typeof e.summary.pay === 'string' ? `${e.summary.pay}` : '';
  return `${time(e.time).slice(5)}  ${(GROUP_LABEL[e.group] ?? e.group).padEnd(9)} ${e.action.padEnd(7)} ${e.status.padEnd(9)} ${sig.padEnd(17)} ${what}`;
}

export const HEADER = `${'TIME'.padEnd(14)}  ${'SCREEN'.padEnd(9)} ${'ACTION'.padEnd(7)} ${'STATUS'.padEnd(9)} ${'SIGNATURE'.padEnd(17)} WHAT`;

export interface EntryContext {
  now: number;
  /** a transaction's explorer link */
  explorer(signature: string): string;
  /** symbol and decimals of a mint, when the catalog knows it */
  token(mint: string): { symbol: string; decimals: number } | undefined;
}

function executedText(e: JournalState, side: 'input' | 'output', c: EntryContext): string | undefined {
  const raw = e.executed?.[side];
  if (raw === undefined) return undefined;
  const mint = e.summary[side === 'input' ? 'inputMint' : 'outputMint'];
  const t = typeof mint === 'string' ? c.token(mint) : undefined;
  return t ? `${fromBaseUnits(BigInt(raw), t.decimals)} ${t.symbol}` : `${raw} base units${typeof mint === 'string' ? ` of ${shortAddress(mint)}` : ''}`;
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '—';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export function entrySections(e: JournalState, c: EntryContext): DetailSection[] {
  const tx = e.signedTransaction ?? '';
  const now = c.now;
  const paid = executedText(e, 'input', c);
  const got = executedText(e, 'output', c);
  return [
    {
      title: `${GROUP_LABEL[e.group] ?? e.group} ${e.action}: ${e.status}`,
      entries: [
        { key: 'id', value: e.id },
        { key: 'signed at', value: `${time(e.time)} (${formatAge(now - e.time)} ago)` },
        { key: 'last update', value: time(e.updatedAt) },
        { key: 'status', value: e.status },
        { key: 'signature', value: e.signature ?? '— (not known)' },
        ...(e.signature ? [{ key: 'explorer', value: c.explorer(e.signature) }] : []),
        { key: 'wallet', value: e.wallet ?? '—' },
        { key: 'network', value: e.network ?? '—' },
        ...(paid || got ? [{ key: 'executed', value: `paid ${paid ?? '—'}, received ${got ?? '—'}` }] : []),
        ...(typeof e.summary.pay === 'string' || typeof e.summary.receive === 'string' ? [{ key: 'quoted', value: `pay ${text(e.summary.pay)}, receive ${text(e.summary.receive)}` }] : []),
        { key: 'requestId', value: e.requestId ?? '—' },
        ...(e.code !== undefined ? [{ key: 'code', value: String(e.code) }] : []),
        ...(e.error ? [{ key: 'error', value: e.error }] : []),
        ...(e.lastValidBlockHeight !== undefined ? [{ key: 'last valid block', value: String(e.lastValidBlockHeight) }] : []),
        { key: 'signed transaction', value: `${tx.length} base-64 characters, begins ${tx.slice(0, 12)}… (not shown in full)` },
      ],
    },
    { title: 'Summary', entries: Object.entries(e.summary ?? {}).map(([k, v]) => ({ key: k, value: text(v) })) },
  ];
}
