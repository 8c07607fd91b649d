// GET /ultra/v1/order, POST /ultra/v1/execute.
// Acts on: the mints and amounts, the requestId, the transaction, and the slippage and price
// impact the confirm dialog states. Fees, payers and routing are shown only (RFQ routes leave out
// `signatureFeePayer`; `platformFee` may be missing or lack `amount`).
import { forward, nullable, optional, partialCheck, pipe, type InferOutput } from 'valibot';
import { address, intIn, labels, positiveRaw, fields } from './schema.js';
import { op } from './operation.js';
import { executeRequest, orderExecute, orderSchema, routerNames } from './shared.js';

const orderParams = pipe(
  fields({
    inputMint: address,
    outputMint: address,
    amount: positiveRaw,
    taker: optional(nullable(address)),
    receiver: optional(address),
    payer: optional(address),
    closeAuthority: optional(address),
    referralAccount: optional(address),
    referralFee: optional(intIn(50, 255)),
    excludeRouters: optional(routerNames),
    excludeDexes: optional(labels),
  }),
  forward(
    partialCheck(
      [['closeAuthority'], ['payer']],
      (p) => p.closeAuthority === undefined || p.payer !== undefined,
      'requires payer (the service ignores it without one)',
    ),
    ['closeAuthority'],
  ),
);
export type OrderParams = InferOutput<typeof orderParams>;

export const ULTRA_OPERATIONS = {
  order: op('GET', '/ultra/v1/order', orderParams, orderSchema),
  orderExecute: op('POST', '/ultra/v1/execute', executeRequest, orderExecute),
};
