// More seeded portfolio positions, for clients that must render what they do not know: a lending
// position written `borrow-lend` (the contract's spelling; the real service writes `borrowlend`),
// an element of a type the contract does not list (`staking-v2`), extra fields the contract does
// not show, and optional fields (`name`) left out now and then.

import { NATIVE_MINT, USDC_MINT } from '../../chain/mints.js';
import type { PortfolioElement } from './portfolio-elements.js';
import type { SimKernel } from '../engine/kernel.js';
import { asset, type SimAsset } from './portfolio-elements.js';
import { SeededStream } from './send-seeded.js';

const round = (v: number, digits = 6) => Math.round(v * 10 ** digits) / 10 ** digits;
const sum = (assets: SimAsset[]) =>
  round(
    assets.reduce((n, a) => n + a.value, 0),
    6,
  );

/** JitoSOL, a liquid staking token the simulated market lists. */
export const STAKED_SOL_MINT = 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn';

export function moreElements(kernel: SimKernel, owner: string): PortfolioElement[] {
  const rng = new SeededStream(kernel.seed, `portfolio-more:${owner}`);

  const supplied = [asset(kernel, NATIVE_MINT, round(rng.range(1, 30), 4))];
  const borrowed = [asset(kernel, USDC_MINT, round(rng.range(20, sum(supplied) * 0.4), 2))];
  const suppliedValue = sum(supplied);
  const borrowedValue = sum(borrowed);
  const lending: PortfolioElement = {
    type: 'borrow-lend',
    label: 'Lending',
    platformId: 'solend',
    name: 'Main pool',
    value: round(suppliedValue - borrowedValue, 2),
    data: {
      suppliedAssets: supplied,
      suppliedValue,
      suppliedYields: [[{ apr: round(rng.range(0.02, 0.09), 4), apy: 0 }]],
      borrowedAssets: borrowed,
      borrowedValue,
      borrowedYields: [[{ apr: -round(rng.range(0.04, 0.15), 4), apy: 0 }]],
      collateralRatio: round(suppliedValue / borrowedValue, 4),
      healthRatio: round(1 - borrowedValue / (suppliedValue * 0.75), 4),
      rewardAssets: [],
      value: round(suppliedValue - borrowedValue, 2),
    },
  };

  const stakeAsset = asset(kernel, STAKED_SOL_MINT, round(rng.range(0.5, 25), 4));
  const staking: PortfolioElement = {
    type: 'staking-v2',
    platformId: 'sanctum',
    name: 'Liquid staking',
    value: stakeAsset.value,
    data: {
      assets: [stakeAsset],
      validator: rng.address(),
      epoch: rng.int(700, 900),
      unlocksAt: null,
      apy: round(rng.range(0.06, 0.09), 4),
    },
  };
  return [lending, staking];
}

/**
 * Adds fields the contract does not show (clients keep and ignore them) and drops the optional
 * `name` of some seeded elements. `multiple` elements keep every field the contract lists.
 */
export function varyElements(kernel: SimKernel, owner: string, elements: PortfolioElement[]): PortfolioElement[] {
  const rng = new SeededStream(kernel.seed, `portfolio-vary:${owner}`);
  return elements.map((e) => {
    if (e.type === 'multiple') return e;
    const out: PortfolioElement = { ...e };
    if (e.type === 'liquidity') {
      out.tags = ['clmm', rng.next() < 0.7 ? 'in-range' : 'out-of-range'];
      out.positionUrl = `https://sim.invalid/positions/${owner}`;
    }
    if (e.type !== 'trade' && rng.next() < 0.3) delete out.name;
    return out;
  });
}
