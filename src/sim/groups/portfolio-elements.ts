// Portfolio elements of a wallet: the `multiple` wallet element from real simulated balances,
// `trade` elements from its open trigger orders, and seeded liquidity, leverage, borrowlend and
// trade positions (amounts fixed per seed and wallet, valued at live simulated prices).

import { fromBaseUnits } from '../../text/amount.js';
import { NATIVE_MINT, USDC_MINT } from '../../chain/mints.js';
import type { PortfolioAsset, PortfolioElement as ElementRead } from '../../api/types.js';
import type { SimKernel } from '../engine/kernel.js';
import { SeededStream } from './send-seeded.js';
import { triggerBookOf } from './trigger-book.js';

export const WALLET_PLATFORM = 'wallet';

/** An asset as the simulator builds it, every field present (the client's type has them optional). */
/** An element as the service sends it: each kind of position carries fields of its own besides those the client reads. */
export type PortfolioElement = ElementRead & { data?: Record<string, unknown>; [field: string]: unknown };

export interface SimAsset extends PortfolioAsset {
  type: string;
  networkId: string;
  value: number;
  data: { address: string; amount: number; price: number };
}

const round = (v: number, digits = 6) => Math.round(v * 10 ** digits) / 10 ** digits;

/** A generic asset of `amount` whole tokens. */
export function asset(kernel: SimKernel, mint: string, amount: number): SimAsset {
  const price = kernel.market.priceUsd(mint);
  return {
    type: 'generic',
    networkId: 'solana',
    value: round(amount * price, 6),
    data: { address: mint, amount, price },
  };
}

const sum = (assets: SimAsset[]) =>
  round(
    assets.reduce((n, a) => n + a.value, 0),
    6,
  );

function wholeAmount(kernel: SimKernel, mint: string, raw: bigint): number | null {
  const info = kernel.market.token(mint);
  return info ? Number(fromBaseUnits(raw, info.decimals, { group: false })) : null;
}

export function walletElement(kernel: SimKernel, owner: string): PortfolioElement | null {
  const assets: SimAsset[] = [];
  for (const { mint, amount } of kernel.ledger.holdings(owner)) {
    const whole = amount > 0n ? wholeAmount(kernel, mint, amount) : null;
    if (whole !== null) assets.push(asset(kernel, mint, whole));
  }
  if (assets.length === 0) return null;
  assets.sort((a, b) => b.value - a.value || a.data.address.localeCompare(b.data.address));
  return {
    type: 'multiple',
    label: 'Wallet',
    platformId: WALLET_PLATFORM,
    name: 'Tokens',
    value: sum(assets),
    data: { assets },
  };
}

/** Open trigger orders as `trade` elements; `data.assets` is the input left, then the output received so far. */
export function triggerElements(kernel: SimKernel, owner: string): PortfolioElement[] {
  const book = triggerBookOf(kernel);
  if (!book) return [];
  return book.list(owner, 'active').map((o) => {
    const left = wholeAmount(kernel, o.inputMint, o.remMaking) ?? 0;
    const filled = Number(((o.making - o.remMaking) * 10_000n) / o.making) / 10_000;
    const input = asset(kernel, o.inputMint, left);
    const receivedRaw = o.taking - o.remTaking;
    const output =
      receivedRaw > 0n ? asset(kernel, o.outputMint, wholeAmount(kernel, o.outputMint, receivedRaw) ?? 0) : null;
    return {
      type: 'trade',
      label: 'LimitOrder',
      platformId: 'jupiter-exchange',
      name: 'Limit order',
      value: round(input.value + (output?.value ?? 0), 6),
      data: {
        assets: output ? [input, output] : [input],
        ref: o.key,
        inputAddress: o.inputMint,
        outputAddress: o.outputMint,
        initialInputAmount: wholeAmount(kernel, o.inputMint, o.making),
        expectedOutputAmount: wholeAmount(kernel, o.outputMint, o.taking),
        withdrawnOutputAmount: wholeAmount(kernel, o.outputMint, receivedRaw),
        filledPercentage: filled,
        inputPrice: kernel.market.priceUsd(o.inputMint),
        outputPrice: kernel.market.priceUsd(o.outputMint),
      },
    };
  });
}

