// The Orders screen's lines around its table: the head (which list, which page, the filter, how
// old the data is), the panel of a signing action (progress, outcome, a usage note) and the empty
// list's sentence.
import { progressBar } from '../../components/chart/ProgressBar.js';
import { wrapText } from '../../components/base/text.js';
import { formatAge } from '../../src/text/duration.js';
import { batchTally } from '../../src/orders/batches.js';
import type { ListSnapshot, OrdersState } from '../../src/orders/store.js';
import { listTabsText, ORDER_LISTS } from './orderLists.js';
import { printable } from './rows.js';

export type Tone = 'ok' | 'bad' | 'dim';
export interface PanelLine {
  text: string;
  tone?: Tone;
}

type HeadState = Pick<OrdersState, 'tab' | 'view' | 'filter' | 'includeFailed' | 'marked' | 'cancelFee'>;

export function ordersHead(
  st: HeadState & {
    page: number;
    snap: ListSnapshot | undefined;
    rows: number;
    pollError: unknown;
    now: number;
    /** when a list read whole (the vault's) was last read */
    readAt: number | undefined;
  },
): string {
  const list = ORDER_LISTS[st.tab];
  const local = list.source === 'local';
  const whole = list.source !== 'service';
  const tabText = `${listTabsText(st.tab)} · ${st.view === 'active' ? '[Active] History' : 'Active [History]'}`;
  const pageText = whole
    ? `${st.rows} here`
    : st.snap
      ? `page ${Math.min(st.page, st.snap.totalPages)}/${st.snap.totalPages}`
      : `page ${st.page}`;
  const age = local
    ? 'fired by tradedeck'
    : st.readAt !== undefined
      ? `${formatAge(st.now - st.readAt)} ago`
      : st.pollError !== undefined
        ? `✗ ${printable(st.pollError instanceof Error ? st.pollError.message : String(st.pollError), 60)}`
        : st.snap && !whole
          ? `${formatAge(st.now - st.snap.at)} ago`
          : 'loading…';
  const f = st.filter;
  const filterText = f
    ? ` · ${st.tab === 'limit' ? (f.mint && f.outputMint ? '' : f.mint ? 'sells ' : 'buys ') : 'mint '}${f.symbol.replace(/^→/, '')}`
    : '';
  const includeFailedText = st.includeFailed && !whole ? ' · +failed tx' : '';
  const markText = st.marked.length > 0 ? ` · ${st.marked.length} marked` : '';
  const feeText = st.cancelFee !== 'auto' ? ` · cancel fee ${st.cancelFee}` : '';
  return `${tabText} · ${pageText}${filterText}${includeFailedText}${markText}${feeText} · ${age}`;
}

/** What a signing action is doing or did, or a usage note: wrapped, never cut. */
export function ordersPanel(st: Pick<OrdersState, 'running' | 'batches' | 'outcome' | 'notice'>, width: number) {
  const { running, batches, outcome, notice } = st;
  const panel: PanelLine[] = [];
  if (running || batches) {
    if (batches && batches.length > 0) {
      const done = batches.filter((b) => b.status !== 'waiting' && b.status !== 'running').length;
      panel.push({ text: `${progressBar(done / batches.length, 20)} ${done}/${batches.length} transactions` });
      // each transaction while they fit on the line, else how many are in each state
      const each = batches.map((b) => `tx${b.index + 1} ${b.status}`).join(' · ');
      panel.push({
        text: [...each].length <= width ? each : batchTally(batches),
        tone: batches.some((b) => !['success', 'waiting', 'running'].includes(b.status)) ? 'bad' : undefined,
      });
    }
    // a Ledger's line carries the hash to compare with its screen
    if (running) for (const l of wrapText(running, width).slice(0, 4)) panel.push({ text: l, tone: 'dim' });
    else if (outcome) panel.push({ text: outcome.title, tone: outcome.ok ? 'ok' : 'bad' });
  } else if (outcome) {
    // the title is what happened (a refusal says how to write it)
    for (const l of wrapText(outcome.title, width).slice(0, 4))
      panel.push({ text: l, tone: outcome.ok ? 'ok' : 'bad' });
    // (a usage line wraps: its last words are as much a part of it as its first)
    for (const l of outcome.lines.slice(0, 2))
      for (const w of wrapText(l, width).slice(0, 3)) panel.push({ text: w, tone: 'dim' });
  } else if (notice) {
    for (const l of notice) for (const w of wrapText(l, width)) panel.push({ text: w });
  }
  return panel;
}

/** The sentence under the table's head when the list has no rows. */
export function ordersEmpty(
  st: Pick<OrdersState, 'tab' | 'view' | 'filter'> & {
    wallet: boolean;
    snap: ListSnapshot | undefined;
    paramsKey: string | undefined;
    pollError: unknown;
    /** a list read whole (the vault's): whether it was read yet, and what its reading adds to the sentence */
    read: boolean;
    readNote?: string;
  },
): string {
  const list = ORDER_LISTS[st.tab];
  if (!st.wallet) return 'No wallet: start with --keypair <file> or --address <address> to list orders.';
  if (list.source === 'local') return list.empty(st.view, st.filter);
  if (list.source === 'reading') {
    if (st.read) return list.empty(st.view, st.filter, true, st.readNote);
    return st.pollError !== undefined ? 'Could not load the orders (see the line above); retrying.' : 'Loading…';
  }
  if (st.pollError !== undefined && !st.snap) return 'Could not load the orders (see the line above); retrying.';
  if (!st.snap) return 'Loading…';
  // a page of other params (the filter just changed): no rows yet, said without the filter
  if (st.snap.paramsKey !== st.paramsKey) return list.empty(st.view, undefined, false);
  return list.empty(st.view, st.filter);
}
