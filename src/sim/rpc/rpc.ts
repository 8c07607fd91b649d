// A small Solana JSON-RPC 2.0 endpoint over the simulator's ledger and transactions.
import { getBase58Encoder } from '@solana/kit';
import { isAddress } from '../../chain/base58.js';
import { fromBaseUnits } from '../../text/amount.js';
import { NATIVE_MINT } from '../../chain/mints.js';
import type { SimCore } from '../engine/core.js';
import { parsedProgram, parsedTokenAccount, tokenAccounts, RENT_EXEMPT_EPOCH } from '../engine/token-accounts.js';
import { lookupTableParsed } from '../engine/lookup-tables.js';
import { accountAt, MINT_SIZE, mintSupply, nodeAccount, rentExempt } from '../engine/accounts.js';
import { simulateValue, SimulateParamsError } from './simulate.js';
import { toBase58 } from '../engine/random.js';

type Json = Record<string, unknown>;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const invalidParams = (message: string) => new RpcError(-32602, `Invalid params: ${message}`);
const base58 = getBase58Encoder();

function param(params: unknown[], i: number): unknown {
  return params[i];
}

function addressParam(params: unknown[], i: number, what: string): string {
  const v = param(params, i);
  if (typeof v !== 'string' || !isAddress(v)) throw invalidParams(`${what} must be a base58 public key`);
  return v;
}

function configParam(params: unknown[], i: number): Json {
  const v = param(params, i);
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw invalidParams(`parameter ${i} must be a configuration object`);
  return v as Json;
}

/** the wire transaction as base-64, whatever encoding it came in */
function wireParam(params: unknown[]): string {
  const tx = param(params, 0);
  if (typeof tx !== 'string' || tx === '') throw invalidParams('transaction must be an encoded string');
  const encoding = configParam(params, 1).encoding ?? 'base58';
  if (encoding === 'base64') return tx;
  if (encoding !== 'base58') throw invalidParams(`unsupported encoding ${String(encoding)}`);
  try {
    return Buffer.from(base58.encode(tx) as Uint8Array).toString('base64');
  } catch {
    throw invalidParams('transaction is not valid base58');
  }
}

function instructionError(code: number): unknown {
  return code > 0
    ? { InstructionError: [2, { Custom: code }] }
    : code === -1005
      ? 'BlockhashNotFound'
      : 'SignatureFailure';
}

/**
 * A refused sendTransaction as a node answers it, not with the execute operations' codes: bytes it
 * cannot read are invalid params (-32602), a missing or wrong signature is a verification failure
 * (-32003), and anything its preflight simulation caught is -32002 "Transaction simulation failed"
 * with the simulation's result as data (the transaction error, logs, units).
 */
function sendRefusal(code: number, error: string | undefined): RpcError {
  if (code === -2 && /not a base-64/.test(error ?? '')) return invalidParams(`invalid transaction: ${error}`);
  if (code === -2) return new RpcError(-32003, 'Transaction signature verification failure');
  const why =
    code > 0
      ? `Error processing Instruction 2: custom program error: 0x${code.toString(16)}`
      : code === -1005
        ? 'Blockhash not found'
        : (error ?? 'transaction failed');
  return new RpcError(-32002, `Transaction simulation failed: ${why}`, {
    accounts: null,
    err: instructionError(code),
    innerInstructions: null,
    logs: [`Program log: simulated: ${error ?? why}`],
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: 0,
  });
}

type Context = { slot: number; apiVersion: string };

/**
 * Every method the node serves, answering in the shape a real node sends (the Solana JSON-RPC
 * documentation's): `{context, value}` for the account and token methods, a bare value otherwise.
 */
