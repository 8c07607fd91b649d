// Token data group: GET /tokens/v2/:category/:interval?limit= — the market's tokens ranked by
// organic score, traded volume or price momentum over the interval.
import { TOKEN_CATEGORIES, TOKEN_INTERVALS, type Token, type TokenCategory, type TokenInterval, type TokenStats } from '../../api/types.js';
import type { SimKernel } from '../kernel.js';
import { coreOf } from '../core.js';

function windowOf(t: Token, interval: TokenInterval): TokenStats {
  return (interval === '5m' ? t.stats5m : interval === '1h' ? t.stats1h : interval === '6h' ? t.stats6h : t.stats24h) ?? {};
}

function volume(s: TokenStats): number {
  return (s.buyVolume ?? 0) + (s.sellVolume ?? 0);
}

/** ranking score of a token in a category (higher first) */
export function rankScore(t: Token, category: TokenCategory, interval: TokenInterval): number {
  const s = windowOf(t, interval);
  if (category === 'toporganicscore') return (t.organicScore ?? 0) * 1e12 + volume(s);
  if (category === 'toptraded') return volume(s);
  return (s.priceChange ?? 0) * Math.log10(1 + volume(s));
}

/** how long a launched token counts as new for the trending lists */
export const NEW_LAUNCH_MS = 3_600_000;

export function register(kernel: SimKernel): void {
  const market = coreOf(kernel).market;
  // ranked lists are reused until the market changes (a new slot or a trade)
  const ranked = new Map<string, { stamp: string; tokens: Token[] }>();
  // serialised answers of the current market stamp only, so stale ones never pile up
  const bodies = new Map<string, string>();
  let bodiesStamp = '';
  kernel.router.add('GET', '/tokens/v2/:category/:interval', 'tokens', (req) => {
    const category = req.params.category;
    const interval = req.params.interval;
    if (!(TOKEN_CATEGORIES as readonly string[]).includes(category)) {
      kernel.fail({ status: 400, message: `category: "${category}" is not one of ${TOKEN_CATEGORIES.join(', ')}` });
    }
    if (!(TOKEN_INTERVALS as readonly string[]).includes(interval)) {
      kernel.fail({ status: 400, message: `interval: "${interval}" is not one of ${TOKEN_INTERVALS.join(', ')}` });
    }
    const rawLimit = req.query.get('limit');
    let limit = 50;
    if (rawLimit !== null) {
      if (!/^\d{1,3}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > 100) {
        kernel.fail({ status: 400, message: `limit: must be an integer from 1 to 100 (got "${rawLimit}")` });
      }
      limit = Number(rawLimit);
    }
    const key = `${category}/${interval}`;
    const stamp = market.stamp();
    // the serialised answer is reused while nothing in the market changed (same slot, no trade)
    if (bodiesStamp !== stamp) {
      bodies.clear();
      bodiesStamp = stamp;
    }
    const bodyKey = `${key}/${limit}`;
    const cached = bodies.get(bodyKey);
    if (cached !== undefined) return { status: 200, body: undefined, json: cached };
    let hit = ranked.get(key);
    if (!hit || hit.stamp !== stamp) {
      const nowMs = kernel.clock.nowMs();
      const scored = market.defs.map((d) => {
        const t = market.sharedRecord(d.mint)!;
        // trending lists put launches of the last hour first, newest first
        const launchedMs = category === 'toptrending' && nowMs - d.firstPoolCreatedMs < NEW_LAUNCH_MS ? d.firstPoolCreatedMs : 0;
        return { t, launchedMs, score: rankScore(t, category as TokenCategory, interval as TokenInterval) };
      });
      scored.sort((a, b) => b.launchedMs - a.launchedMs || b.score - a.score || (a.t.id < b.t.id ? -1 : 1));
      hit = { stamp, tokens: scored.map((s) => s.t) };
      ranked.set(key, hit);
    }
    const json = JSON.stringify(hit.tokens.slice(0, limit));
    bodies.set(bodyKey, json);
    return { status: 200, body: undefined, json };
  });
}
