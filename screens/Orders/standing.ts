// The Orders screen's third list: the standing orders kept in the state directory and fired by
// tradedeck itself (src/orders/standing). Their rows (kind, amount, condition, distance from the
// market, floor, expiry, state with its reason), their detail, and the screen's side of making
// one (:stop and the rest, n) and cancelling one (x, :cancel s-…): the outcome on the screen.
import { fromBaseUnits } from '../../src/text/amount.js';
import type { Token } from '../../src/api/types.js';
import { OrderInputError } from '../../src/actions/orderRequest.js';
import { utcWords } from '../../src/actions/dateInput.js';
import { formatPercent, formatPrice, MISSING } from '../../src/text/format.js';
import type { Services } from '../../src/services/index.js';
import type { OrdersStore, OrdersView } from '../../src/orders/store.js';
import { cancelStanding } from '../../src/orders/standing/cancel.js';
import { isMine, listedPrice, standingOf } from '../../src/orders/standing/checker.js';
import { createStanding, type CreateResult } from '../../src/orders/standing/create.js';
import type { StandingCommand } from '../../src/orders/standing/input.js';
import { isActive, shownState } from '../../src/orders/standing/listing.js';
import { expectedNow, type StandingOrder } from '../../src/orders/standing/terms.js';
import { priceFloat } from '../../src/actions/orderRequest.js';
import {
  actionWords,
  amountWords,
  conditionShort,
  conditionWords,
  KIND_NAMES,
  kindLabel,
  pairTokens,
  symbolOf,
  termsSentence,
} from '../../src/orders/standing/words.js';
import type { DetailSection } from '../../components/detail/DetailPane.js';
import { explorerLink } from './detail.js';
import { countdown, printable } from './rows.js';

export interface StandingRow {
  kind: 'standing';
  key: string;
  order: StandingOrder;
  type: string;
  amount: string;
  condition: string;
  market: string;
  marketPct?: number;
  floor: string;
  expiry: string;
  state: string;
  /** the order in one sentence, under the table for the selected row */
  summary: string;
}

/** What of a row does not move with the market or the clock, made once per order read from the file. */
interface RowStatics {
  type: string;
  amount: string;
  condition: string;
  floor: string;
  /** the trigger now, quote per base (a float: the distance from the market only) */
  trigger?: number;
}
const statics = new WeakMap<StandingOrder, RowStatics>();

function staticsOf(o: StandingOrder): RowStatics {
  let st = statics.get(o);
  if (!st) {
    const t = o.terms;
    const e = expectedNow(t, o.status);
    st = {
      type: kindLabel(t),
      amount: amountWords(t.amount, t.sell),
      condition: `${symbolOf(pairTokens(t).base)} ${conditionShort(t, o.status)}`,
      floor: e ? amountWords(e.floor, t.buy).replace(/(\.\d{4})\d+/, '$1') : MISSING,
      ...(e ? { trigger: priceFloat(e.trigger) } : {}),
    };
    statics.set(o, st);
  }
  return st;
}

export function standingRow(o: StandingOrder, latest: Record<string, Token>, now: number): StandingRow {
  const t = o.terms;
  const st = staticsOf(o);
  const market = listedPrice(t, latest);
  const pct =
    st.trigger !== undefined && market !== undefined && market > 0 ? ((st.trigger - market) / market) * 100 : undefined;
  const state = shownState(o, now);
  const open = state === 'armed' || state === 'firing';
  let summary: string | undefined;
  return {
    kind: 'standing',
    key: t.id,
    order: o,
    type: st.type,
    amount: st.amount,
    condition: st.condition,
    // how far the trigger is from the market, as a share of the market: -6.7% a stop below it
    market: open && pct !== undefined ? formatPercent(pct, { signed: true }) : MISSING,
    ...(pct !== undefined ? { marketPct: pct } : {}),
    floor: st.floor,
    expiry: open ? countdown(t.expiresAt, now) : state === 'expired' ? 'expired' : MISSING,
    state,
    // the state and its reason first (the column has room for the word only), then the terms; made
    // when it is shown (the selected row's only)
    get summary() {
      if (summary === undefined) {
        const reason =
          o.status.reason && (state === 'failed' || state === 'cancelled')
            ? `: ${printable(o.status.reason, 200)}`
            : '';
        summary = `${state}${reason} · ${t.id}: ${conditionWords(t, o.status)
          .replace(/^When /, '')
          .replace(' since armed', '')
          .replace(' now)', ')')}, ${actionWords(t, o.status)}; until ${utcWords(t.expiresAt)}`;
      }
      return summary;
    },
  };
}

