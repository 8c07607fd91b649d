// Recurring createOrder parameters and the real service's minimums:
// at least 100 USD in total, at least 2 orders, at least 50 USD per order.

import type { SimKernel, SimTokenInfo } from '../kernel.js';
import { type Params, usdText } from './trigger-params.js';

export const RECURRING_MIN_TOTAL_USD = 100;
export const RECURRING_MIN_ORDERS = 2;
export const RECURRING_MIN_PER_ORDER_USD = 50;

export interface TimeParams {
  inAmount: bigint;
  numberOfOrders: number;
  interval: number;
  perCycle: bigint;
  minOut: bigint;
  maxOut: bigint;
  startAt: number | null;
}

export interface PriceParams {
  depositAmount: bigint;
  rawIncrement: bigint;
  incrementUsd: number;
  interval: number;
  startAt: number | null;
}

const PRICE_SCALE = 1_000_000_000n;

/** Output (raw) bought by `inRaw` when one whole output token costs `price` whole input tokens. */
function outAtPrice(inRaw: bigint, price: number, input: SimTokenInfo, output: SimTokenInfo): bigint {
  const scaled = BigInt(Math.round(price * Number(PRICE_SCALE)));
  if (scaled === 0n) return 0n;
  return (inRaw * 10n ** BigInt(output.decimals) * PRICE_SCALE) / (scaled * 10n ** BigInt(input.decimals));
}

export function parseTimeParams(p: Params, value: unknown, input: SimTokenInfo, output: SimTokenInfo): TimeParams {
  const t = p.object(value, 'params.time');
  const inAmount = p.raw(t.inAmount, 'params.time.inAmount', { allowNumber: true });
  const numberOfOrders = p.int(t.numberOfOrders, 'params.time.numberOfOrders', { min: 1 });
  const interval = p.int(t.interval, 'params.time.interval', { min: 1 });
  const minPrice = t.minPrice === undefined || t.minPrice === null ? null : p.number(t.minPrice, 'params.time.minPrice', { min: 0, exclusiveMin: true });
  const maxPrice = t.maxPrice === undefined || t.maxPrice === null ? null : p.number(t.maxPrice, 'params.time.maxPrice', { min: 0, exclusiveMin: true });
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    p.fail('params.time.minPrice', `must not exceed params.time.maxPrice (${minPrice} > ${maxPrice})`);
  }
  const startAt = p.optInt(t.startAt, 'params.time.startAt', { min: 0 }) ?? null;
  if (numberOfOrders < RECURRING_MIN_ORDERS) {
    p.fail('params.time.numberOfOrders', `must be at least ${RECURRING_MIN_ORDERS} (got ${numberOfOrders})`);
  }
  const perCycle = inAmount / BigInt(numberOfOrders);
  if (perCycle === 0n) p.fail('params.time.inAmount', 'is smaller than params.time.numberOfOrders base units');
  return {
    inAmount,
    numberOfOrders,
    interval,
    perCycle,
    // a ceiling price bounds the output from below, a floor price from above
    minOut: maxPrice === null ? 0n : outAtPrice(perCycle, maxPrice, input, output),
    maxOut: minPrice === null ? 0n : outAtPrice(perCycle, minPrice, input, output),
    startAt,
  };
}

export function parsePriceParams(p: Params, value: unknown): PriceParams {
  const t = p.object(value, 'params.price');
  const depositAmount = p.raw(t.depositAmount, 'params.price.depositAmount', { allowNumber: true });
  const rawIncrement = p.raw(t.incrementUsdcValue, 'params.price.incrementUsdcValue', { allowNumber: true });
  const interval = p.int(t.interval, 'params.price.interval', { min: 1 });
  const startAt = p.optInt(t.startAt, 'params.price.startAt', { min: 0 }) ?? null;
  // incrementUsdcValue is in USDC base units (6 decimals)
  return { depositAmount, rawIncrement, incrementUsd: Number(rawIncrement) / 1e6, interval, startAt };
}

/** Refuses orders under the service's minimums with the recurring error envelope. */
export function checkMinimums(kernel: SimKernel, input: SimTokenInfo, deposit: bigint, orders: number | null): void {
  const total = kernel.market.usdValue(input.mint, deposit);
  if (total < RECURRING_MIN_TOTAL_USD) {
    kernel.fail({
      status: 400,
      message: `Order value must be at least ${RECURRING_MIN_TOTAL_USD} USD in total (this order is worth ${usdText(total)} USD)`,
    });
  }
  if (orders !== null) {
    if (orders < RECURRING_MIN_ORDERS) {
      kernel.fail({ status: 400, message: `numberOfOrders must be at least ${RECURRING_MIN_ORDERS} (got ${orders})` });
    }
    const each = total / orders;
    if (each < RECURRING_MIN_PER_ORDER_USD) {
      kernel.fail({
        status: 400,
        message: `Each order must be worth at least ${RECURRING_MIN_PER_ORDER_USD} USD (${orders} orders of ${usdText(each)} USD)`,
      });
    }
  }
}
