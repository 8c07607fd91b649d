// Recurring createOrder parameters and the real service's minimums:
// at least 100 USD in total, at least 2 orders, at least 50 USD per order.

import type { RecurringCreateRequest } from '../../api/types.js';
import type { SimKernel, SimTokenInfo } from '../engine/kernel.js';
import { type Params, usdText } from './read-request.js';

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

type CreateParams = RecurringCreateRequest['params'];

/** A time order as read by its request schema, with its per-cycle amount and output bounds. */
export function timeOrder(
  p: Params,
  t: NonNullable<CreateParams['time']>,
  input: SimTokenInfo,
  output: SimTokenInfo,
): TimeParams {
  const inAmount = BigInt(t.inAmount);
  const { numberOfOrders, interval, minPrice = null, maxPrice = null } = t;
  const perCycle = inAmount / BigInt(numberOfOrders);
  if (perCycle === 0n) p.fail('params.time.inAmount', 'is smaller than params.time.numberOfOrders base units');
  return {
    inAmount,
    numberOfOrders,
    interval,
    perCycle,
    // a ceiling price bounds the output from below, a floor price from above (0: no bound)
    minOut: maxPrice === null ? 0n : outAtPrice(perCycle, maxPrice, input, output),
    maxOut: minPrice === null ? 0n : outAtPrice(perCycle, minPrice, input, output),
    startAt: t.startAt ?? null,
  };
}

/** A deprecated price order as read by its request schema. */
export function priceOrder(t: NonNullable<CreateParams['price']>): PriceParams {
  const rawIncrement = BigInt(t.incrementUsdcValue);
  // incrementUsdcValue is in USDC base units (6 decimals)
  return {
    depositAmount: BigInt(t.depositAmount),
    rawIncrement,
    incrementUsd: Number(rawIncrement) / 1e6,
    interval: t.interval,
    startAt: t.startAt ?? null,
  };
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