/** This wallet's standing orders of the list shown (active: armed or firing; history: the rest), newest first. */
export function standingRowsOf(
  s: Pick<Services, 'wallet' | 'mode' | 'network'>,
  orders: readonly StandingOrder[],
  view: OrdersView,
  latest: Record<string, Token>,
  now: number,
  mint?: string,
): StandingRow[] {
  return orders
    .filter(
      (o) =>
        isMine(s, o.terms) &&
        isActive(o, now) === (view === 'active') &&
        (mint === undefined || o.terms.sell.mint === mint || o.terms.buy.mint === mint),
    )
    .sort((a, b) => b.terms.createdAt - a.terms.createdAt)
    .map((o) => standingRow(o, latest, now));
}

/** The detail of a standing order (Enter): its terms, the trigger both ways, what became of it. */
export function standingSections(
  s: Pick<Services, 'explorer'>,
  row: StandingRow,
  latest: Record<string, Token>,
  now: number,
): DetailSection[] {
  const o = row.order;
  const t = o.terms;
  const { base, quote } = pairTokens(t);
  const e = expectedNow(t, o.status);
  const market = listedPrice(t, latest);
  const trigger = e ? priceFloat(e.trigger) : undefined;
  const entries = [
    { key: 'id', value: t.id },
    {
      key: 'kind',
      value: `${KIND_NAMES[t.kind]}${t.oco ? ` (OCO with ${t.oco}: the first to fire cancels the other)` : ''}`,
    },
    { key: 'terms', value: termsSentence(t, o.status) },
    { key: 'state', value: `${shownState(o, now)}${o.status.reason ? `: ${printable(o.status.reason, 300)}` : ''}` },
    {
      key: 'trigger',
      value:
        trigger === undefined
          ? MISSING
          : `1 ${symbolOf(base)} = ${formatPrice(trigger)} ${symbolOf(quote)} · 1 ${symbolOf(quote)} = ${formatPrice(1 / trigger)} ${symbolOf(base)}`,
    },
    {
      key: 'market',
      value:
        market === undefined
          ? 'unknown (no USD price in the token lists)'
          : `1 ${symbolOf(base)} = ${formatPrice(market)} ${symbolOf(quote)}`,
    },
    { key: 'amount', value: amountWords(t.amount, t.sell) },
    { key: 'at least', value: e ? amountWords(e.floor, t.buy) : MISSING },
    { key: 'slippage cap', value: formatPercent(t.capBps / 100) },
    ...(o.status.high ? [{ key: 'high since armed', value: `${o.status.high} ${symbolOf(quote)}` }] : []),
    { key: 'expires', value: `${utcWords(t.expiresAt)} (${countdown(t.expiresAt, now)})` },
    { key: 'created', value: utcWords(t.createdAt) },
    ...(o.status.signature ? [{ key: 'swap', value: explorerLink(s, o.status.signature) }] : []),
    ...(o.status.received
      ? [
          {
            key: 'received',
            value: `about ${fromBaseUnits(o.status.received, t.buy.decimals)} ${symbolOf(t.buy)} (quoted)`,
          },
        ]
      : []),
    { key: 'wallet', value: t.wallet },
    { key: 'custody', value: 'your wallet: tradedeck signs the swap itself when the condition holds, while it runs' },
  ];
  return [
    { title: `Standing order ${t.id}`, entries: entries.map((x) => ({ key: x.key, value: printable(x.value, 400) })) },
  ];
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** `:stop 2 SOL @140 USDC` and the form's s: the order made (one dialog), the outcome on the screen. */
export async function createStandingOnScreen(
  s: Services,
  store: OrdersStore,
  command: StandingCommand,
  args: readonly string[],
): Promise<CreateResult> {
  const st = store.getState();
  st.setOutcome(undefined);
  st.setRunning('Reading the standing order…');
  try {
    const r = await createStanding(s, command, args);
    if (r.status === 'success') await standingOf(s).reload();
    st.setOutcome({
      ok: r.status === 'success',
      title: r.status === 'success' ? r.message : `${r.vault ? 'Not placed' : 'Not armed'}: ${r.message}`,
      lines: [],
      at: s.now(),
    });
    // the vault's list is read again: the order placed, or the vault registered though no order was
    if (r.vault) store.getState().noteSent();
    return r;
  } catch (e) {
    if (e instanceof OrderInputError) throw e;
    const r: CreateResult = { status: 'failed', orders: [], message: message(e) };
    st.setOutcome({ ok: false, title: `Not armed: ${r.message}`, lines: [], at: s.now() });
    return r;
  } finally {
    store.getState().setRunning(undefined);
  }
}

/** x on a standing order, and `:cancel s-…`: cancelled locally after the dialog; the outcome on the screen. */
export async function cancelStandingOnScreen(s: Services, store: OrdersStore, ids: readonly string[]): Promise<void> {
  try {
    const r = await cancelStanding(s, ids);
    if (r.status === 'success') await standingOf(s).reload();
    store.getState().setOutcome({ ok: r.status === 'success', title: r.message, lines: [], at: s.now() });
  } catch (e) {
    store.getState().setOutcome({ ok: false, title: `Not cancelled: ${message(e)}`, lines: [], at: s.now() });
  }
}
