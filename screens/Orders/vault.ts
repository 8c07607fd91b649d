// The Orders screen's fourth list: the service's orders from the wallet's vault (its current
// generation), polled while the list is shown (a login the wallet signs first: a key file signs it
// silently, a Ledger asks once on the device), their fills and expiries followed in the background
// once that login is had, with their rows, columns, detail, the cancel (x: the withdrawal
// confirmed and signed), `:dca … custody vault`, the `:vault` command, and the one line each
// family of order says about who holds the funds and when it fills.
import { durationWords } from '../../src/text/duration.js';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Column } from '../../components/table/Table.js';
import type { DetailSection } from '../../components/detail/DetailPane.js';
import type { DcaOrderV2, PriceOrderV2 } from '../../src/api/types.js';
import { utcWords } from '../../src/actions/dateInput.js';
import { OrderInputError } from '../../src/actions/orderRequest.js';
import { MISSING } from '../../src/text/format.js';
import type { Services } from '../../src/services/index.js';
import type { OrdersState, OrdersStore, OrdersTab, OrdersView } from '../../src/orders/store.js';
import { cancelVaultOrder, createVaultDca, editVaultOrder, type Outcome } from '../../src/vault/actions.js';
import { watchVault, type VaultWatch } from '../../src/vault/events.js';
import {
  orderRefOf,
  priceFills,
  priceOrderTerms,
  rawWords,
  readVault,
  tokenNames,
  type TokenNames,
  type VaultReading,
} from '../../src/vault/read.js';
import { vaultSessionOf } from '../../src/vault/session.js';
import { parseVaultEdit, VAULT_USAGE } from '../../src/vault/edit.js';
import { CommandError } from '../shared/commandArgs.js';
import type { ScreenCommand, ScreenContext } from '../shared/types.js';
import { countdown, nextCycleText, printable } from './rows.js';
import { ORDERS_SCREEN } from './keys.js';

/** Who holds the funds of each family of order, and when it fills: one line each, under the list's head. */
export const FAMILY_LINES: Record<OrdersTab, string> = {
  limit: "Service limit orders: funds in the order's account; filled at your price",
  dca: "Service DCA: funds in the order's account; one buy every interval",
  standing: "tradedeck's orders: funds stay in your wallet; it swaps when the price holds",
  vault: 'Service orders from your vault (custodial): its keeper fills, never asks you',
};

export interface VaultRow {
  kind: 'vault';
  key: string;
  family: 'price' | 'dca';
  pair: string;
  amount: string;
  terms: string;
  filled: string;
  expiry: string;
  state: string;
  summary: string;
  price?: PriceOrderV2;
  dca?: DcaOrderV2;
}

interface VaultListState {
  readings: Partial<Record<OrdersView, VaultReading & { at: number }>>;
  error?: string;
}

const stores = new WeakMap<Services, StoreApi<VaultListState>>();
const watches = new WeakMap<Services, VaultWatch>();

/** The vault list's own store (one per services): what the polling last read of each view. */
export function vaultListOf(s: Services): StoreApi<VaultListState> {
  let st = stores.get(s);
  if (!st) {
    st = createStore<VaultListState>()(() => ({ readings: {} }));
    stores.set(s, st);
  }
  return st;
}

export const namesOf = (s: Pick<Services, 'catalog'>): TokenNames => tokenNames(() => s.catalog.getState().latest);

const symbol = (names: TokenNames, m: string) => printable(names.symbol(m), 12);

function priceRow(o: PriceOrderV2, names: TokenNames, now: number): VaultRow {
  const fills = priceFills(o);
  const pct = typeof o.fillPercent === 'number' ? Math.round(o.fillPercent * 100) : undefined;
  const amount = rawWords(o.initialInputAmount, o.inputMint, names);
  return {
    kind: 'vault',
    key: o.id,
    family: 'price',
    pair: `${symbol(names, o.inputMint)}→${symbol(names, o.outputMint)}`,
    amount,
    terms: priceOrderTerms(o),
    filled: pct === undefined ? '0%' : `${pct}%`,
    // an order that ended (filled, cancelled, expired) has no time left
    expiry:
      typeof o.expiresAt === 'number' && (o.orderState === 'open' || o.orderState === 'pending_withdraw')
        ? countdown(o.expiresAt, now)
        : MISSING,
    state: printable(o.orderState, 16),
    summary: `${printable(o.orderState, 20)} · ${o.orderType} ${printable(o.id, 40)}: ${amount}, ${priceOrderTerms(o)}${fills.length ? `; ${fills.length} fill${fills.length > 1 ? 's' : ''} (${fills.map((f) => printable(f.orderContext ?? 'fill', 12)).join(', ')})` : ''}; from the vault ${printable(o.privyWalletPubkey ?? '', 44)}`,
    price: o,
  };
}

