// `tradedeck watch`: the dashboard's background watching without the dashboard, for a server where
// nothing is open (a systemd unit, nohup). Every interval it reads the wallet's active orders and
// the prices of the armed alerts' and standing orders' tokens, fires the standing orders whose
// condition holds (src/orders/standing), and tells what happened (fills, orders that closed,
// alerts that fired, standing orders fired, failed or expired) through the configured channels (--ntfy, --webhook, --notify-cmd), as the
// dashboard does. Each event is a line on stdout: NDJSON into a pipe, a plain line on a terminal;
// a problem (a round that failed, an alerts file it cannot read) a line on stderr. It prunes the
// state directory's event records as it runs. SIGINT or SIGTERM end it with exit 0 once the
// deliveries under way are done (a few seconds at most).
import type { OptionsOf } from '../commands/registry.js';
import type { Config } from '../config/config.js';
import { TOKEN_CATEGORIES } from '../api/contract/tokens.js';
import type { RecurringOrder, TriggerOrder } from '../api/types.js';
import { alertsOf } from '../alerts/store.js';
import { loadAlerts } from '../alerts/file.js';
import { pruneEventsNow } from '../notify/claim.js';
import { categoryNeeded, WATCH_LIST } from '../alerts/coverage.js';
import { orderChanges, ordersThatLeft, readClosedOrders, type OrdersReading } from '../actions/orderChanges.js';
import { openCommandServices } from './signing.js';
import type { Services } from '../services/index.js';
import { listKey } from '../store/tokens.js';
import type { NotifyEvent } from '../notify/event.js';
import { clean, CommandError, printJson } from './print.js';
import { untilSignal } from '../services/signals.js';
import { standingMints, standingOf } from '../orders/standing/checker.js';

type Flags = OptionsOf<'watch'>;

export const WATCH_DEFAULT_MS = 30_000;
export const WATCH_MIN_MS = 5_000;
/** Pages of active limit orders read per round (100 orders a page at most). */
const MAX_PAGES = 5;

export function watchEveryMs(opts: Flags): number {
  const v = opts.intervalMs;
  if (v === undefined) return WATCH_DEFAULT_MS;
  const text = String(v).trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < WATCH_MIN_MS || n > 3_600_000)
    throw new CommandError(
      `--interval-ms: a whole number of milliseconds from ${WATCH_MIN_MS} to 3600000 (got "${clean(text, 20)}")`,
      2,
    );
  return n;
}

/** One reading of the wallet's active limit and DCA orders. */
async function readOrders(s: Services, user: string): Promise<OrdersReading> {
  const trigger: TriggerOrder[] = [];
  let totalPages = 1;
  for (let page = 1; page <= Math.min(totalPages, MAX_PAGES); page++) {
    const res = await s.api.trigger.list({ user, orderStatus: 'active', page });
    trigger.push(...(res.orders ?? []));
    totalPages = Number.isFinite(res.totalPages) ? Math.max(1, Number(res.totalPages)) : 1;
  }
  const dca = await s.api.recurring.list({
    user,
    orderStatus: 'active',
    page: 1,
    recurringType: 'time',
    mint: null,
    includeFailedTx: false,
  });
  const time: RecurringOrder[] = dca.time ?? [];
  return { paramsKey: `${user}/active`, totalPages, trigger, time };
}

/**
 * The token lists the armed alerts and standing orders need, into the catalog (the alerts store
 * and the standing orders' checker look at every refresh).
 */
async function readAlertPrices(s: Services): Promise<void> {
  const alerts = alertsOf(s).getState().alerts;
  await standingOf(s).reload();
  for (const category of TOKEN_CATEGORIES) {
    if (!categoryNeeded(category, alerts, s.catalog.getState().lists, standingMints(s))) continue;
    const params = { category, ...WATCH_LIST };
    s.catalog.getState().applyList(listKey(params), await s.api.tokens.list(params), s.now());
  }
}

