// Paper trading: the simulator's market follows another service (the real one, or a simulator
// standing in for it) and only reads from it. Its token lists are that service's, served as it
// sent them; prices are the ones it lists or quotes; a swap of either group fills at exactly the
// amounts that service quoted, and the keepers (limit orders, DCA cycles) fill at that service's
// quotes through the paper maker (the kernel's fill source). Nothing is ever sent to that
// service's execute, create, cancel or swap-building operations: the only requests it gets are
// GET /tokens/v2/{category}/{interval}, GET /ultra/v1/order without a taker and GET /swap/v1/quote.
import { createApiClient, type ApiClient } from '../../api/index.js';
import { USDC_MINT } from '../../chain/mints.js';
import type { Order, Quote, QuoteParams, Token } from '../../api/types.js';
import type { PaperSource, SimCore } from '../engine/core.js';
import type { FirmQuote } from './swap-body.js';
import { PaperFills } from './paper-fills.js';
import type { LearnedToken } from '../engine/listing.js';
import { seededAddress } from '../engine/random.js';
import type { OrderQuery, OrderPlan } from './ultra-order.js';
import { triggerBookOf } from './trigger-book.js';
import { recurringBookOf } from './recurring-book.js';

/** How often the prices of what the paper account holds or has orders in are asked again. */
export const PAPER_REFRESH_MS = 15_000;

const CATEGORIES = ['toptraded', 'toptrending', 'toporganicscore'] as const;

/** How long (simulated time) a swap-group quote handed out can be built into a swap. */
export const PAPER_QUOTE_KEEP_MS = 120_000;

/** a quote's identity: every field a swap is built and filled from, in a fixed order */
function fingerprint(q: Quote): string {
  return JSON.stringify([
    q.inputMint,
    q.inAmount,
    q.outputMint,
    q.outAmount,
    q.otherAmountThreshold,
    q.swapMode,
    q.slippageBps,
    q.priceImpactPct,
    q.platformFee?.amount ?? null,
    q.platformFee?.feeBps ?? null,
    q.contextSlot ?? null,
    q.routePlan.map((r) => [
      r.swapInfo.ammKey,
      r.swapInfo.label,
      r.swapInfo.inputMint,
      r.swapInfo.outputMint,
      r.swapInfo.inAmount,
      r.swapInfo.outAmount,
      r.swapInfo.feeAmount ?? null,
      r.percent,
    ]),
  ]);
}

function learned(t: Token): LearnedToken | null {
  if (typeof t.usdPrice !== 'number' || !(t.usdPrice > 0)) return null;
  return {
    mint: t.id,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    tokenProgram: t.tokenProgram ?? 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    priceUsd: t.usdPrice,
    liquidityUsd: typeof t.liquidity === 'number' ? t.liquidity : 0,
  };
}

