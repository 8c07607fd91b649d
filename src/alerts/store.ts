// The alerts of this dashboard: loaded from <state dir>/alerts.json, saved (0600) after every change,
// checked against the token catalog on every refresh of it. An armed alert that holds fires once:
// it is marked fired (and saved), and told through services.notify (log, flash, BEL, desktop).
// One store per Services, shared by the Alerts screen, the Tokens screen's `a` and `:alert`.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Token } from '../api/types.js';
import type { EventSpec, Services } from '../services/index.js';
import type { TokensStore } from '../store/tokens.js';
import { loadAlerts, saveAlertsMerged } from './file.js';
import { conditionText, evaluate, firedText, type Alert, type AlertCondition, type PriceSample } from './model.js';
import { sanitize } from '../text/sanitize.js';

/** Samples kept per watched mint (a day at one every 10 s is 8640: far fewer are needed). */
export const MAX_SAMPLES = 2_000;

export interface AlertsState {
  alerts: readonly Alert[];
  /** the file has been read (or found missing) */
  loaded: boolean;
  /** the file could not be read: alerts live in memory only this session */
  loadError?: string;
  selected?: string;
  add(mint: string, symbol: string, condition: AlertCondition): Alert;
  /** replaces the condition and arms it again */
  edit(id: string, condition: AlertCondition): void;
  remove(id: string): Alert | undefined;
  rearm(id: string): void;
  select(id: string | undefined): void;
  /** prices seen this session of a watched mint (for change windows) */
  samples(mint: string): readonly PriceSample[];
  /** checks every armed alert against the catalog now; returns the ones that fired */
  check(): Alert[];
  /** resolves once every save asked for so far has been written (or failed and been said) */
  saved(): Promise<void>;
}

export type AlertsStore = StoreApi<AlertsState>;

export interface AlertsDeps {
  stateDir: string;
  catalog: TokensStore;
  notify(source: string, text: string, event?: EventSpec): void;
  now(): number;
  /** a failed save or load, said once */
  onError(message: string): void;
}

export const printableSymbol = (s: string): string => sanitize(s).trim().slice(0, 24);

/** The symbol to show for an alert: the catalog's, else the one it was set with, else the mint's head. */
export function alertSymbol(a: Alert, latest: Record<string, Token>): string {
  return printableSymbol(latest[a.mint]?.symbol ?? a.symbol) || `${a.mint.slice(0, 6)}…`;
}

let sequence = 0;
const newId = (now: number) => `a${now.toString(36)}${(++sequence).toString(36)}`;

