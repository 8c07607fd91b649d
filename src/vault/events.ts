// What happened to the vault's orders between two readings, told as every other order's happenings
// are (order.filled, order.partly_filled, order.expired, order.completed): each fill the service's
// history records (with its leg, `orderContext`), each DCA round, each order that expired. The
// first reading only learns what is there. Event keys are the service's own ids, so the dashboard
// and `tradedeck watch` on one state directory tell a fill once.
import type { ApiClient } from '../api/index.js';
import type { DcaOrderV2, PriceOrderV2 } from '../api/types.js';
import type { OrderChange } from '../actions/orderChanges.js';
import { sanitize } from '../text/sanitize.js';
import { rawWords, priceOrderTerms, type TokenNames } from './read.js';
import type { VaultSession } from './session.js';

const LEG: Record<string, string> = {
  take_profit: 'take-profit',
  stop_loss: 'stop-loss',
  buy_above: 'buy above',
  buy_below: 'buy below',
};

export interface VaultWatch {
  /** what changed since the last reading (nothing at the first) */
  read(): Promise<OrderChange[]>;
}

/** The happenings of one reading, each under its key. */
function happenings(price: PriceOrderV2[], dca: DcaOrderV2[], names: TokenNames): Map<string, OrderChange> {
  const out = new Map<string, OrderChange>();
  const short = (id: string) => sanitize(id).slice(0, 8);
  for (const o of price) {
    const pair = { inputMint: o.inputMint, outputMint: o.outputMint, order: o.id, kind: 'vault' };
    const fills = (o.events ?? []).filter((e) => e.type === 'fill' && (e.state ?? 'success') === 'success');
    fills.forEach((e, i) => {
      const key = `vault:${o.id}#fill#${e.txSignature ?? e.timestamp ?? i}`;
      const whole = o.orderState === 'filled' && i === fills.length - 1;
      const leg = e.orderContext ? (LEG[e.orderContext] ?? sanitize(e.orderContext).slice(0, 20)) : undefined;
      out.set(key, {
        text: `Vault ${o.orderType} ${short(o.id)} (${priceOrderTerms(o)})${leg ? ` ${leg}` : ''} filled${whole ? '' : ' in part'}: ${rawWords(e.amount, e.mint ?? o.inputMint, names)} for ${rawWords(e.outputAmount, e.outputMint ?? o.outputMint, names)}`,
        event: {
          type: whole ? 'order.filled' : 'order.partly_filled',
          key,
          data: {
            ...pair,
            fills: i + 1,
            ...(e.orderContext ? { orderContext: sanitize(e.orderContext).slice(0, 20) } : {}),
            ...(e.amount ? { inputAmount: e.amount } : {}),
            ...(e.outputAmount ? { outputAmount: e.outputAmount } : {}),
            ...(typeof o.fillPercent === 'number' ? { filledPercent: Math.round(o.fillPercent * 100) } : {}),
          },
        },
      });
    });
    if (o.orderState === 'expired') {
      const key = `vault:${o.id}#closed`;
      out.set(key, {
        text: `Vault ${o.orderType} ${short(o.id)} (${priceOrderTerms(o)}) expired; its funds stay in the vault until you cancel it (tradedeck vault cancel ${short(o.id)}…)`,
        event: { type: 'order.expired', key, data: pair },
      });
    }
  }
  for (const o of dca) {
    const pair = { inputMint: o.inputMint, outputMint: o.outputMint, order: o.id, kind: 'vault-dca' };
    for (const e of (o.events ?? []).filter((x) => x.type === 'fill' && (x.state ?? 'success') === 'success')) {
      const key = `vault:${o.id}#round#${e.roundNumber ?? e.txSignature ?? e.timestamp}`;
      const last = o.state === 'completed' && e.roundNumber !== undefined && e.roundNumber === o.numberOfRounds;
      out.set(key, {
        text: `Vault DCA ${short(o.id)}: round ${e.roundNumber ?? '?'}${o.numberOfRounds ? ` of ${o.numberOfRounds}` : ''} done: ${rawWords(e.inputAmount, o.inputMint, names)} for ${rawWords(e.outputAmount, o.outputMint, names)}`,
        event: {
          type: last ? 'order.completed' : 'order.partly_filled',
          key,
          data: {
            ...pair,
            ...(e.roundNumber !== undefined ? { fills: e.roundNumber } : {}),
            ...(e.outputAmount ? { outputAmount: e.outputAmount } : {}),
          },
        },
      });
    }
  }
  return out;
}

/** Follows the vault's orders: each read compares with the one before. */
export function watchVault(api: ApiClient, session: VaultSession, names: () => TokenNames): VaultWatch {
  let seen: Set<string> | undefined;
  return {
    async read() {
      const list = async (state: 'active' | 'past') => {
        const [p, d] = await Promise.all([
          session.authed((o) => api.triggerV2.priceHistory({ state, limit: 100 }, o)),
          session.authed((o) => api.triggerV2.dcaHistory({ state, limit: 100 }, o)),
        ]);
        return { price: p.orders, dca: d.orders };
      };
      const [active, past] = await Promise.all([list('active'), list('past')]);
      const now = happenings([...active.price, ...past.price], [...active.dca, ...past.dca], names());
      const first = seen === undefined;
      const before = seen ?? new Set<string>();
      seen = new Set([...before, ...now.keys()]);
      return first ? [] : [...now].filter(([k]) => !before.has(k)).map(([, c]) => c);
    },
  };
}