export const RPC_METHODS: Record<string, (core: SimCore, params: unknown[], context: Context) => unknown> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': '2.1.0', 'feature-set': 1 }),
  getSlot: (_core, _params, { slot }) => slot,
  getBlockHeight: (core) => core.clock.blockHeight(),
  getLatestBlockhash: (core, _params, context) => ({
    context,
    value: { blockhash: core.clock.blockhash(context.slot), lastValidBlockHeight: core.clock.blockHeight() + 150 },
  }),
  getBalance: (core, params, context) => ({
    context,
    value: Number(core.ledger.balance(addressParam(params, 0, 'address'), NATIVE_MINT)),
  }),
  getMinimumBalanceForRentExemption: (_core, params) => {
    const size = param(params, 0);
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0)
      throw invalidParams('data length must be an integer');
    return Number(rentExempt(size));
  },
  getAccountInfo: async (core, params, context) => ({ context, value: await accountInfo(core, params) }),
  getTokenSupply: (core, params, context) => {
    // a mint's decimals (what a client needs to read amounts of a token it has no list entry for)
    const info = core.market.token(addressParam(params, 0, 'mint'));
    if (!info) throw new RpcError(-32602, 'Invalid param: not a Token mint');
    const ui = fromBaseUnits(mintSupply(info.decimals), info.decimals, { group: false });
    return {
      context,
      value: {
        amount: mintSupply(info.decimals).toString(),
        decimals: info.decimals,
        uiAmount: Number(ui),
        uiAmountString: ui,
      },
    };
  },
  getSignatureStatuses: (core, params, context) => {
    const sigs = param(params, 0);
    if (!Array.isArray(sigs) || sigs.length > 256 || !sigs.every((s) => typeof s === 'string'))
      throw invalidParams('signatures must be an array of at most 256 strings');
    const value = sigs.map((s: string) => {
      const st = core.tx.status(s);
      if (!st) return null;
      const confirmations = context.slot - st.slot;
      const finalized = confirmations >= 32;
      return {
        slot: st.slot,
        confirmations: finalized ? null : confirmations,
        err: st.err ? instructionError(st.err.code) : null,
        status: st.err ? { Err: instructionError(st.err.code) } : { Ok: null },
        confirmationStatus: finalized ? 'finalized' : 'confirmed',
      };
    });
    return { context, value };
  },
  sendTransaction: (core, params) => {
    const result = core.tx.submit(wireParam(params));
    if (result.code !== 0) throw sendRefusal(result.code, result.error);
    return result.signature;
  },
  simulateTransaction: async (core, params, context) => {
    const config = configParam(params, 1);
    const wire = wireParam(params);
    let value: Json;
    try {
      value = await simulateValue(core, wire, config);
    } catch (err) {
      if (err instanceof SimulateParamsError) throw invalidParams(err.message);
      throw err;
    }
    // asked to replace the blockhash, a node says which one it simulated with
    const replacementBlockhash =
      config.replaceRecentBlockhash === true
        ? { blockhash: core.clock.blockhash(context.slot), lastValidBlockHeight: core.clock.blockHeight() + 150 }
        : null;
    return {
      context,
      value: {
        ...value,
        unitsConsumed: 180_000,
        returnData: null,
        innerInstructions: null,
        replacementBlockhash,
      },
    };
  },
  getMultipleAccounts: async (core, params, context) => {
    const addresses = param(params, 0);
    if (
      !Array.isArray(addresses) ||
      addresses.length > 100 ||
      addresses.some((a) => typeof a !== 'string' || !isAddress(a))
    )
      throw invalidParams('the first parameter must be an array of at most 100 base58 public keys');
    const encoding = configParam(params, 1).encoding ?? 'base64';
    if (encoding !== 'base64') throw invalidParams(`unsupported encoding ${String(encoding)}; use base64`);
    const value = await Promise.all(
      (addresses as string[]).map(async (a) => {
        const found = await accountAt(core, a);
        return found ? nodeAccount(found.account) : null;
      }),
    );
    return { context, value };
  },
  getTokenAccountsByOwner: async (core, params, context) => ({ context, value: await tokenAccountsCall(core, params) }),
};

async function call(core: SimCore, method: string, params: unknown[]): Promise<unknown> {
  const answer = Object.hasOwn(RPC_METHODS, method) ? RPC_METHODS[method] : undefined;
  if (!answer) throw new RpcError(-32601, `Method not found: ${method}`);
  return answer(core, params, { slot: core.clock.slot(), apiVersion: '2.1.0' });
}

