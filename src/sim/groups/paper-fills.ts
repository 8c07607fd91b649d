// The keepers' fill source in paper mode (limit orders, DCA cycles): the followed service's quotes,
// asked for at the pace a free key allows and filled through the paper maker. The other side of
// the seam whose demo side is the simulator's pools (poolFills in engine/pool-fills.ts).
import type { SimCore } from '../engine/core.js';
import type { SimFillSource, SimMarketQuote } from '../engine/kernel.js';
import { executeRfq } from './ultra-rfq.js';
import type { PaperLink } from './paper-market.js';

/** How long (simulated time) a quote the keepers asked for is used again for the same pair and amount. */
export const KEEPER_QUOTE_TTL_MS = 12_000;
/** After the service failed to quote for an order, that order asks again after this long. */
export const KEEPER_RETRY_MS = 10_000;
/** The keepers ask the service at most this many quotes a minute (a free key has 60, shared with the user). */
export const KEEPER_QUOTES_PER_MINUTE = 12;

/**
 * The keepers' fill source in paper mode. A keeper check is synchronous and the service is not:
 * the first check that needs a quote asks for it and waits ('pending'); the answer is kept for
 * KEEPER_QUOTE_TTL_MS per pair and amount, and a later check fills at it. The service is asked
 * with GET /swap/v1/quote: the route's own price without the order group's fee, as a keeper
 * routes (the keeper's fee is charged by the book), and the read the prices already use. At most
 * one question per order is in flight, failures wait KEEPER_RETRY_MS, and all keepers together
 * ask at most KEEPER_QUOTES_PER_MINUTE a minute. A fill moves the input to the paper maker and
 * the quoted output from it, as an order-group fill does.
 */
export class PaperFills implements SimFillSource {
  private readonly answers = new Map<string, { atMs: number; quote: SimMarketQuote | null }>();
  private readonly asking = new Map<string, Promise<void>>();
  private readonly failedAt = new Map<string, number>();
  private asked: number[] = [];

  constructor(
    private readonly core: SimCore,
    private readonly link: PaperLink,
  ) {}

  quote(order: string, inputMint: string, outputMint: string, amountIn: bigint): SimMarketQuote | null | 'pending' {
    const now = this.core.clock.nowMs();
    const key = `${inputMint}|${outputMint}|${amountIn}`;
    const kept = this.answers.get(key);
    if (kept && now - kept.atMs < KEEPER_QUOTE_TTL_MS) return kept.quote;
    if (this.asking.has(order)) return 'pending';
    const failed = this.failedAt.get(order);
    if (failed !== undefined && now - failed < KEEPER_RETRY_MS) return 'pending';
    this.asked = this.asked.filter((at) => now - at < 60_000);
    if (this.asked.length >= KEEPER_QUOTES_PER_MINUTE) return 'pending';
    this.asked.push(now);
    const asking = this.ask(order, key, inputMint, outputMint, amountIn).finally(() => this.asking.delete(order));
    this.asking.set(order, asking);
    return 'pending';
  }

  private async ask(order: string, key: string, inputMint: string, outputMint: string, amountIn: bigint) {
    try {
      const q = await this.link.client.swap.quote({ inputMint, outputMint, amount: amountIn.toString() });
      this.keep(key, { inAmount: BigInt(q.inAmount), outAmount: BigInt(q.outAmount), priceImpact: 0, hops: [] });
      this.failedAt.delete(order);
    } catch (e) {
      if ((e as { status?: unknown }).status === 400) {
        // the service refuses the pair or amount: no route, as the pools would say
        this.keep(key, null);
        this.failedAt.delete(order);
      } else {
        this.failedAt.set(order, this.core.clock.nowMs());
        this.link.lastError = `paper mode: the service did not quote an order's fill, which waits (${(e as Error).message})`;
      }
    }
  }

  private keep(key: string, quote: SimMarketQuote | null): void {
    const now = this.core.clock.nowMs();
    for (const [k, a] of this.answers) if (now - a.atMs >= KEEPER_QUOTE_TTL_MS) this.answers.delete(k);
    this.answers.set(key, { atMs: now, quote });
  }

  fill(escrow: string, inputMint: string, outputMint: string, amount: bigint, quote: SimMarketQuote) {
    if (quote.inAmount !== amount) return null;
    const done = executeRfq(this.core, {
      trader: escrow,
      receiver: escrow,
      feePayer: escrow,
      networkFeeLamports: 0n,
      inputMint,
      outputMint,
      inAmount: quote.inAmount,
      outAmount: quote.outAmount,
      feeAmount: 0n,
      feeRecipient: escrow,
      maker: this.link.maker,
    });
    return done.ok ? quote : null;
  }

  /** settles when every question in flight has its answer (tests wait on it) */
  async settled(): Promise<void> {
    while (this.asking.size > 0) await Promise.all(this.asking.values());
  }
}
