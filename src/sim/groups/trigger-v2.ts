// The current order generation under /trigger/v2: the login (./trigger-v2-auth.ts), the vault and
// its deposits and withdrawals (./trigger-v2-vault.ts), price orders (./trigger-v2-price.ts) and
// DCA orders (./trigger-v2-dca.ts) with their keepers. Every request is read with the client's own
// schemas; what stays here is the service's judgement: who is logged in, whose order it is, the
// minimums, the order's state, whether a deposit or a withdrawal is the one handed out.
import {
  DCA_MAX_ACTIVE,
  DCA_ROUND_TOLERANCE_USD,
  dcaOrderAt,
  OPERATIONS,
  priceOrderAt,
  TRIGGER_V2_MIN_USD,
} from '../../api/contract/index.js';
import { USDC_MINT, USDT_MINT } from '../../chain/mints.js';
import type { Operation } from '../../api/types.js';
import { isPlainObject } from '../../api/contract/schema.js';
import type { SimKernel, SimRequest, SimResponse } from '../engine/kernel.js';
import { decodeWireTransaction } from '../engine/transactions.js';
import { Params } from './read-request.js';
import { TriggerAuth } from './trigger-v2-auth.js';
import { Vaults, type DepositRecord, type VaultRecord } from './trigger-v2-vault.js';
import { PriceBook, type PriceRecord } from './trigger-v2-price.js';
import { DcaBook, type DcaRecord } from './trigger-v2-dca.js';

const STABLES = new Set([USDC_MINT, USDT_MINT]);
/** Earn While You Wait: the lending token of each stablecoin an idle DCA deposit may sit in. */
const JL_MINTS: Record<string, string> = {
  [USDC_MINT]: '9BEcn9aPEmhSPbPQeFGjidRiEKki46fVQDyPpSQXPA2D',
  [USDT_MINT]: 'Cmn4v2wipYV41dkakDvCgFJpxhtaaKt11NyWV8pjSE8A',
};
const DEPOSIT_GONE = 'Deposit transaction not found in cache. Please craft a new deposit first.';
const WITHDRAWAL_GONE = 'Withdrawal transaction not found in cache. Please initiate cancel again.';

/** The simulator's state of the current order generation (for a snapshot, and for tests). */
export interface TriggerV2 {
  auth: TriggerAuth;
  vaults: Vaults;
  prices: PriceBook;
  dcas: DcaBook;
}

const states = new WeakMap<SimKernel, TriggerV2>();

export function triggerV2Of(kernel: SimKernel): TriggerV2 | undefined {
  return states.get(kernel);
}

const ok = (body: unknown, status = 200): SimResponse => ({ status, body });