/**
 * An account as getAccountInfo shows it: a registered address lookup table (owned by its program,
 * the data in its on-chain layout), a token mint (82 bytes owned by its token program), a funded
 * wallet (a System account without data), a wallet's associated token account (165 bytes owned by
 * its token program), a program the chain holds (executable, owned by its loader), or null.
 * `encoding` as the real node takes it: base64, base58 (data under 128 bytes), jsonParsed (the
 * table parsed; other data falls back to base64) or, when absent, the legacy bare base58 string.
 */
async function accountInfo(core: SimCore, params: unknown[]): Promise<Json | null> {
  const address = addressParam(params, 0, 'address');
  const encoding = configParam(params, 1).encoding ?? 'binary';
  if (!['base64', 'base58', 'binary', 'jsonParsed'].includes(encoding as string))
    throw invalidParams(`unsupported encoding ${String(encoding)}; use base64, base58 or jsonParsed`);
  const found = await accountAt(core, address);
  if (!found) return null;
  const { account, is } = found;
  const data = account.data;
  let shown: unknown;
  if (encoding === 'jsonParsed' && is.kind === 'table') shown = lookupTableParsed(is.table);
  else if (encoding === 'jsonParsed' && is.kind === 'mint') {
    const info = {
      decimals: is.mint.decimals,
      freezeAuthority: null,
      isInitialized: true,
      mintAuthority: null,
      supply: mintSupply(is.mint.decimals).toString(),
    };
    shown = { program: parsedProgram(is.mint.tokenProgram), parsed: { info, type: 'mint' }, space: MINT_SIZE };
  } else if (encoding === 'jsonParsed' && is.kind === 'token')
    shown = parsedTokenAccount(is.held.info, is.held.owner, is.held.amount);
  else if (encoding === 'base64' || encoding === 'jsonParsed') shown = [Buffer.from(data).toString('base64'), 'base64'];
  else {
    if (data.length > 128)
      throw new RpcError(
        -32600,
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      );
    shown = encoding === 'base58' ? [toBase58(data), 'base58'] : toBase58(data);
  }
  return {
    data: shown,
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: data.length,
  };
}

async function tokenAccountsCall(core: SimCore, params: unknown[]): Promise<unknown[]> {
  const owner = addressParam(params, 0, 'owner');
  const filter = configParam(params, 1);
  const byMint = typeof filter.mint === 'string' ? filter.mint : null;
  const byProgram = typeof filter.programId === 'string' ? filter.programId : null;
  if (!byMint && !byProgram) throw invalidParams('filter must carry mint or programId');
  const encoding = configParam(params, 2).encoding ?? 'base64';
  if (encoding !== 'base64' && encoding !== 'jsonParsed')
    throw invalidParams(`unsupported encoding ${String(encoding)}; use base64 or jsonParsed`);
  return tokenAccounts(core, owner, { mint: byMint, programId: byProgram }, encoding);
}

async function one(core: SimCore, req: unknown): Promise<Json> {
  const r = req as Json;
  const id = r && typeof r === 'object' && (typeof r.id === 'string' || typeof r.id === 'number') ? r.id : null;
  if (!r || typeof r !== 'object' || r.jsonrpc !== '2.0' || typeof r.method !== 'string') {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } };
  }
  const params = r.params === undefined ? [] : r.params;
  if (!Array.isArray(params))
    return { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params: params must be an array' } };
  try {
    return { jsonrpc: '2.0', id, result: await call(core, r.method, params) };
  } catch (err) {
    if (err instanceof RpcError)
      return {
        jsonrpc: '2.0',
        id,
        error: { code: err.code, message: err.message, ...(err.data ? { data: err.data } : {}) },
      };
    return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${(err as Error).message}` } };
  }
}

export async function handleRpc(core: SimCore, body: unknown, parsedOk: boolean): Promise<unknown> {
  if (!parsedOk || body === undefined)
    return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
  if (Array.isArray(body)) {
    if (body.length === 0)
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: empty batch' } };
    const out: Json[] = [];
    for (const r of body) out.push(await one(core, r));
    return out;
  }
  return one(core, body);
}
