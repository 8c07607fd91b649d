// The stores: API health from request events, one update per poll result, price history and
// one-refresh change marks, stars persisted through the writer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RequestEvent } from '../../src/api/index.js';
import type { Token } from '../../src/api/types.js';
import {
  createSessionStore,
  createTokensStore,
  HISTORY_POINTS,
  listKey,
  nextHealth,
  type Health,
} from '../../src/store/index.js';
import type { WatchEntry } from '../../src/store/watchlist.js';
import { nth, valueAt } from '../support/narrow.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';

const event = (ok: boolean, extra: Partial<RequestEvent> = {}): RequestEvent => ({
  method: 'GET',
  endpoint: 'GET /tokens/v2/{category}/{interval}',
  ok,
  durationMs: 5,
  attempt: 1,
  ...extra,
});

function token(id: string, usdPrice: number | null, symbol = id.slice(0, 3)): Token {
  const stats = { priceChange: 1 };
  return {
    id,
    name: `${symbol} token`,
    symbol,
    icon: null,
    decimals: 6,
    twitter: null,
    telegram: null,
    website: null,
    dev: null,
    circSupply: null,
    totalSupply: null,
    tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    launchpad: null,
    partnerConfig: null,
    graduatedPool: null,
    graduatedAt: null,
    holderCount: null,
    fdv: null,
    mcap: null,
    usdPrice,
    priceBlockId: null,
    liquidity: null,
    stats5m: stats,
    stats1h: stats,
    stats6h: stats,
    stats24h: stats,
    firstPool: {},
    audit: {},
    organicScore: 50,
    organicScoreLabel: 'medium',
    isVerified: true,
    cexes: null,
    tags: null,
    updatedAt: '2026-01-01T00:00:00Z',
  };
}
const A = NATIVE_MINT;
const B = USDC_MINT;

describe('API health', () => {
  it('is degraded after a failure, down after three in a row, ok after any success, and keeps the last error', () => {
    let h: Health = { status: 'ok', failuresInRow: 0 };
    h = nextHealth(h, event(false, { status: 503, error: 'HTTP 503: busy' }), 1);
    assert.equal(h.status, 'degraded');
    assert.equal(h.lastError, 'HTTP 503: busy');
    h = nextHealth(h, event(false, { error: 'network error' }), 2);
    h = nextHealth(h, event(false, { error: 'timeout' }), 3);
    assert.equal(h.status, 'down');
    assert.equal(h.lastError, 'timeout');
    h = nextHealth(h, event(true, { status: 200 }), 4);
    assert.deepEqual(h, { status: 'ok', failuresInRow: 0 });
    assert.equal(nextHealth(h, event(true), 5), h, 'unchanged health is the same object (no re-render)');
  });

  it('a 429 counts as degraded, not down', () => {
    let h: Health = { status: 'ok', failuresInRow: 0 };
    for (let i = 0; i < 5; i++) h = nextHealth(h, event(false, { status: 429, error: 'rate limited' }), i);
    assert.equal(h.status, 'degraded');
  });

  it('a refusal the service gave on purpose (400, 404 such as no vault yet, 409) is an answer: the API stays ok; a refused key is not', () => {
    const ok: Health = { status: 'ok', failuresInRow: 0 };
    for (const status of [400, 404, 409, 422]) {
      const h = nextHealth(ok, event(false, { status, error: `HTTP ${status}` }), 1);
      assert.equal(h, ok, `HTTP ${status} leaves the health as it was`);
    }
    const down = [1, 2, 3].reduce<Health>((h, at) => nextHealth(h, event(false, { error: 'timeout' }), at), ok);
    assert.equal(down.status, 'down');
    assert.deepEqual(nextHealth(down, event(false, { status: 404, error: 'HTTP 404' }), 4), ok, 'and it is up again');
    for (const status of [401, 403, 408])
      assert.equal(
        nextHealth(ok, event(false, { status, error: `HTTP ${status}` }), 1).status,
        'degraded',
        `HTTP ${status}`,
      );
  });

  it('the session store notifies only when the health changed', () => {
    const s = createSessionStore({
      mode: 'demo',
      modeLabel: 'SIMULATED',
      wallet: null,
      screen: 'tokens',
      intervals: {},
    });
    let notified = 0;
    s.subscribe(() => notified++);
    s.getState().recordRequest(event(true), 1);
    assert.equal(notified, 0);
    s.getState().recordRequest(event(false, { error: 'x' }), 2);
    assert.equal(notified, 1);
    s.getState().setPendingSubmissions(2);
    assert.equal(s.getState().pendingSubmissions, 2);
  });
});

describe('Tokens store', () => {
  it('one store update per poll result; marks price moves for one refresh; keeps a bounded price series', () => {
    const s = createTokensStore();
    const key = listKey(s.getState());
    let updates = 0;
    s.subscribe(() => updates++);
    s.getState().applyList(key, [token(A, 100), token(B, 1)], 1);
    assert.equal(updates, 1);
    assert.deepEqual(s.getState().changed, {});
    s.getState().applyList(key, [token(A, 101), token(B, 1)], 2);
    assert.equal(updates, 2);
    assert.deepEqual(s.getState().changed, { [A]: 1 });
    s.getState().applyList(key, [token(A, 101), token(B, 0.5)], 3);
    assert.deepEqual(s.getState().changed, { [B]: -1 }, 'the earlier mark is gone after one refresh');
    for (let i = 0; i < HISTORY_POINTS + 10; i++) s.getState().applyList(key, [token(A, i)], 10 + i);
    const series = valueAt(s.getState().history, A);
    assert.equal(series.length, HISTORY_POINTS);
    assert.equal(series[series.length - 1], HISTORY_POINTS + 9);
  });

  it('c and i cycle through the service enums; each list is kept under its own key', () => {
    const s = createTokensStore();
    assert.equal(s.getState().category, 'toporganicscore');
    s.getState().cycleCategory();
    s.getState().cycleCategory();
    assert.equal(s.getState().category, 'toptrending');
    s.getState().cycleCategory();
    assert.equal(s.getState().category, 'toporganicscore');
    const intervals = [];
    for (let i = 0; i < 4; i++) {
      s.getState().cycleInterval();
      intervals.push(s.getState().interval);
    }
    assert.deepEqual(intervals, ['6h', '24h', '5m', '1h']);
    assert.equal(listKey(s.getState()), 'toporganicscore/1h/50');
  });

  it('stars are saved with the latest data; unstarring saves the shorter list', async () => {
    const saved: WatchEntry[][] = [];
    const s = createTokensStore({ persist: async (e) => void saved.push([...e]) });
    s.getState().applyList('k', [token(A, 100, 'SOL')], 1);
    assert.equal(s.getState().toggleStar(A), true);
    assert.equal(nth(saved.at(-1)!, 0).mint, A);
    assert.equal(nth(saved.at(-1)!, 0).symbol, 'SOL');
    assert.equal(nth(saved.at(-1)!, 0).last?.usdPrice, 100);
    s.getState().applyList('k', [token(A, 120, 'SOL')], 2);
    await s.getState().persistStarred();
    assert.equal(nth(saved.at(-1)!, 0).last?.usdPrice, 120);
    assert.equal(s.getState().toggleStar(A), false);
    assert.deepEqual(saved.at(-1), []);
  });
});