export function register(kernel: SimKernel): void {
  const v2: TriggerV2 = {
    auth: new TriggerAuth(kernel),
    vaults: new Vaults(kernel),
    prices: new PriceBook(kernel),
    dcas: new DcaBook(kernel),
  };
  states.set(kernel, v2);
  const { auth, vaults, prices, dcas } = v2;
  const { router } = kernel;
  const params = new Params(kernel, 'trigger-v2');
  const fail = (status: number, message: string, details?: Record<string, unknown>): never =>
    kernel.fail({ status, message, ...(details ? { details } : {}) });
  /** the body with the path's parameters, read with the operation's schema */
  const read = <Req>(op: Operation<Req, unknown>, req: SimRequest): Req =>
    op.method === 'GET'
      ? params.query(op, req.query, req.params)
      : params.request(
          op,
          req.body === undefined || isPlainObject(req.body) ? { ...(req.body as object), ...req.params } : req.body,
        );
  const vaultOf = (user: string, status = 403): VaultRecord =>
    vaults.get(user) ?? fail(status, 'Vault not found. Register one with GET /vault/register');
  /** A price order of the wallet's (404 unknown, 403 another wallet's). */
  const ownOrder = (id: string, user: string): PriceRecord => {
    const rec = prices.get(id);
    if (!rec) return fail(404, 'Order not found');
    if (rec.user !== user) return fail(403, 'Forbidden: the order belongs to another wallet');
    return rec;
  };
  /** A DCA order of the wallet's (404 for another wallet's too, as the service answers). */
  const ownDca = (id: string, user: string): DcaRecord => {
    const rec = dcas.get(id);
    if (!rec || rec.user !== user) return fail(404, 'DCA order not found or you do not own it');
    return rec;
  };
  const sameUser = (field: string, value: string, user: string) => {
    if (value !== user) fail(403, `Forbidden: ${field} must match authenticated user`);
  };
  /** A deposit for a new order: crafted for this kind of order and these mints and amount, not yet used. */
  const depositFor = (
    user: string,
    b: { depositRequestId: string; inputMint: string; outputMint: string; inputAmount: string },
    kind: 'price' | 'dca',
    subType?: string,
  ): DepositRecord => {
    const d = vaults.deposit(b.depositRequestId);
    if (!d || d.user !== user) return fail(400, DEPOSIT_GONE);
    const wrong = (field: string, why: string) => fail(400, 'Request validation failed', { [field]: why });
    if (d.orderType !== kind || (subType !== undefined && d.orderSubType !== subType))
      wrong('depositRequestId', `was crafted for a ${d.orderSubType ?? d.orderType} order, not ${subType ?? kind}`);
    if (d.inputMint !== b.inputMint) wrong('inputMint', `must be the deposit's (${d.inputMint})`);
    if (d.outputMint !== b.outputMint) wrong('outputMint', `must be the deposit's (${d.outputMint})`);
    if (d.amount.toString() !== b.inputAmount) wrong('inputAmount', `must be the deposit's (${d.amount})`);
    return d;
  };

  // ---------- login ----------

  router.add('POST', '/trigger/v2/auth/challenge', 'trigger-v2', (req) => {
    const b = read(OPERATIONS.triggerV2Challenge, req);
    return ok(auth.challenge(b.walletPubkey, b.type));
  });

  router.add('POST', '/trigger/v2/auth/verify', 'trigger-v2', (req) => {
    const b = read(OPERATIONS.triggerV2Verify, req);
    return ok({ token: auth.verify(b) });
  });

  // ---------- the vault ----------

  const vaultBody = (v: VaultRecord) => ({
    userPubkey: v.user,
    vaultPubkey: v.vault,
    privyVaultId: v.privyVaultId,
    privyUserId: v.privyUserId,
  });

  router.add('GET', '/trigger/v2/vault', 'trigger-v2', (req) => ok(vaultBody(vaultOf(auth.wallet(req), 404))));

  router.add('GET', '/trigger/v2/vault/register', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    const made = vaults.register(user);
    if (!made) return fail(409, 'Vault already exists', vaultBody(vaults.get(user)!));
    const { privyUserId: _, ...body } = vaultBody(made);
    void _;
    return ok(body, 201);
  });

  router.add('POST', '/trigger/v2/deposit/craft', 'trigger-v2', async (req) => {
    const user = auth.wallet(req);
    const b = read(OPERATIONS.triggerV2Deposit, req);
    sameUser('userAddress', b.userAddress, user);
    const v = vaultOf(user);
    if (b.userAddress === v.vault) fail(400, 'userAddress must not be the vault address');
    for (const [field, mint] of [
      ['inputMint', b.inputMint],
      ['outputMint', b.outputMint],
    ] as const)
      if (!kernel.market.token(mint)) fail(400, 'Request validation failed', { [field]: `unknown token mint ${mint}` });
    const small = vaults.tooSmall(b.inputMint, BigInt(b.amount), TRIGGER_V2_MIN_USD);
    if (small) fail(400, small);
    return ok(await vaults.craft(v, b));
  });

  // ---------- price orders ----------

  router.add('POST', '/trigger/v2/orders/price', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    // with the rule the client checks too, against the simulator's clock
    const b = read({ ...OPERATIONS.triggerV2CreatePrice, request: priceOrderAt(kernel.clock.nowMs()) }, req);
    sameUser('userPubkey', b.userPubkey, user);
    const v = vaultOf(user, 400);
    if (b.userPubkey === v.vault) fail(400, 'userPubkey must not be the vault address');
    const d = depositFor(user, b, 'price', b.orderType);
    if (d.usedBy) {
      const prior = prices.get(d.usedBy)!;
      // the same create again answers the order it made; another deposit transaction is a duplicate
      const same = vaults.land(d, b.depositSignedTx);
      if (!same.ok) return fail(400, 'Duplicate deposit: this deposit already funds an order');
      return ok({
        id: prior.id,
        txSignature: same.signature,
        depositConfirmed: true,
        message: 'Order already created for this deposit',
      });
    }
    if (!(kernel.market.priceUsd(b.triggerMint) > 0)) fail(400, 'Trigger mint is not supported');
    const small = vaults.tooSmall(b.inputMint, d.amount, TRIGGER_V2_MIN_USD);
    if (small) fail(400, small);
    const landed = vaults.land(d, b.depositSignedTx);
    if (!landed.ok) return fail(400, `Deposit failed: ${landed.error}`);
    const rec = prices.add({
      id: kernel.ids.uuid(),
      user,
      vault: v.vault,
      request: b,
      depositSignature: landed.signature,
    });
    d.usedBy = rec.id;
    return ok({ id: rec.id, txSignature: landed.signature, depositConfirmed: true });
  });

  router.add('PATCH', '/trigger/v2/orders/price/:orderId', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    const b = read(OPERATIONS.triggerV2EditPrice, req);
    const rec = ownOrder(b.orderId, user);
    prices.expireDue(kernel.clock.nowMs());
    if (rec.rawState !== 'open') fail(400, `Order cannot be edited in '${rec.rawState}' state`);
    if (b.orderType !== rec.orderType)
      fail(400, 'Request validation failed', { orderType: `must be the order's type (${rec.orderType})` });
    const trailing = rec.trailingBps !== undefined;
    if (trailing && b.triggerPriceUsd !== undefined) fail(400, 'Cannot set trigger price on trailing stop loss order');
    if (!trailing && b.trailingBps !== undefined) fail(400, 'Cannot convert to trailing stop loss order');
    if (rec.ocoPhase && b.triggerPriceUsd !== undefined)
      fail(400, "Cannot set the entry's trigger price: the entry has filled");
    const tp = b.tpPriceUsd ?? rec.tpPriceUsd;
    const sl = b.slPriceUsd ?? rec.slPriceUsd;
    if (tp !== undefined && sl !== undefined && !(tp > sl))
      fail(400, 'Request validation failed', { tpPriceUsd: `must be above slPriceUsd (${sl})` });
    if (b.trailingBps !== undefined) {
      const trigger = prices.trailingTrigger(rec, b.trailingBps);
      const price = kernel.market.priceUsd(rec.triggerMint);
      if (rec.condition === 'below' ? price <= trigger : price >= trigger)
        fail(400, 'Trailing order would immediately trigger');
      rec.trailingBps = b.trailingBps;
      rec.triggerPriceUsd = trigger;
    }
    if (b.triggerPriceUsd !== undefined) rec.triggerPriceUsd = b.triggerPriceUsd;
    if (b.slippageBps !== undefined) rec.slippageBps = b.slippageBps;
    rec.tpPriceUsd = tp;
    rec.slPriceUsd = sl;
    if (b.tpSlippageBps !== undefined) rec.tpSlippageBps = b.tpSlippageBps;
    if (b.slSlippageBps !== undefined) rec.slSlippageBps = b.slSlippageBps;
    rec.updatedMs = kernel.clock.nowMs();
    return ok({ id: rec.id });
  });

  router.add('POST', '/trigger/v2/orders/price/cancel/:orderId', 'trigger-v2', async (req) => {
    const user = auth.wallet(req);
    const b = read(OPERATIONS.triggerV2CancelPrice, req);
    const rec = ownOrder(b.orderId, user);
    prices.expireDue(kernel.clock.nowMs());
    // an expired order's funds stay in the vault: the same two steps recover them
    if (rec.rawState !== 'open' && rec.rawState !== 'expired' && rec.rawState !== 'ready_to_cancel')
      fail(400, `Order is not in a cancellable state ('${rec.rawState}')`);
    const left = prices.leftIn(rec);
    if (left.length === 0) fail(400, 'Order has nothing left to withdraw');
    const w = await vaults.withdrawal(vaultOf(user), left, (sig) => prices.cancelled(rec, sig));
    const requestId = kernel.ids.uuid();
    rec.cancel = { requestId, messageKey: w.messageKey };
    rec.rawState = 'ready_to_cancel';
    rec.updatedMs = kernel.clock.nowMs();
    return ok({ id: rec.id, transaction: w.base64, requestId });
  });

  router.add('POST', '/trigger/v2/orders/price/confirm-cancel/:orderId', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    const b = read(OPERATIONS.triggerV2ConfirmCancelPrice, req);
    const rec = ownOrder(b.orderId, user);
    return confirm(
      rec,
      b,
      rec.rawState === 'ready_to_cancel',
      'Order is not yet marked ready to cancel, retry shortly',
    );
  });

  /** Lands a cancel's signed withdrawal (the same one again answers what it did). */
  function confirm(
    rec: PriceRecord | DcaRecord,
    b: { signedTransaction: string; cancelRequestId: string },
    pending: boolean,
    notPending: string,
  ): SimResponse {
    const c = rec.cancel;
    if (c?.signature && c.requestId === b.cancelRequestId) {
      const again = kernel.tx.submit(b.signedTransaction);
      if (again.status === 'Success' && again.signature === c.signature)
        return ok({ id: rec.id, txSignature: c.signature });
    }
    if (!pending) return fail(400, notPending);
    if (!c || c.requestId !== b.cancelRequestId) return fail(400, WITHDRAWAL_GONE);
    if (decodeWireTransaction(b.signedTransaction)?.messageKey !== c.messageKey)
      return fail(400, 'signedTransaction is not the withdrawal handed out for cancelRequestId');
    const r = kernel.tx.submit(b.signedTransaction);
    if (r.status !== 'Success') return fail(400, `Withdrawal failed: ${r.error ?? 'not landed'}`);
    return ok({ id: rec.id, txSignature: r.signature });
  }

  router.add('GET', '/trigger/v2/orders/history/dca', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    const p = read(OPERATIONS.triggerV2DcaHistory, req);
    const times = { updated_at: 'updatedMs', created_at: 'createdMs', next_fill_at: 'nextMs' } as const;
    const active = (r: DcaRecord) => r.state === 'active' || r.state === 'withdrawing';
    return ok(historyPage(dcas.list(user), p, active, times[p.sort ?? 'updated_at'], (r) => dcas.toHistory(r)));
  });

  router.add('GET', '/trigger/v2/orders/history/dca/:id', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    const p = read(OPERATIONS.triggerV2DcaOrder, req);
    return ok(dcas.toHistory(ownDca(p.id, user)));
  });

  router.add('GET', '/trigger/v2/orders/history', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    const p = read(OPERATIONS.triggerV2PriceHistory, req);
    const times = { updated_at: 'updatedMs', created_at: 'createdMs', expires_at: 'expiresAt' } as const;
    // `active` is what still holds funds and may fill or be withdrawn; an expired order is past
    const active = (r: PriceRecord) => r.rawState === 'open' || r.rawState === 'ready_to_cancel';
    return ok(historyPage(prices.list(user), p, active, times[p.sort ?? 'updated_at'], (r) => prices.toHistory(r)));
  });

  router.add('GET', '/trigger/v2/orders/history/:orderId', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    const p = read(OPERATIONS.triggerV2PriceOrder, req);
    prices.expireDue(kernel.clock.nowMs());
    return ok(prices.toHistory(ownOrder(p.orderId, user)));
  });

  // ---------- DCA ----------

  router.add('POST', '/trigger/v2/orders/dca', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    // with the rules the client checks too, against the simulator's clock
    const b = read({ ...OPERATIONS.triggerV2CreateDca, request: dcaOrderAt(kernel.clock.nowMs()) }, req);
    sameUser('userPubkey', b.userPubkey, user);
    const v = vaultOf(user, 400);
    const d = depositFor(user, b, 'dca');
    if (d.usedBy) return fail(400, DEPOSIT_GONE);
    if (STABLES.has(b.inputMint) && STABLES.has(b.outputMint)) fail(400, 'Mint pair is not supported');
    if (b.triggerMint !== undefined && (b.orderType ?? 'time_based') === 'price_conditional') {
      if (STABLES.has(b.triggerMint) || !(kernel.market.priceUsd(b.triggerMint) > 0))
        fail(400, 'Trigger mint is not supported');
    }
    if (b.jlEnabled) {
      const jl = JL_MINTS[b.inputMint];
      if (!jl) fail(400, 'jlEnabled is not supported for this input mint');
      if (b.jlMint !== jl || d.jlMint !== jl) fail(400, 'jlMint does not match the JL token for this input mint');
    }
    const perRound = d.amount / BigInt(b.orderCount);
    const small = vaults.tooSmall(b.inputMint, perRound, TRIGGER_V2_MIN_USD, DCA_ROUND_TOLERANCE_USD, 'Each order');
    if (small) fail(400, small);
    if (dcas.activeOf(user) >= DCA_MAX_ACTIVE)
      fail(400, `Maximum of ${DCA_MAX_ACTIVE} active DCA orders allowed per user`);
    const landed = vaults.land(d, b.depositSignedTx);
    if (!landed.ok) return fail(400, `Deposit failed: ${landed.error}`);
    const rec = dcas.add({
      id: kernel.ids.uuid(),
      requestId: d.requestId,
      user,
      vault: v.vault,
      request: b,
      depositSignature: landed.signature,
    });
    d.usedBy = rec.id;
    return ok({ id: rec.id, txSignature: landed.signature });
  });

  router.add('POST', '/trigger/v2/orders/dca/cancel/:id', 'trigger-v2', async (req) => {
    const user = auth.wallet(req);
    const b = read(OPERATIONS.triggerV2CancelDca, req);
    const rec = ownDca(b.id, user);
    if (rec.state !== 'active' && rec.state !== 'withdrawing')
      fail(400, `Cannot cancel DCA order in '${rec.state}' state`);
    if (rec.remaining === 0n) fail(400, 'Nothing left to withdraw from this DCA order');
    const w = await vaults.withdrawal(vaultOf(user), [{ mint: rec.inputMint, amount: rec.remaining }], (sig) =>
      dcas.cancelled(rec, sig),
    );
    const requestId = kernel.ids.uuid();
    rec.cancel = { requestId, messageKey: w.messageKey };
    rec.state = 'withdrawing';
    rec.updatedMs = kernel.clock.nowMs();
    return ok({
      id: rec.id,
      roundsRemaining: rec.rounds - rec.filled,
      refundAmount: rec.remaining.toString(),
      transaction: w.base64,
      requestId,
    });
  });

  router.add('POST', '/trigger/v2/orders/dca/confirm-cancel/:id', 'trigger-v2', (req) => {
    const user = auth.wallet(req);
    const b = read(OPERATIONS.triggerV2ConfirmCancelDca, req);
    const rec = ownDca(b.id, user);
    return confirm(rec, b, rec.state === 'withdrawing', `DCA order is not withdrawing ('${rec.state}')`);
  });
}

interface HistoryQuery {
  state?: 'active' | 'past';
  mint?: string;
  limit?: number;
  offset?: number;
  dir?: 'asc' | 'desc';
}

/** One page of a wallet's orders as a history lists them: filtered, sorted by one of their times (newest first unless `asc`). */
function historyPage<R extends { inputMint: string; outputMint: string; seq: number }, T>(
  records: R[],
  p: HistoryQuery,
  active: (r: R) => boolean,
  time: keyof R,
  item: (r: R) => T,
): { orders: T[]; pagination: { total: number; limit: number; offset: number } } {
  const sign = p.dir === 'asc' ? 1 : -1;
  const list = records
    .filter((r) => p.state === undefined || (p.state === 'active') === active(r))
    .filter((r) => p.mint === undefined || r.inputMint === p.mint || r.outputMint === p.mint)
    .sort((a, b) => sign * ((a[time] as number) - (b[time] as number)) || sign * (a.seq - b.seq));
  const limit = p.limit ?? 20;
  const offset = p.offset ?? 0;
  return { orders: list.slice(offset, offset + limit).map(item), pagination: { total: list.length, limit, offset } };
}