function dcaRow(o: DcaOrderV2, names: TokenNames, now: number): VaultRow {
  const amount = rawWords(o.inputAmountInitial, o.inputMint, names);
  const every = typeof o.intervalSeconds === 'number' ? durationWords(o.intervalSeconds) : '?';
  const terms = `dca ${o.roundsFilled ?? 0}/${o.numberOfRounds ?? '?'} every ${every}`;
  return {
    kind: 'vault',
    key: o.id,
    family: 'dca',
    pair: `${symbol(names, o.inputMint)}→${symbol(names, o.outputMint)}`,
    amount,
    terms,
    filled: typeof o.fillPercent === 'number' ? `${Math.round(o.fillPercent * 100)}%` : MISSING,
    // a DCA does not expire: when its next round runs, said as such ("next 54s", "next due")
    expiry:
      o.nextFillAt && !Number.isNaN(Date.parse(o.nextFillAt))
        ? `next ${nextCycleText(Date.parse(o.nextFillAt), now).replace(/^in /, '')}`
        : MISSING,
    state: printable(o.displayState ?? o.state, 16),
    summary: `${printable(o.displayState ?? o.state, 20)} · DCA ${printable(o.id, 40)}: ${amount}, ${terms}; each round's output to your wallet`,
    dca: o,
  };
}

export function vaultRowsOf(reading: VaultReading | undefined, names: TokenNames, now: number): VaultRow[] {
  if (!reading) return [];
  return [...reading.price.map((o) => priceRow(o, names, now)), ...reading.dca.map((o) => dcaRow(o, names, now))];
}

export function vaultColumns(): Column<VaultRow>[] {
  return [
    { id: 'pair', title: 'PAIR', flex: 1, minWidth: 9, whole: true, format: (r) => r.pair },
    { id: 'amount', title: 'AMOUNT', width: 12, align: 'right', whole: true, format: (r) => r.amount },
    { id: 'terms', title: 'TERMS', width: 24, whole: true, format: (r) => r.terms },
    { id: 'filled', title: 'FILL', width: 5, align: 'right', format: (r) => r.filled, priority: 2 },
    { id: 'expiry', title: 'EXPIRES', width: 11, format: (r) => r.expiry, priority: 3 },
    { id: 'state', title: 'STATE', width: 9, whole: true, format: (r) => r.state, priority: 1 },
  ];
}

/** Enter on a vault order: every field worth reading, its fills with their leg. */
export function vaultSections(row: VaultRow, names: TokenNames, now: number): DetailSection[] {
  const entries: Array<{ key: string; value: string }> = [{ key: 'id', value: row.key }];
  const o = row.price;
  if (o) {
    entries.push(
      { key: 'type', value: o.orderType },
      { key: 'terms', value: priceOrderTerms(o) },
      { key: 'state', value: `${o.orderState}${o.rawState ? ` (${o.rawState})` : ''}` },
      { key: 'sells', value: rawWords(o.initialInputAmount, o.inputMint, names) },
      { key: 'left', value: rawWords(o.remainingInputAmount, o.inputMint, names) },
      { key: 'received', value: rawWords(o.outputAmount, o.outputMint, names) },
      { key: 'slippage', value: typeof o.slippageBps === 'number' ? `${o.slippageBps} bps` : "the service's default" },
      {
        key: 'expires',
        value: typeof o.expiresAt === 'number' ? `${utcWords(o.expiresAt)} (${countdown(o.expiresAt, now)})` : MISSING,
      },
      ...priceFills(o).map((f, i) => ({
        key: `fill ${i + 1}`,
        value: `${f.orderContext ?? 'fill'}: ${rawWords(f.inputAmount, f.inputMint, names)} for ${rawWords(f.outputAmount, f.outputMint, names)} (${f.state ?? '?'})`,
      })),
    );
  }
  const d = row.dca;
  if (d)
    entries.push(
      { key: 'state', value: d.displayState ?? d.state },
      { key: 'total', value: rawWords(d.inputAmountInitial, d.inputMint, names) },
      { key: 'each round', value: rawWords(d.amountPerRound, d.inputMint, names) },
      {
        key: 'rounds',
        value: `${d.roundsFilled ?? 0} of ${d.numberOfRounds ?? '?'}, every ${d.intervalSeconds ?? '?'} s`,
      },
      { key: 'received', value: rawWords(d.outputAmountTotal, d.outputMint, names) },
    );
  entries.push({ key: 'custody', value: FAMILY_LINES.vault });
  return [
    { title: `Vault order ${row.key}`, entries: entries.map((e) => ({ key: e.key, value: printable(e.value, 400) })) },
  ];
}

