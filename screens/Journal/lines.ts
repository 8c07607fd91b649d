// The journal view's rows and one entry's detail. The signed transaction is never shown in full
// (only its length and a short head), and nothing but the journal's own public fields is shown.
import type { DetailSection } from '../../components/detail/DetailPane.js';
import { fromBaseUnits } from '../../src/text/amount.js';
import { modeOf } from '../../src/config/config.js';
import { formatUtc, shortAddress } from '../../src/text/format.js';
import type { JournalState } from '../../src/journal/journal.js';
import { padCell } from '../../components/base/text.js';
import { formatAge } from '../../src/text/duration.js';

/** Journal times are in UTC, said so (the list's column says it in its title). */
const time = (ms: number): string => formatUtc(ms);

/** The journal speaks of the screens' names: the order group's swaps are Swap, trigger orders Limit... */
export const GROUP_LABEL: Record<string, string> = {
  ultra: 'Swap',
  swapV2: 'Swap',
  swap: 'Swap·RPC',
  trigger: 'Limit',
  recurring: 'DCA',
  studio: 'Studio',
  vault: 'Vault',
};

/**
 * The ACTION column's words: fixed width, so a long action never pushes the columns out of line.
 * The SCREEN column already says which kind of order, so "create-limit" is "create" beside Limit.
 */
export const ACTION_LABEL: Record<string, string> = {
  swap: 'swap',
  'create-limit': 'create',
  'create-dca': 'create',
  'cancel-limit': 'cancel',
  'cancel-dca': 'cancel',
  'cancel-all-limit': 'cancel-all',
  'cancel-limits': 'cancel',
  'price-withdraw': 'withdraw',
  // the vault's orders: WHAT says which kind
  'create-single': 'create',
  'create-oco': 'create',
  'create-otoco': 'create',
  'cancel-price': 'cancel',
  'create-pool': 'launch',
  'claim-fee': 'claim-fee',
};

const COLUMNS = { time: 11, screen: 8, action: 10, status: 9, signature: 9, wallet: 9 };

/** A vault order's kind (its deposit's summary.kind), before what it paid. */
const VAULT_KIND: Record<string, string> = { single: 'trigger', oco: 'OCO', otoco: 'OTOCO', dca: 'DCA' };

/** What an entry was about: the input, and what was received when its outcome says. */
export function whatText(e: JournalState, c: Pick<EntryContext, 'token'>): string {
  const kind = e.group === 'vault' && typeof e.summary.kind === 'string' ? VAULT_KIND[e.summary.kind] : undefined;
  const pay = (kind ? `${kind} ` : '') + (typeof e.summary.pay === 'string' ? e.summary.pay : '');
  const got = executedText(e, 'output', c);
  return got ? `${pay || '?'} → ${got}` : pay;
}

export function rowText(e: JournalState, c: Pick<EntryContext, 'token'>, wallets = false): string {
  return [
    padCell(time(e.time).slice(5, 16), COLUMNS.time),
    padCell(GROUP_LABEL[e.group] ?? e.group, COLUMNS.screen),
    // a standing order's firing is a swap the person did not make at that moment: said so
    padCell(typeof e.summary.standing === 'string' ? 'standing' : (ACTION_LABEL[e.action] ?? e.action), COLUMNS.action),
    padCell(e.status, COLUMNS.status),
    padCell(e.signature ? shortAddress(e.signature, 4, 4) : '—', COLUMNS.signature),
    ...(wallets ? [padCell(e.wallet ? shortAddress(e.wallet, 4, 4) : '—', COLUMNS.wallet)] : []),
    whatText(e, c),
  ].join(' ');
}

export function header(wallets = false): string {
  return [
    padCell('TIME UTC', COLUMNS.time),
    padCell('SCREEN', COLUMNS.screen),
    padCell('ACTION', COLUMNS.action),
    padCell('STATUS', COLUMNS.status),
    padCell('SIGNATURE', COLUMNS.signature),
    ...(wallets ? [padCell('WALLET', COLUMNS.wallet)] : []),
    'WHAT',
  ].join(' ');
}

export interface EntryContext {
  now: number;
  /** a transaction's explorer link: undefined where there is none (demo, paper, a service on this machine) */
  explorer(signature: string, entry: JournalState): string | undefined;
  /** symbol and decimals of a mint, when the catalog knows it */
  token(mint: string): { symbol: string; decimals: number } | undefined;
}

function executedText(e: JournalState, side: 'input' | 'output', c: Pick<EntryContext, 'token'>): string | undefined {
  const raw = e.executed?.[side];
  if (raw === undefined) return undefined;
  const mint = e.summary[side === 'input' ? 'inputMint' : 'outputMint'];
  const t = typeof mint === 'string' ? c.token(mint) : undefined;
  return t
    ? `${fromBaseUnits(BigInt(raw), t.decimals)} ${t.symbol}`
    : `${raw} base units${typeof mint === 'string' ? ` of ${shortAddress(mint)}` : ''}`;
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '—';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export function entrySections(e: JournalState, c: EntryContext): DetailSection[] {
  const txChars = e.signedChars ?? (e.signedTransaction ?? '').length;
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
        ...(e.signature && c.explorer(e.signature, e) ? [{ key: 'explorer', value: c.explorer(e.signature, e)! }] : []),
        { key: 'wallet', value: e.wallet ?? '—' },
        { key: 'mode', value: modeOf(e) },
        { key: 'network', value: e.network ?? '—' },
        ...(paid || got ? [{ key: 'executed', value: `paid ${paid ?? '—'}, received ${got ?? '—'}` }] : []),
        ...(typeof e.summary.pay === 'string' || typeof e.summary.receive === 'string'
          ? [{ key: 'quoted', value: `pay ${text(e.summary.pay)}, receive ${text(e.summary.receive)}` }]
          : []),
        { key: 'requestId', value: e.requestId ?? '—' },
        ...(e.code !== undefined ? [{ key: 'code', value: String(e.code) }] : []),
        ...(e.error ? [{ key: 'error', value: e.error }] : []),
        ...(e.lastValidBlockHeight !== undefined
          ? [{ key: 'last valid block', value: String(e.lastValidBlockHeight) }]
          : []),
        {
          key: 'signed transaction',
          value: `${txChars} base-64 characters, begins ${(e.signedTransaction ?? '').slice(0, 12)}… (not shown in full)`,
        },
      ],
    },
    { title: 'Summary', entries: Object.entries(e.summary ?? {}).map(([k, v]) => ({ key: k, value: text(v) })) },
  ];
}
