import { OPERATIONS } from '../../api/contract/index.js';
import type { PortfolioAsset } from '../../api/types.js';
import { coreOf } from '../engine/core.js';
import type { SimKernel } from '../engine/kernel.js';
import {
  WALLET_PLATFORM,
  type PortfolioElement,
  seededElements,
  triggerElements,
  walletElement,
} from './portfolio-elements.js';
import { moreElements, varyElements } from './portfolio-more.js';
import { SeededStream } from './send-seeded.js';
import { Params } from './read-request.js';
import { paperOf } from './paper-market.js';

/**
 * The fetchers behind each platform (reported only with the sample positions). `marginfi` has no
 * positions and its fetcher always fails
 * (after a timeout-like duration), so every unfiltered portfolio carries one failed report; the
 * others report `succeeded` or, now and then, `ok` (both seen on the real service).
 */
const FETCHERS: Array<{ id: string; platformId: string }> = [
  { id: 'wallet-tokens-solana', platformId: WALLET_PLATFORM },
  { id: 'raydium-clmm', platformId: 'raydium' },
  { id: 'drift-perps', platformId: 'drift' },
  { id: 'kamino-lend', platformId: 'kamino' },
  { id: 'solend-lend', platformId: 'solend' },
  { id: 'sanctum-staking', platformId: 'sanctum' },
  { id: 'jupiter-exchange-limit', platformId: 'jupiter-exchange' },
  { id: 'marginfi-lend', platformId: 'marginfi' },
];
export const FAILING_PLATFORM = 'marginfi';

/** Registers the portfolio group's operations on the simulator. */
export function register(kernel: SimKernel): void {
  kernel.router.add('GET', '/portfolio/v1/positions/:address', 'portfolio', (req) => {
    const p = new Params(kernel, 'portfolio');
    // platforms repeated or comma-separated, as the real service reads array parameters
    const q = new URLSearchParams(req.query);
    if (q.getAll('platforms').join('').trim() === '') q.delete('platforms');
    // the route's pattern names :address
    const { address: owner, platforms: asked } = p.query(OPERATIONS.positions, q, { address: req.params.address! });
    let platforms: Set<string> | null = null;
    if (asked) {
      const ids = asked.map((s) => s.trim());
      ids.forEach((id, i) => {
        if (!/^[a-z0-9][a-z0-9-]*$/.test(id))
          p.fail('platforms', `item ${i + 1} "${id}" is not a platform id (lower-case letters, digits, dashes)`);
      });
      platforms = new Set(ids);
    }

    const elements: PortfolioElement[] = [];
    const wallet = walletElement(kernel, owner);
    if (wallet) elements.push(wallet);
    elements.push(...triggerElements(kernel, owner));
    // a paper account, or the demo's wallet, holds what it traded, nothing invented beside it
    const core = coreOf(kernel);
    const paper = paperOf(core) !== undefined || core.options.samples === false;
    if (kernel.ledger.isFunded(owner) && !paper)
      elements.push(...varyElements(kernel, owner, [...seededElements(kernel, owner), ...moreElements(kernel, owner)]));
    const shown = platforms ? elements.filter((e) => platforms.has(String(e.platformId))) : elements;

    // fetcher timings and the occasional failure are seeded per wallet and minute of sim time
    const minute = Math.floor(kernel.clock.nowMs() / 60_000);
    const rng = new SeededStream(kernel.seed, `fetchers:${owner}:${minute}`);
    const fetcherReports = FETCHERS.filter((f) => !paper && (!platforms || platforms.has(f.platformId))).map((f) =>
      f.platformId === FAILING_PLATFORM
        ? { id: f.id, status: 'failed', duration: rng.int(2500, 5000) }
        : { id: f.id, status: rng.next() < 0.25 ? 'ok' : 'succeeded', duration: rng.int(40, 900) },
    );
    const duration = fetcherReports.reduce((n, f) => Math.max(n, f.duration), 0) + rng.int(5, 60);

    // tokenInfo is not marked required by the contract: it is left out when no element is shown
    const body: Record<string, unknown> = {
      date: kernel.clock.nowMs(),
      owner,
      fetcherReports,
      elements: shown,
      duration,
    };
    if (shown.length > 0) body.tokenInfo = tokenInfo(kernel, shown);
    return { status: 200, body };
  });
}

/** Every mint that appears in the elements, keyed by mint. */
function tokenInfo(kernel: SimKernel, elements: PortfolioElement[]): Record<string, unknown> {
  const mints = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const a = v as Partial<PortfolioAsset>;
      if (a.type === 'generic' && a.data && typeof a.data.address === 'string') mints.add(a.data.address);
      else Object.values(v).forEach(visit);
    }
  };
  visit(elements);
  const out: Record<string, unknown> = {};
  for (const mint of [...mints].sort()) {
    const t = kernel.market.token(mint);
    if (!t) continue;
    out[mint] = {
      address: mint,
      networkId: 'solana',
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
      price: kernel.market.priceUsd(mint),
      logoURI: kernel.market.tokenRecord(mint)?.icon ?? null,
    };
  }
  return out;
}