function say(store: OrdersStore, s: Services, r: Outcome): void {
  store.getState().setOutcome({ ok: r.status === 'success', title: r.message, lines: [], at: s.now() });
  // read again whatever the outcome: the vault may have been registered though no order was placed
  store.getState().noteSent();
}

/**
 * `:dca … custody vault` and the DCA form with custody vault: the service's DCA from the vault (its
 * vault registered first if need be, the deposit confirmed); the outcome on the screen. Throws
 * OrderInputError for what was typed wrong (the custody words taken off already).
 */
export async function createVaultDcaOnScreen(
  s: Services,
  store: OrdersStore,
  words: readonly string[],
): Promise<Outcome> {
  const st = store.getState();
  if (st.running) throw new OrderInputError('another order action is still running');
  st.setOutcome(undefined);
  st.setRunning('Reading the DCA from the vault…');
  try {
    const r = await createVaultDca(s, words);
    say(store, s, r.status === 'success' ? r : { ...r, message: `Not placed: ${r.message}` });
    return r;
  } finally {
    store.getState().setRunning(undefined);
  }
}

/** x on a vault order: its withdrawal confirmed and signed; the outcome on the screen. */
export async function cancelVaultOnScreen(s: Services, store: OrdersStore, row: VaultRow): Promise<void> {
  const reading = vaultListOf(s).getState().readings.active;
  const ref = reading && orderRefOf(reading, row.key, namesOf(s));
  if (!ref) return say(store, s, { status: 'refused', message: `order ${row.key} is not in the vault's open list` });
  store.getState().setRunning('Cancelling the vault order…');
  try {
    say(store, s, await cancelVaultOrder(s, ref));
  } finally {
    store.getState().setRunning(undefined);
  }
}

// ---------- the polled list ----------

interface VaultParams {
  view: OrdersView;
  user: string;
}

/** The vault's two lists, polled while shown (a Ledger would ask at every login: never in the background). */
export const vaultResource = (id: string, view: OrdersView, intervalMs: number) => ({
  id,
  intervalMs,
  background: false,
  refreshWhen: (st: OrdersState) => st.sent,
  params: (ctx: ScreenContext<OrdersState>): VaultParams | undefined => {
    const user = ctx.services.wallet?.address;
    const st = ctx.store.getState();
    if (!user || ctx.services.wallet?.kind === 'watch') return undefined;
    return st.tab === 'vault' && st.view === view ? { view, user } : undefined;
  },
  key: (p: VaultParams) => `vault/${p.view}/${p.user}`,
  fetch: async (p: VaultParams, _signal: AbortSignal, { services: s }: ScreenContext<OrdersState>) => {
    return readVault(
      { api: s.api, ...(s.rpc ? { rpc: s.rpc } : {}), session: vaultSessionOf(s) },
      p.view === 'active' ? 'active' : 'past',
    );
  },
  apply: (p: VaultParams, data: VaultReading, at: number, { services: s }: ScreenContext<OrdersState>) => {
    const list = vaultListOf(s);
    list.setState({ readings: { ...list.getState().readings, [p.view]: { ...data, at } }, error: undefined });
  },
});

