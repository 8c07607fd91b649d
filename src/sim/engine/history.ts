// Per-minute trade buckets for every token (a ring of 48 h), from which the stats windows are
// computed. The first 48 h are generated at start-up from the seed; live slots add to the
// current minute.
import { gauss, unit } from './random.js';
import type { TokenDef } from './catalog.js';

export const SLOTS_PER_MINUTE = 150;
export const RING_MINUTES = 2880;
export const WINDOW_MINUTES = { '5m': 5, '1h': 60, '6h': 360, '24h': 1440 } as const;
export type WindowName = keyof typeof WINDOW_MINUTES;

export interface WindowTotals {
  buyVolume: number;
  sellVolume: number;
  numBuys: number;
  numSells: number;
  previousVolume: number;
  /** close price of the minute before the window started */
  openPrice: number;
}

export class TradeHistory {
  buyVol: Float64Array;
  sellVol: Float64Array;
  // counts of trades: whole numbers, held in half the bytes of the volumes and prices
  numBuys: Int32Array;
  numSells: Int32Array;
  close: Float64Array;
  private readonly cache = new Map<number, { minute: number; sums: Float64Array }>();

  constructor(
    private readonly seed: number,
    private readonly defs: TokenDef[],
    /** the minute holding the genesis slot */
    readonly genesisMinute: number,
  ) {
    const size = defs.length * RING_MINUTES;
    this.buyVol = new Float64Array(size);
    this.sellVol = new Float64Array(size);
    this.numBuys = new Int32Array(size);
    this.numSells = new Int32Array(size);
    this.close = new Float64Array(size);
  }

  /** a slot of the ring: in range of every array for a token of the catalogue (the `!` reads below rely on it) */
  index(token: number, minute: number): number {
    return token * RING_MINUTES + (minute % RING_MINUTES);
  }

  /** activity multiplier of a token in a minute: daily cycle and a trend */
  activity(def: TokenDef, minute: number): number {
    const rel = minute - this.genesisMinute;
    return Math.exp(
      0.5 * Math.sin((2 * Math.PI * (minute + def.activityPhase)) / 1440) + (def.activityTrend * rel) / 1440,
    );
  }

  holders(def: TokenDef, minute: number): number {
    return Math.max(1, Math.round(def.holders * (1 + (def.holderGrowth * (minute - this.genesisMinute)) / 1440)));
  }

  liquidity(def: TokenDef, minute: number): number {
    return def.liquidityUsd * (1 + 0.04 * Math.sin((2 * Math.PI * (minute + def.activityPhase)) / 720));
  }

  /** generates the 48 h before genesis, ending at the genesis price of every token */
  preseed(): void {
    const g = this.genesisMinute;
    for (const def of this.defs) {
      const i = def.index;
      const sigmaMinute = def.sigma * Math.sqrt(SLOTS_PER_MINUTE);
      let logP = Math.log(def.basePrice);
      for (let m = g; m > g - RING_MINUTES; m--) {
        const z = gauss(this.seed, 9001, i, m);
        const k = this.index(i, m);
        this.close[k] = Math.exp(logP);
        if (m < g) {
          const expected = def.tradesPerSlot * SLOTS_PER_MINUTE * this.activity(def, m);
          const trades = Math.round(expected * (0.6 + 0.8 * unit(this.seed, 9002, i, m)));
          const buyShare = Math.min(0.9, Math.max(0.1, 0.5 + 0.25 * z));
          const size = def.avgTradeUsd * (0.7 + 0.6 * unit(this.seed, 9003, i, m));
          this.numBuys[k] = Math.round(trades * buyShare);
          this.numSells[k] = trades - this.numBuys[k];
          this.buyVol[k] = this.numBuys[k] * size;
          this.sellVol[k] = this.numSells[k] * size;
        }
        logP = def.stable
          ? Math.log(def.basePrice) + sigmaMinute * 0.2 * gauss(this.seed, 9004, i, m)
          : logP - sigmaMinute * z;
      }
    }
  }

  /**
   * Makes room for a token just appended to the catalogue: no trades before now, and every
   * earlier minute closing at its launch price (so price changes count from the launch).
   */
  grow(launchPrice: number): void {
    const size = this.defs.length * RING_MINUTES;
    const bigger = <A extends Float64Array | Int32Array>(a: A): A => {
      const b = new (a.constructor as new (n: number) => A)(size);
      b.set(a);
      return b;
    };
    this.buyVol = bigger(this.buyVol);
    this.sellVol = bigger(this.sellVol);
    this.numBuys = bigger(this.numBuys);
    this.numSells = bigger(this.numSells);
    this.close = bigger(this.close);
    this.close.fill(launchPrice, size - RING_MINUTES);
    this.cache.clear();
  }

  /** clears a token's bucket when its minute starts */
  startMinute(token: number, minute: number, price: number): void {
    const k = this.index(token, minute);
    this.buyVol[k] = 0;
    this.sellVol[k] = 0;
    this.numBuys[k] = 0;
    this.numSells[k] = 0;
    this.close[k] = price;
  }

  record(token: number, minute: number, buy: boolean, usd: number): void {
    const k = this.index(token, minute);
    if (buy) {
      this.buyVol[k]! += usd;
      this.numBuys[k]! += 1;
    } else {
      this.sellVol[k]! += usd;
      this.numSells[k]! += 1;
    }
  }

  setClose(token: number, minute: number, price: number): void {
    this.close[this.index(token, minute)] = price;
  }

  /**
   * Totals over the `w` minutes ending with `minute` (the live one included) and the volume of
   * the `w` minutes before. Completed minutes are summed once per minute and cached.
   */
  window(token: number, w: number, minute: number): WindowTotals {
    let entry = this.cache.get(w);
    if (!entry || entry.minute !== minute) {
      entry = { minute, sums: this.completedSums(w, minute) };
      this.cache.set(w, entry);
    }
    const s = entry.sums;
    const o = token * 5;
    const k = this.index(token, minute);
    return {
      buyVolume: s[o]! + this.buyVol[k]!,
      sellVolume: s[o + 1]! + this.sellVol[k]!,
      numBuys: s[o + 2]! + this.numBuys[k]!,
      numSells: s[o + 3]! + this.numSells[k]!,
      previousVolume: s[o + 4]!,
      openPrice: this.close[this.index(token, minute - w)]!,
    };
  }

  private completedSums(w: number, minute: number): Float64Array {
    const sums = new Float64Array(this.defs.length * 5);
    for (let t = 0; t < this.defs.length; t++) {
      const o = t * 5;
      for (let m = minute - w + 1; m < minute; m++) {
        const k = this.index(t, m);
        sums[o]! += this.buyVol[k]!;
        sums[o + 1]! += this.sellVol[k]!;
        sums[o + 2]! += this.numBuys[k]!;
        sums[o + 3]! += this.numSells[k]!;
      }
      for (let m = minute - 2 * w + 1; m <= minute - w; m++) {
        const k = this.index(t, m);
        sums[o + 4]! += this.buyVol[k]! + this.sellVol[k]!;
      }
    }
    return sums;
  }
}
