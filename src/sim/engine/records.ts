// Assembles the Token record (as GET /tokens/v2/{category}/{interval} lists it) from a token's traits, its price and
// its trade history.
import type { OrganicScoreLabel, Token, TokenStats } from '../../api/types.js';
import type { TokenDef } from './catalog.js';
import { WINDOW_MINUTES, type TradeHistory, type WindowName } from './history.js';

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

function pct(now: number, then: number): number | null {
  return then > 0 ? round((now / then - 1) * 100, 4) : null;
}

export function windowStats(
  def: TokenDef,
  price: number,
  history: TradeHistory,
  minute: number,
  w: number,
  score: number,
): TokenStats {
  const t = history.window(def.index, w, minute);
  const volume = t.buyVolume + t.sellVolume;
  const trades = t.numBuys + t.numSells;
  const organic = score / 100;
  return {
    priceChange: pct(price, t.openPrice),
    holderChange: pct(history.holders(def, minute), history.holders(def, minute - w)),
    liquidityChange: pct(history.liquidity(def, minute), history.liquidity(def, minute - w)),
    volumeChange: pct(volume, t.previousVolume),
    buyVolume: round(t.buyVolume, 2),
    sellVolume: round(t.sellVolume, 2),
    buyOrganicVolume: round(t.buyVolume * organic, 2),
    sellOrganicVolume: round(t.sellVolume * organic, 2),
    numBuys: t.numBuys,
    numSells: t.numSells,
    numTraders: Math.round(trades * 0.55),
    numOrganicBuyers: Math.round(t.numBuys * 0.55 * organic),
    numNetBuyers: Math.max(0, Math.round((t.numBuys - t.numSells) * 0.55)),
  };
}

/** organic score 0..100: the token's base, nudged by how its last hour's activity is trending */
export function organicScore(def: TokenDef, history: TradeHistory, minute: number): number {
  const drift = 4 * Math.tanh((history.activity(def, minute) - 1) * 2);
  return round(Math.min(100, Math.max(0, def.organicBase + drift)), 2);
}

export function organicLabel(score: number): OrganicScoreLabel {
  return score >= 70 ? 'high' : score >= 40 ? 'medium' : 'low';
}

export function buildTokenRecord(
  def: TokenDef,
  price: number,
  history: TradeHistory,
  minute: number,
  slot: number,
  updatedMs: number,
): Token {
  const score = organicScore(def, history, minute);
  const stats = (w: WindowName) => windowStats(def, price, history, minute, WINDOW_MINUTES[w], score);
  return {
    id: def.mint,
    name: def.name,
    symbol: def.symbol,
    icon:
      def.icon !== undefined
        ? def.icon
        : def.major
          ? `https://static.tradedeck.example/icons/${def.symbol.toLowerCase()}.png`
          : def.twitter
            ? `https://ipfs.tradedeck.example/${def.mint.slice(0, 16)}`
            : null,
    decimals: def.decimals,
    twitter: def.twitter,
    telegram: def.telegram,
    website: def.website,
    dev: def.dev,
    circSupply: round(def.circSupply, 2),
    totalSupply: round(def.totalSupply, 2),
    tokenProgram: def.tokenProgram,
    launchpad: def.launchpad,
    partnerConfig: def.partnerConfig,
    graduatedPool: def.graduatedPool,
    graduatedAt: def.graduatedAtMs === null ? null : new Date(def.graduatedAtMs).toISOString(),
    holderCount: history.holders(def, minute),
    fdv: round(price * def.totalSupply, 2),
    mcap: round(price * def.circSupply, 2),
    usdPrice: Number(price.toPrecision(10)),
    priceBlockId: slot,
    liquidity: round(history.liquidity(def, minute), 2),
    stats5m: stats('5m'),
    stats1h: stats('1h'),
    stats6h: stats('6h'),
    stats24h: stats('24h'),
    firstPool: { id: def.firstPoolId, createdAt: new Date(def.firstPoolCreatedMs).toISOString() },
    audit: {
      mintAuthorityDisabled: def.mintAuthorityDisabled,
      freezeAuthorityDisabled: def.freezeAuthorityDisabled,
      topHoldersPercentage: round(def.topHoldersPercentage, 4),
      devMints: def.devMints,
      isSus: def.isSus,
    },
    organicScore: score,
    organicScoreLabel: organicLabel(score),
    isVerified: def.isVerified,
    cexes: def.cexes,
    tags: def.tags,
    updatedAt: new Date(updatedMs).toISOString(),
  };
}