/** Whether the vault's orders are followed in the background: once this process has logged in to the vault. */
function followed(s: Services): boolean {
  if (!s.wallet || s.wallet.kind === 'watch') return false;
  return vaultSessionOf(s).everLoggedIn();
}

const NOTHING = { subscribe: () => () => {} };
/** Lapsed Ledger logins already told (one line each time the login ends). */
const lapsedTold = new WeakSet<Services>();

/**
 * The vault's fills and expiries, told as every order's are (the notifications log, a flash line,
 * the bell, the off-terminal channels), whatever screen is up: its history read every
 * `intervalMs` once this process has a login to the vault (the person opened the Vault list, or
 * placed or managed a vault order). Never before: the dashboard signs no login by itself. A key
 * file renews the login without asking, as the Vault list does; a Ledger would ask on the device
 * at every renewal, so its orders are followed while its login lasts, and when it ends one line
 * says how to follow them again.
 */
export const vaultEventsResource = (id: string, intervalMs: number) => ({
  id,
  intervalMs,
  background: true,
  behind: true as const,
  also: (s: Services) =>
    s.wallet && s.wallet.kind !== 'watch'
      ? { subscribe: (cb: () => void) => vaultSessionOf(s).subscribe(cb) }
      : NOTHING,
  params: (ctx: ScreenContext<OrdersState>): { user: string } | undefined =>
    followed(ctx.services) ? { user: ctx.services.wallet!.address } : undefined,
  key: (p: { user: string }) => `vault-events/${p.user}`,
  fetch: async (_p: { user: string }, _signal: AbortSignal, { services: s }: ScreenContext<OrdersState>) => {
    const session = vaultSessionOf(s);
    if (!s.wallet!.signer.canSignUnattended && !session.loggedIn()) {
      if (!lapsedTold.has(s)) {
        lapsedTold.add(s);
        s.notify(
          'Orders',
          "vault orders' fills are not followed now: the login ended and the Ledger would have to approve another; open the Vault list (Orders, t) to log in again",
        );
      }
      return 0;
    }
    lapsedTold.delete(s);
    let w = watches.get(s);
    if (!w) watches.set(s, (w = watchVault(s.api, session, () => namesOf(s))));
    // the first reading learns what is there; then fills and expiries since the last look
    const changes = await w.read();
    for (const c of changes) s.notify('Orders', c.text, c.event);
    return changes.length;
  },
  apply: () => {},
});

// ---------- :vault ----------

export const VAULT_COMMAND: ScreenCommand<OrdersState> = {
  name: 'vault',
  usage: VAULT_USAGE.replace(/ \[--history\].*$/, ''),
  help: "the service's orders from your vault (Orders, t); vault edit ID tp P … changes one (nothing signed), vault cancel ID ends it and withdraws",
  async run(args, ctx) {
    const st = ctx.store.getState();
    st.setTab('vault');
    st.setDetail(false);
    ctx.goto(ORDERS_SCREEN);
    const [verb, id, ...rest] = args;
    if (verb === undefined || verb === 'show') return;
    if (verb !== 'edit' && verb !== 'cancel') throw new CommandError(`"${verb}": edit or cancel`);
    if (!id) throw new CommandError(`${verb}: give the order's id (the list shows it: Enter)`);
    const reading = vaultListOf(ctx.services).getState().readings.active;
    const ref = reading && orderRefOf(reading, id, namesOf(ctx.services));
    if (!ref) throw new CommandError(`no open order ${printable(id, 40)} in the vault's list (wait for it to load)`);
    if (verb === 'cancel') {
      if (rest.length) throw new CommandError(`unexpected "${printable(rest[0], 20)}": cancel takes one id`);
      st.setRunning('Cancelling the vault order…');
      try {
        say(ctx.store, ctx.services, await cancelVaultOrder(ctx.services, ref));
      } finally {
        ctx.store.getState().setRunning(undefined);
      }
      return;
    }
    let edit;
    try {
      edit = parseVaultEdit(rest);
    } catch (e) {
      throw e instanceof OrderInputError ? new CommandError(e.message) : e;
    }
    say(ctx.store, ctx.services, await editVaultOrder(ctx.services, ref, edit));
  },
};
