// The Alerts screen module (7): price alerts set with `:alert`, `a` on a token row or n here,
// kept in <state dir>/alerts.json. Its store is the one alerts store of the services, checked on
// every refresh of the token catalog. Its resources poll, in the background, the category list
// that holds each armed alert's mint (all three while a mint has not been seen in any), so alerts
// fire while other screens are up; the same lists price the standing orders (src/orders/standing).
import { TOKEN_CATEGORIES } from '../../src/api/contract/tokens.js';
import type { Token, TokenCategory } from '../../src/api/types.js';
import { addAlertFromLine } from '../../src/alerts/command.js';
import { categoryNeeded, WATCH_LIST } from '../../src/alerts/coverage.js';
import { AlertInputError, ALERT_EXAMPLES, ALERT_USAGE, splitAlertLine } from '../../src/alerts/model.js';
import { knowTokens } from '../../src/actions/swapFlow.js';
import { alertsOf, type AlertsState } from '../../src/alerts/store.js';
import { listKey } from '../../src/store/tokens.js';
import { standingMints, standingOf } from '../../src/orders/standing/checker.js';
import { CommandError, knownSymbols } from '../shared/commandArgs.js';
import type { ScreenContext, ScreenModule, ScreenResource } from '../shared/types.js';
import { AlertsScreen } from './AlertsScreen.js';
import { ALERTS_KEYS, ALERTS_SCREEN } from './keys.js';

/** Each category list at most twice a minute: with all three, 6 requests a minute of the service's 60. */
export const WATCH_INTERVAL_MS = 30_000;

interface WatchParams {
  category: TokenCategory;
  interval: typeof WATCH_LIST.interval;
  limit: number;
}

const watch = (category: TokenCategory): ScreenResource<AlertsState, WatchParams, Token[]> => ({
  id: `watch-${category}`,
  intervalMs: WATCH_INTERVAL_MS,
  background: true,
  // the lists the armed alerts and the armed standing orders need (one poll per category for both)
  params: ({ store, services }: ScreenContext<AlertsState>) =>
    categoryNeeded(category, store.getState().alerts, services.catalog.getState().lists, standingMints(services))
      ? { category, ...WATCH_LIST }
      : undefined,
  also: (services) => standingOf(services).store,
  key: (p) => listKey(p),
  fetch: (p, signal, { services }) => services.api.tokens.list({ ...p }, { signal }),
  apply: (p, tokens, at, { services }) => services.catalog.getState().applyList(listKey(p), tokens, at),
});

export const alertsScreen: ScreenModule<AlertsState> = {
  id: ALERTS_SCREEN,
  title: 'Alerts',
  key: '7',
  createStore: (services) => alertsOf(services),
  resources: TOKEN_CATEGORIES.map(watch),
  keys: ALERTS_KEYS,
  commands: [
    {
      name: 'alert',
      usage: ALERT_USAGE,
      help: `price alert, told by flash, bell and the N log: ${ALERT_EXAMPLES}`,
      complete: (index, _p, ctx) =>
        index === 0 ? knownSymbols(ctx) : index === 1 ? ['>', '<', '-5%/1h', '+5%/1h'] : [],
      async run(args, ctx) {
        if (args.length === 0) {
          ctx.goto(ALERTS_SCREEN);
          ctx.flash('info', `:alert sets a price alert: ${ALERT_EXAMPLES}`);
          return;
        }
        try {
          await knowTokens(ctx.services, [splitAlertLine(args.join(' ')).token]);
          const { message } = addAlertFromLine(ctx.store, ctx.services.catalog.getState().latest, args.join(' '));
          ctx.flash('success', `${message} · 7 lists alerts`);
        } catch (e) {
          if (e instanceof AlertInputError) throw new CommandError(e.message);
          throw e;
        }
      },
    },
  ],
  Component: AlertsScreen,
};