/** the followed service's refusal of a request passes on as such; anything else is a bad gateway */
function failStatus(e: unknown): number {
  const status = (e as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 502;
}

const links = new WeakMap<SimCore, PaperLink>();

/** the paper link of a simulator in paper mode (the service its market follows), else undefined */
export function paperOf(core: SimCore): PaperLink | undefined {
  return links.get(core);
}

export class PaperLink {
  readonly client: ApiClient;
  /** receives the input of a paper fill and delivers its output (the other side of every fill) */
  readonly maker: string;
  private timer: ReturnType<typeof setInterval> | undefined;
  private refreshing: Promise<void> | undefined;
  /** the last refresh that failed, said by /__sim/paper and the start-up */
  lastError: string | undefined;
  /** swap-group quotes handed out, by fingerprint, with the simulated time they were */
  private readonly handedOut = new Map<string, { atMs: number; firm: FirmQuote }>();
  /** what the keepers fill at: the service's quotes, filled through the paper maker */
  readonly fills: PaperFills;

  constructor(
    private readonly core: SimCore,
    readonly source: PaperSource,
  ) {
    this.client = createApiClient({
      baseUrl: source.baseUrl,
      apiKey: source.apiKey,
      timeoutMs: source.timeoutMs ?? 10_000,
      retries: 1,
    });
    this.maker = seededAddress(core.options.seed, 'paper-maker');
    this.fills = new PaperFills(core, this);
  }

  /** the tokens of a list the service sent: known ones take its price, new ones join the market */
  learn(tokens: readonly Token[]): void {
    for (const t of tokens) {
      const l = learned(t);
      if (l) this.core.market.learnToken(l);
    }
  }

  /** one list of the service, learned, and as it came (for the token data route) */
  async list(category: string, interval: string, limit: number | undefined): Promise<Token[]> {
    const tokens = await this.client.tokens.list({
      category,
      interval,
      ...(limit !== undefined ? { limit } : {}),
    } as Parameters<ApiClient['tokens']['list']>[0]);
    this.learn(tokens);
    return tokens;
  }

  /** mints the paper account and its orders depend on */
  private mintsInUse(): Set<string> {
    const mints = new Set<string>();
    for (const [, holdings] of this.core.ledger.exportState().balances)
      for (const [mint, amount] of holdings) if (amount > 0n) mints.add(mint);
    for (const r of triggerBookOf(this.core.kernel)?.exportState().records ?? [])
      mints.add(r.inputMint).add(r.outputMint);
    for (const r of recurringBookOf(this.core.kernel)?.exportState().records ?? [])
      mints.add(r.inputMint).add(r.outputMint);
    return mints;
  }

  /**
   * Prices again: one list of the service (100 tokens), then a quote into USDC for each mint in
   * use it did not list. Runs one at a time; a failure is kept in lastError and the prices stay.
   */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const listed = new Set((await this.list('toptraded', '24h', 100)).map((t) => t.id));
        for (const mint of this.mintsInUse()) {
          if (listed.has(mint) || mint === USDC_MINT || !this.core.market.token(mint)) continue;
          await this.priceByQuote(mint);
        }
        this.lastError = undefined;
      } catch (e) {
        this.lastError = (e as Error).message;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** a mint's USD price from the service's quote of one whole token into USDC */
  private async priceByQuote(mint: string): Promise<void> {
    const decimals = this.core.market.decimals(mint);
    const q = await this.client.swap.quote({
      inputMint: mint,
      outputMint: USDC_MINT,
      amount: (10n ** BigInt(decimals)).toString(),
    });
    const usd = Number(q.outAmount) / 1e6;
    if (usd > 0) this.core.market.setPrice(mint, usd);
  }

  /** makes sure the market knows these mints, asking the service's lists once for those it does not */
  async ensure(mints: readonly string[]): Promise<void> {
    if (mints.every((m) => this.core.market.token(m))) return;
    for (const category of CATEGORIES) {
      await this.list(category, '24h', 100);
      if (mints.every((m) => this.core.market.token(m))) return;
    }
  }

  /**
   * GET /ultra/v1/order in paper mode: the service's own order for the same pair and amount,
   * asked without a taker (so it builds nothing), becomes a firm fill at its amounts.
   */
  async planOrder(params: OrderQuery, base: OrderPlan | null): Promise<OrderPlan | null> {
    let live: Order;
    try {
      live = await this.client.ultra.order({
        inputMint: params.inputMint,
        outputMint: params.outputMint,
        amount: params.amount.toString(),
      });
    } catch (e) {
      return this.core.kernel.fail({
        status: failStatus(e),
        message: `paper mode: the service did not quote this order (${(e as Error).message})`,
      });
    }
    if (!base) return null;
    const inAmount = BigInt(live.inAmount);
    const outAmount = BigInt(live.outAmount);
    const feeBps = typeof live.feeBps === 'number' ? live.feeBps : 0;
    const gross = feeBps > 0 ? (outAmount * 10000n) / BigInt(10000 - feeBps) : outAmount;
    const slippageBps = live.slippageBps;
    const impact = typeof live.priceImpact === 'number' ? live.priceImpact / 100 : Number(live.priceImpactPct) || 0;
    // a price in the market from the service's own numbers: what a fill at them would mean
    const inUsd = this.core.market.priceUsd(params.inputMint);
    if (inUsd > 0 && outAmount > 0n) {
      const perOut =
        ((Number(inAmount) / 10 ** this.core.market.decimals(params.inputMint)) * inUsd) /
        (Number(gross) / 10 ** this.core.market.decimals(params.outputMint));
      if (params.outputMint !== USDC_MINT) this.core.market.setPrice(params.outputMint, perOut);
    }
    return {
      ...base,
      router: live.router ?? base.router,
      route: null,
      rfq: {
        router: live.router ?? 'paper',
        maker: this.maker,
        quoteId: live.requestId,
        outAmount: gross,
        spreadBps: 0,
      },
      inAmount,
      outAmount,
      feeAmount: gross - outAmount,
      feeBps,
      slippageBps,
      threshold: (outAmount * BigInt(10000 - slippageBps)) / 10000n,
      priceImpact: impact,
    };
  }

  /**
   * GET /swap/v1/quote in paper mode: the service's own quote for the same parameters (none of
   * them names the user), handed out as it came and remembered, so that the swap built from it
   * fills firm at its amounts.
   */
  async swapQuote(params: QuoteParams): Promise<Quote> {
    let live: Quote;
    try {
      live = await this.client.swap.quote(params);
    } catch (e) {
      return this.core.kernel.fail({
        status: failStatus(e),
        message: `paper mode: the service did not quote this swap (${(e as Error).message})`,
      });
    }
    const now = this.core.clock.nowMs();
    for (const [key, q] of this.handedOut) if (now - q.atMs >= PAPER_QUOTE_KEEP_MS) this.handedOut.delete(key);
    this.handedOut.set(fingerprint(live), {
      atMs: now,
      firm: {
        maker: this.maker,
        inAmount: BigInt(live.inAmount),
        outAmount: BigInt(live.outAmount),
        feeAmount: BigInt(live.platformFee?.amount ?? '0'),
      },
    });
    return live;
  }

  /** the firm fill of a quoteResponse handed out in the last PAPER_QUOTE_KEEP_MS unchanged, else undefined */
  firmQuote(q: Quote): FirmQuote | undefined {
    const kept = this.handedOut.get(fingerprint(q));
    return kept && this.core.clock.nowMs() - kept.atMs < PAPER_QUOTE_KEEP_MS ? kept.firm : undefined;
  }

  /** prices kept fresh while the simulator runs */
  start(): void {
    this.timer = setInterval(() => void this.refresh(), PAPER_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/**
 * Turns a core built for paper mode into one: its token data route serves the followed service's
 * lists, Studio is refused (nothing of it is simulated against a real market), and the first
 * prices are asked before anything is served. A service that does not answer stops the start.
 */
export async function installPaper(
  core: SimCore,
  source: PaperSource,
  restored: readonly LearnedToken[] = [],
): Promise<PaperLink> {
  const link = new PaperLink(core, source);
  links.set(core, link);
  core.onStop(() => link.stop());
  core.kernel.fills = link.fills;
  for (const t of restored) core.market.learnToken(t);
  const { kernel } = core;
  core.routes.replace('GET', '/tokens/v2/:category/:interval', async (req) => {
    const limitText = req.query.get('limit');
    const limit = limitText === null ? undefined : Number(limitText);
    try {
      // the route's pattern names both
      return { status: 200, body: await link.list(req.params.category!, req.params.interval!, limit) };
    } catch (e) {
      return kernel.fail({
        status: failStatus(e),
        message: `paper mode: the service's token list failed (${(e as Error).message})`,
      });
    }
  });
  // the service's own search: what it finds joins the market, as a listed token does
  core.routes.replace('GET', '/tokens/v2/search', async (req) => {
    try {
      const tokens = await link.client.tokens.search({ query: req.query.get('query') ?? '' });
      link.learn(tokens);
      return { status: 200, body: tokens };
    } catch (e) {
      return kernel.fail({
        status: failStatus(e),
        message: `paper mode: the service's token search failed (${(e as Error).message})`,
      });
    }
  });
  for (const path of ['/studio/v1/dbc-pool/create-tx', '/studio/v1/dbc/fee/create-tx']) {
    core.routes.replace('POST', path, () =>
      kernel.fail({
        status: 400,
        message: 'paper mode: Studio launches and fee claims are not simulated; use demo mode to try them',
      }),
    );
  }
  await link.refresh();
  if (link.lastError !== undefined)
    throw new Error(`paper mode: the service at ${source.baseUrl} did not answer (${link.lastError})`);
  link.start();
  return link;
}
