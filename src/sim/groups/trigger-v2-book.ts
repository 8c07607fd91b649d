// What the price and DCA books of the current order generation share: their records by id and in
// order, a snapshot of them, and a keeper's sale from the wallet's vault (through kernel.fills,
// within a slippage of the market's reference price, less the fill's fee).
import type { SimKernel } from '../engine/kernel.js';
import { seededAddress } from '../engine/random.js';
import { checkpointFields } from '../engine/checkpoint.js';

/** The keeper looks every this many slots (2 s of simulated time). */
export const CHECK_EVERY_SLOTS = 5;
/** The fee of a fill, in bps of its output. */
export const FILL_FEE_BPS = 10n;
/** A failed attempt is recorded at most this often per order (ms). */
export const FAILED_EVERY_MS = 30_000;

interface VaultOrder {
  id: string;
  user: string;
  events: object[];
  cancel?: { requestId: string; messageKey: string; signature?: string };
  seq: number;
}

export class VaultOrders<R extends VaultOrder> {
  protected readonly byId = new Map<string, R>();
  protected seq = 0;
  protected readonly feeCollector: string;

  constructor(protected readonly kernel: SimKernel) {
    this.feeCollector = seededAddress(kernel.seed, 'trigger-v2-fee-collector');
  }

  get(id: string): R | undefined {
    return this.byId.get(id);
  }

  protected ofUser(user: string): R[] {
    return [...this.byId.values()].filter((r) => r.user === user);
  }

  /** The records as they are now, put back by the function returned (RPC simulateTransaction's dry run). */
  checkpoint(): () => void {
    const byId = new Map(this.byId);
    const seq = this.seq;
    const records = [...byId.values()];
    const fields = checkpointFields([...records, ...records.flatMap((r) => (r.cancel ? [r.cancel] : []))]);
    return () => {
      fields();
      this.byId.clear();
      for (const [k, r] of byId) this.byId.set(k, r);
      this.seq = seq;
    };
  }

  exportState(): { seq: number; records: R[] } {
    return {
      seq: this.seq,
      records: [...this.byId.values()].map((r) => ({
        ...r,
        events: r.events.map((e) => ({ ...e })),
        ...(r.cancel ? { cancel: { ...r.cancel } } : {}),
      })),
    };
  }

  importState(state: { seq: number; records: R[] }): void {
    this.byId.clear();
    for (const r of state.records) this.byId.set(r.id, { ...r, events: r.events.map((e) => ({ ...e })) });
    this.seq = state.seq;
  }

  /**
   * Sells `amount` of `sell` held by the vault for `buy` at the market, if it gives at least the
   * reference price less `slippageBps`; the fee leaves the vault, the rest of the output stays in
   * it. 'pending' while the fill source's answer is on its way (paper mode); null when it did not fill.
   */
  protected sell(
    order: string,
    vault: string,
    sell: string,
    buy: string,
    amount: bigint,
    slippageBps: number,
  ): { inAmount: bigint; net: bigint } | 'pending' | null {
    const { kernel } = this;
    const { market } = kernel;
    const quote = kernel.fills.quote(order, sell, buy, amount);
    if (quote === 'pending') return 'pending';
    const pIn = market.priceUsd(sell);
    const pOut = market.priceUsd(buy);
    const dIn = market.token(sell)?.decimals ?? 0;
    const dOut = market.token(buy)?.decimals ?? 0;
    const fair = pIn > 0 && pOut > 0 ? ((Number(amount) / 10 ** dIn) * pIn * 10 ** dOut) / pOut : 0;
    const least = BigInt(Math.floor(fair * (1 - slippageBps / 10_000)));
    const swap = quote && quote.outAmount >= least ? kernel.fills.fill(vault, sell, buy, amount, quote) : null;
    if (!swap) return null;
    const fee = (swap.outAmount * FILL_FEE_BPS) / 10_000n;
    if (fee > 0n) kernel.ledger.transfer(vault, this.feeCollector, buy, fee);
    return { inAmount: swap.inAmount, net: swap.outAmount - fee };
  }
}