export function createAlertsStore(deps: AlertsDeps, initial?: readonly Alert[]): AlertsStore {
  const samples = new Map<string, PriceSample[]>();
  let canSave = initial !== undefined;
  let chain: Promise<void> = Promise.resolve();
  // the list as last read from or written to the file: what this instance's changes are measured from
  let base: readonly Alert[] = initial ?? [];
  const saveNow = async (): Promise<void> => {
    const local = store.getState().alerts;
    try {
      const merged = await saveAlertsMerged(deps.stateDir, base, local);
      // another instance's alerts, saved meanwhile, show here too (unless this list moved on meanwhile)
      if (store.getState().alerts === local) {
        store.setState({ alerts: merged });
        base = merged;
      } else base = local;
    } catch (e) {
      deps.onError(`alerts not saved: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const store = createStore<AlertsState>()((set, get) => {
    const save = () => {
      if (!canSave) return;
      chain = chain.then(saveNow);
    };
    const change = (alerts: readonly Alert[]) => {
      set({ alerts });
      save();
    };
    return {
      alerts: initial ?? [],
      loaded: initial !== undefined,
      add(mint, symbol, condition) {
        const a: Alert = {
          id: newId(deps.now()),
          mint,
          symbol: printableSymbol(symbol),
          condition,
          createdAt: deps.now(),
          state: 'armed',
        };
        change([...get().alerts, a]);
        set({ selected: a.id });
        return a;
      },
      edit(id, condition) {
        change(
          get().alerts.map((a) =>
            a.id === id
              ? {
                  id: a.id,
                  mint: a.mint,
                  symbol: a.symbol,
                  condition,
                  createdAt: a.createdAt,
                  armedAt: deps.now(),
                  state: 'armed',
                }
              : a,
          ),
        );
      },
      remove(id) {
        const gone = get().alerts.find((a) => a.id === id);
        if (gone) change(get().alerts.filter((a) => a.id !== id));
        return gone;
      },
      rearm(id) {
        change(
          get().alerts.map((a) =>
            a.id === id
              ? {
                  id: a.id,
                  mint: a.mint,
                  symbol: a.symbol,
                  condition: a.condition,
                  createdAt: a.createdAt,
                  armedAt: deps.now(),
                  state: 'armed',
                }
              : a,
          ),
        );
      },
      select: (selected) => {
        if (get().selected !== selected) set({ selected });
      },
      samples: (mint) => samples.get(mint) ?? [],
      saved: () => chain,
      check() {
        const latest = deps.catalog.getState().latest;
        const now = deps.now();
        const fired: Alert[] = [];
        const next = get().alerts.map((a) => {
          if (a.state !== 'armed') return a;
          const v = evaluate(a, latest[a.mint], samples.get(a.mint) ?? [], now);
          if (!v.fires) return a;
          const done: Alert = {
            ...a,
            state: 'fired',
            firedAt: now,
            ...(v.price !== undefined ? { firedPrice: v.price } : {}),
            ...(v.change !== undefined ? { firedChange: v.change } : {}),
          };
          fired.push(done);
          const symbol = alertSymbol(done, latest);
          deps.notify('Alerts', firedText(done, symbol, v), {
            type: 'alert.fired',
            // one arming, one firing: two processes that see it fire make the same event
            key: `${done.id}@${a.armedAt ?? a.createdAt}`,
            data: {
              alertId: done.id,
              mint: done.mint,
              symbol,
              condition: conditionText(done.condition),
              ...(v.price !== undefined ? { price: v.price } : {}),
              ...(v.change !== undefined ? { changePercent: v.change } : {}),
            },
          });
          return done;
        });
        if (fired.length) change(next);
        return fired;
      },
    };
  });

  // Every refresh of the catalog: record the watched mints' prices, then check.
  let seen: Record<string, Token> = deps.catalog.getState().latest;
  const onCatalog = (latest: Record<string, Token>) => {
    if (latest === seen) return;
    const before = seen;
    seen = latest;
    const now = deps.now();
    for (const mint of new Set(store.getState().alerts.map((a) => a.mint))) {
      const t = latest[mint];
      if (!t || t === before[mint] || typeof t.usdPrice !== 'number' || !Number.isFinite(t.usdPrice)) continue;
      const list = samples.get(mint) ?? [];
      list.push({ at: now, price: t.usdPrice });
      if (list.length > MAX_SAMPLES) list.splice(0, list.length - MAX_SAMPLES);
      samples.set(mint, list);
    }
    if (store.getState().loaded) store.getState().check();
  };
  deps.catalog.subscribe((s) => onCatalog(s.latest));

  if (initial === undefined) {
    loadAlerts(deps.stateDir)
      .then((saved) => {
        canSave = true;
        base = saved;
        // alerts set before the file was read are kept after the saved ones
        const added = store.getState().alerts;
        store.setState({ alerts: [...saved.filter((s) => !added.some((a) => a.id === s.id)), ...added], loaded: true });
        if (added.length) chain = chain.then(saveNow);
        store.getState().check();
      })
      .catch((e: unknown) => {
        // Never overwrite a file we could not read: this session's alerts stay in memory.
        const message = `${e instanceof Error ? e.message : String(e)}; alerts will not be saved this session`;
        store.setState({ loaded: true, loadError: message });
        deps.onError(message);
      });
  }
  return store;
}

const byServices = new WeakMap<object, AlertsStore>();

/** The one alerts store of these services (created, and its file read, on first use). */
export function alertsOf(s: Pick<Services, 'stateDir' | 'catalog' | 'notify' | 'now' | 'report'>): AlertsStore {
  let store = byServices.get(s);
  if (!store) {
    store = createAlertsStore({
      stateDir: s.stateDir,
      catalog: s.catalog,
      notify: (source, text, event) => s.notify(source, text, event),
      now: () => s.now(),
      onError: (m) => s.report('error', m),
    });
    byServices.set(s, store);
  }
  return store;
}