/** Why the alerts file cannot be read, or undefined when it can (or is absent). */
async function alertsProblem(s: Services): Promise<string | undefined> {
  try {
    await loadAlerts(s.stateDir);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * Reads the alerts file again each round: one that became unreadable is said once on stderr (the
 * alerts as last read are still watched), and once when it reads again. Returns the problem now.
 */
async function checkAlertsFile(
  s: Services,
  before: string | undefined,
  fail: (line: string) => void,
): Promise<string | undefined> {
  const now = await alertsProblem(s);
  if (now && now !== before) fail(`alerts: ${clean(now, 300)}; the alerts as last read are still watched`);
  else if (!now && before)
    fail('alerts: the alerts file reads again; alerts added to it since are watched from the next start');
  return now;
}

/** The vault's follower for this wallet, or undefined (no key that signs without a person: said once). */
async function vaultWatchOf(s: Services, fail: (line: string) => void) {
  if (!s.wallet || s.wallet.kind === 'watch') return undefined;
  if (!s.wallet.signer.canSignUnattended) {
    fail("vault: its orders are not followed here: the login would need the Ledger's approval at every renewal");
    return undefined;
  }
  const { watchVault } = await import('../vault/events.js');
  const { vaultSessionOf } = await import('../vault/session.js');
  const { tokenNames } = await import('../vault/read.js');
  const names = tokenNames(() => s.catalog.getState().latest);
  return watchVault(s.api, vaultSessionOf(s), () => names);
}

export async function watchEventsCommand(opts: Flags, config: Config, fail: (line: string) => void): Promise<number> {
  let every: number;
  try {
    every = watchEveryMs(opts);
  } catch (e) {
    if (e instanceof CommandError) return (fail(e.message), e.exitCode);
    throw e;
  }
  const stopped = untilSignal();
  const s = await openCommandServices(config, fail);
  if (typeof s === 'number') return s;
  // what would be a flash line on the dashboard (an alerts file it cannot read, a save that failed) is a line on stderr
  s.report = (_kind, text) => fail(clean(text, 400));
  const print = (e: NotifyEvent) => {
    if (opts.json) process.stdout.write(printJson(e));
    else process.stdout.write(`${e.time.slice(11, 19)}  ${e.title}: ${clean(e.text, 300)}\n`);
  };
  const off = s.onEvent(print);
  let stopStanding: (() => void) | undefined;
  try {
    const user = s.wallet?.address;
    if (!user) return (fail('no wallet to watch: give --keypair, or --address for a wallet you only watch'), 2);
    if (s.delivery.size === 0) fail('no channel set (--ntfy, --webhook, --notify-cmd): events are only printed');
    // the alerts store says at once (on stderr) when it cannot read the file
    alertsOf(s);
    // the standing orders of this wallet fire from here while it runs (src/orders/standing)
    stopStanding = standingOf(s).start();
    let alertsNow = await alertsProblem(s);
    let last: OrdersReading | undefined;
    let failures = 0;
    // the service's orders from the wallet's vault: followed with a login the key file signs (a
    // Ledger would ask on the device at every renewal, so it is left out, said once)
    const vault = await vaultWatchOf(s, fail);
    let vaultProblem: string | undefined;
    for (let round = 0; ; round++) {
      try {
        const reading = await readOrders(s, user);
        if (last) {
          // what became of an order that left is in the service's history: filled, cancelled, expired
          const left = ordersThatLeft(last, reading);
          const closed = left.trigger.length || left.time.length ? await readClosedOrders(s, user, left) : undefined;
          for (const c of orderChanges(s, last, reading, [], closed)) s.notify('Orders', c.text, c.event);
        }
        last = reading;
        if (vault) {
          try {
            for (const c of await vault.read()) s.notify('Orders', c.text, c.event);
            if (vaultProblem) fail('vault: its orders read again');
            vaultProblem = undefined;
          } catch (e) {
            const why = clean(e instanceof Error ? e.message : String(e), 300);
            if (why !== vaultProblem) fail(`vault: its orders could not be read (${why}); trying again each round`);
            vaultProblem = why;
          }
        }
        if (round > 0) alertsNow = await checkAlertsFile(s, alertsNow, fail);
        await readAlertPrices(s);
        await pruneEventsNow(s.stateDir, s.now());
        failures = 0;
      } catch (e) {
        failures++;
        fail(`round ${round + 1} failed: ${clean(e instanceof Error ? e.message : String(e), 300)}; trying again`);
      }
      // after failures in a row, wait longer (up to 5 minutes) so a service that is down is not pressed
      const wait = Math.min(every * 2 ** Math.min(failures, 4), 300_000);
      const timer = new Promise<'tick'>((r) => setTimeout(() => r('tick'), wait));
      if ((await Promise.race([timer, stopped.then(() => 'stop' as const)])) === 'stop') break;
    }
    return 0;
  } finally {
    stopStanding?.();
    off();
    await s.close();
  }
}