/** Seeded DeFi positions; `others` are known mints beyond SOL and USDC, sorted. */
export function seededElements(kernel: SimKernel, owner: string): PortfolioElement[] {
  const rng = new SeededStream(kernel.seed, `portfolio:${owner}`);
  const others = kernel.market
    .tokens()
    .map((t) => t.mint)
    .filter((m) => m !== NATIVE_MINT && m !== USDC_MINT)
    .sort();
  const other = others.length > 0 ? rng.pick(others) : USDC_MINT;

  const lpA = asset(kernel, NATIVE_MINT, round(rng.range(0.5, 20), 4));
  const lpB = asset(kernel, other === USDC_MINT ? USDC_MINT : other, round(rng.range(10, 5000), 4));
  const liquidity: PortfolioElement = {
    type: 'liquidity',
    label: 'LiquidityPool',
    platformId: 'raydium',
    name: 'Concentrated liquidity',
    value: sum([lpA, lpB]),
    data: {
      liquidities: [
        {
          assets: [lpA, lpB],
          assetsValue: sum([lpA, lpB]),
          rewardAssets: [],
          rewardAssetsValue: 0,
          value: sum([lpA, lpB]),
          yields: [{ apr: round(rng.range(0.05, 0.6), 4), apy: 0 }],
          name: 'SOL pool',
        },
      ],
    },
  };

  const solPrice = kernel.market.priceUsd(NATIVE_MINT);
  const size = round(rng.range(1, 40), 3);
  const drift = rng.range(-1, 1);
  const side = rng.next() < 0.6 ? 'long' : 'short';
  const lev = round(rng.range(1.5, 10), 2);
  // An open position is not past its liquidation: the entry sits within 0.5/lev of the mark (at
  // most 15%), so a long's liquidation price (0.9/lev below entry) stays below the mark and a
  // short's (0.9/lev above entry) above it.
  const entry = round(solPrice * (1 + drift * Math.min(0.15, 0.5 / lev)), 4);
  const pnl = round((side === 'long' ? 1 : -1) * (solPrice - entry) * size, 2);
  const collateral = round((size * entry) / lev, 2);
  const leverage: PortfolioElement = {
    type: 'leverage',
    label: 'Leverage',
    platformId: 'drift',
    name: 'Perpetuals',
    value: round(collateral + pnl, 2),
    data: {
      isolated: {
        positions: [
          {
            address: NATIVE_MINT,
            side,
            size,
            sizeValue: round(size * solPrice, 2),
            collateralValue: collateral,
            entryPrice: entry,
            markPrice: solPrice,
            liquidationPrice: round(side === 'long' ? entry * (1 - 0.9 / lev) : entry * (1 + 0.9 / lev), 4),
            leverage: lev,
            pnlValue: pnl,
            value: round(collateral + pnl, 2),
          },
        ],
        value: round(collateral + pnl, 2),
      },
    },
  };

  const supplied = [
    asset(kernel, USDC_MINT, round(rng.range(100, 20000), 2)),
    asset(kernel, NATIVE_MINT, round(rng.range(0.1, 10), 4)),
  ];
  const borrowed = [asset(kernel, USDC_MINT, round(rng.range(10, sum(supplied) * 0.5), 2))];
  const suppliedValue = sum(supplied);
  const borrowedValue = sum(borrowed);
  const borrowlend: PortfolioElement = {
    type: 'borrowlend',
    label: 'Lending',
    platformId: 'kamino',
    name: 'Main market',
    value: round(suppliedValue - borrowedValue, 2),
    data: {
      suppliedAssets: supplied,
      suppliedValue,
      suppliedYields: supplied.map(() => [{ apr: round(rng.range(0.01, 0.12), 4), apy: 0 }]),
      borrowedAssets: borrowed,
      borrowedValue,
      borrowedYields: borrowed.map(() => [{ apr: -round(rng.range(0.03, 0.18), 4), apy: 0 }]),
      collateralRatio: borrowedValue > 0 ? round(suppliedValue / borrowedValue, 4) : null,
      healthRatio: round(1 - borrowedValue / (suppliedValue * 0.8), 4),
      rewardAssets: [],
      value: round(suppliedValue - borrowedValue, 2),
    },
  };

  const dcaIn = asset(kernel, USDC_MINT, round(rng.range(50, 2000), 2));
  const dcaOut = asset(kernel, NATIVE_MINT, round(rng.range(0.05, 5), 4));
  const trade: PortfolioElement = {
    type: 'trade',
    label: 'DCA',
    platformId: 'jupiter-exchange',
    name: 'Recurring order',
    value: sum([dcaIn, dcaOut]),
    data: {
      assets: [dcaIn, dcaOut],
      inputAddress: USDC_MINT,
      outputAddress: NATIVE_MINT,
      initialInputAmount: round(dcaIn.data.amount * rng.range(1.2, 3), 2),
      withdrawnOutputAmount: 0,
      expectedOutputAmount: null,
      filledPercentage: round(rng.range(0.1, 0.9), 4),
      inputPrice: dcaIn.data.price,
      outputPrice: dcaOut.data.price,
    },
  };
  return [liquidity, leverage, borrowlend, trade];
}
