// A small Solana JSON-RPC 2.0 client (POST, base64 transaction encoding). Responses are
// untrusted: each result is checked before it is returned.

import { ResponseShapeError, sanitizeText } from '../api/errors.js';
import {
  fetchWithin,
  FetchTimeoutError,
  httpFetch,
  RedirectRefusedError,
  ResponseTooLargeError,
  shownUrl,
} from '../api/http.js';
import { encodeBase58, isAddress } from '../api/base58.js';
import { checkResponse, isPlainObject, type Infer, type Schema } from '../api/schema.js';
import { RPC_ANSWERS as ANSWER } from './answers.js';

export type RpcErrorKind = 'rpc' | 'http' | 'network' | 'timeout';

/** An error answered by the node (`kind: 'rpc'`, JSON-RPC `code`) or a transport failure. */
export class RpcError extends Error {
  readonly code: number;
  readonly kind: RpcErrorKind;
  /** the node's `error.data` (e.g. preflight logs), when given */
  readonly data?: unknown;

  constructor(code: number, message: string, kind: RpcErrorKind = 'rpc', data?: unknown) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.kind = kind;
    this.data = data;
  }
}

export type Commitment = 'processed' | 'confirmed' | 'finalized';

type StatusRead = NonNullable<Infer<typeof ANSWER.getSignatureStatuses>['value'][number]>;
export type SignatureStatus = Omit<StatusRead, 'confirmationStatus'> & { confirmationStatus: Commitment | null };
export type SimulationResult = Infer<typeof ANSWER.simulateTransaction>['value'];

export interface TokenAccount {
  pubkey: string;
  /** the account's raw data, base64 */
  data: string;
  /** program owning the account (token program) */
  programId: string;
  lamports: bigint;
  /** decoded from the token-account layout when the data is long enough */
  mint?: string;
  owner?: string;
  amount?: bigint;
}

/** An account as getAccountInfo reads it (base-64 data, decoded). */
export interface AccountInfo {
  /** the program owning the account */
  owner: string;
  /** the account's data bytes */
  data: Uint8Array;
  lamports: bigint;
  executable: boolean;
}

export interface RpcClient {
  getLatestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }>;
  getBlockHeight(): Promise<number>;
  getSlot(): Promise<number>;
  getBalance(address: string): Promise<bigint>;
  getSignatureStatuses(signatures: string[]): Promise<Array<SignatureStatus | null>>;
  sendTransaction(base64: string, opts?: { skipPreflight?: boolean }): Promise<string>;
  simulateTransaction(base64: string): Promise<SimulationResult>;
  getTokenAccountsByOwner(owner: string, filter: { mint: string } | { programId: string }): Promise<TokenAccount[]>;
  /** a mint's decimals and supply (raw) */
  getTokenSupply(mint: string): Promise<{ decimals: number; amount: string }>;
  /** an account's owner and data bytes; null when no account exists at the address */
  getAccountInfo(address: string): Promise<AccountInfo | null>;
}

export interface RpcClientOptions {
  url: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  commitment?: Commitment;
}

/**
 * Reads a u64 that may exceed 2^53 exactly: JSON.parse has already rounded it, so the digits
 * are taken from the raw text (the value found there must agree with the parsed one).
 */
function exactU64(raw: string, parsed: number, key: string): bigint {
  if (Number.isSafeInteger(parsed)) return BigInt(parsed);
  const matches = [...raw.matchAll(new RegExp(`"${key}"\\s*:\\s*(\\d+)`, 'g'))].filter((m) => Number(m[1]) === parsed);
  if (matches.length !== 1) throw new RpcError(-32603, `cannot read ${key} exactly`, 'rpc');
  return BigInt(matches[0][1]);
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decodeBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function readU64LE(bytes: Uint8Array, offset: number): bigint {
  let v = 0n;
  for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(bytes[offset + i]);
  return v;
}

export function createRpcClient(o: RpcClientOptions): RpcClient {
  if (typeof o.url !== 'string' || !/^https?:\/\//i.test(o.url)) throw new TypeError('RPC url must be an http(s) URL');
  new URL(o.url);
  const timeoutMs = o.timeoutMs ?? 10_000;
  const fetchImpl = o.fetchImpl ?? httpFetch;
  const commitment = o.commitment ?? 'confirmed';
  // RPC URLs often carry a key in the query; keep it out of messages
  const urlSecrets = (() => {
    const u = new URL(o.url);
    return [...u.searchParams.values(), u.password].filter((s) => s.length >= 8);
  })();
  let nextId = 1;

  async function call<T>(
    method: string,
    params: unknown[],
    schema: Schema<unknown>,
  ): Promise<{ result: T; raw: string }> {
    const id = nextId++;
    let status: number;
    let raw: string;
    try {
      const { res, text } = await fetchWithin(
        fetchImpl,
        o.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        },
        timeoutMs,
      );
      status = res.status;
      raw = text;
    } catch (e) {
      if (e instanceof RedirectRefusedError) {
        throw new RpcError(
          e.status,
          `${method}: the RPC endpoint redirected POST to ${shownUrl(e.location, urlSecrets)}; not followed`,
          'http',
        );
      }
      if (e instanceof ResponseTooLargeError) throw new RpcError(0, `${method}: ${e.message}`, 'http');
      if (e instanceof FetchTimeoutError) throw new RpcError(0, `${method}: ${e.message}`, 'timeout');
      throw new RpcError(
        0,
        `${method}: network error: ${sanitizeText(e instanceof Error ? e.message : String(e), urlSecrets)}`,
        'network',
      );
    }

    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    if (isPlainObject(body) && isPlainObject(body.error)) {
      const err = body.error;
      const code = typeof err.code === 'number' ? err.code : -32603;
      const message = typeof err.message === 'string' ? sanitizeText(err.message, urlSecrets) : 'unknown error';
      throw new RpcError(code, `${method}: ${message}`, 'rpc', err.data);
    }
    if (status < 200 || status > 299) {
      throw new RpcError(
        status,
        `${method}: HTTP ${status}${raw ? `: ${sanitizeText(raw, urlSecrets, 200)}` : ''}`,
        'http',
      );
    }
    if (!isPlainObject(body)) throw new ResponseShapeError(`RPC ${method}`, '(body)', 'must be a JSON object');
    if (body.id !== id) throw new ResponseShapeError(`RPC ${method}`, 'id', `must echo the request id ${id}`);
    const result = checkResponse(`RPC ${method}`, schema, body.result) as T;
    return { result, raw };
  }

  return {
    async getLatestBlockhash() {
      const { result } = await call<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
        'getLatestBlockhash',
        [{ commitment }],
        ANSWER.getLatestBlockhash,
      );
      return { blockhash: result.value.blockhash, lastValidBlockHeight: result.value.lastValidBlockHeight };
    },
    async getBlockHeight() {
      return (await call<number>('getBlockHeight', [{ commitment }], ANSWER.getBlockHeight)).result;
    },
    async getSlot() {
      return (await call<number>('getSlot', [{ commitment }], ANSWER.getSlot)).result;
    },
    async getTokenSupply(mint) {
      if (!isAddress(mint)) throw new TypeError('getTokenSupply: mint must be a base58 address of 32 bytes');
      const { result } = await call<{ value: { amount: string; decimals: number } }>(
        'getTokenSupply',
        [mint, { commitment }],
        ANSWER.getTokenSupply,
      );
      if (!/^\d+$/.test(result.value.amount) || result.value.decimals > 30)
        throw new ResponseShapeError(
          'RPC getTokenSupply',
          'value',
          'must hold an integer amount and decimals up to 30',
        );
      return { decimals: result.value.decimals, amount: result.value.amount };
    },
    async getAccountInfo(address) {
      if (!isAddress(address)) throw new TypeError('getAccountInfo: address must be a base58 address of 32 bytes');
      const { result, raw } = await call<{
        value: { data: string[]; owner: string; lamports: number; executable: boolean } | null;
      }>('getAccountInfo', [address, { encoding: 'base64', commitment }], ANSWER.getAccountInfo);
      const value = result.value;
      if (value === null) return null;
      const [data, encoding] = value.data;
      if (value.data.length !== 2 || encoding !== 'base64' || !STRICT_BASE64.test(data)) {
        throw new ResponseShapeError('RPC getAccountInfo', 'value.data', 'must be [base64 text, "base64"]');
      }
      if (!isAddress(value.owner))
        throw new ResponseShapeError('RPC getAccountInfo', 'value.owner', 'must be a base58 address of 32 bytes');
      return {
        owner: value.owner,
        data: decodeBase64(data),
        lamports: exactU64(raw, value.lamports, 'lamports'),
        executable: value.executable,
      };
    },
    async getBalance(address) {
      if (!isAddress(address)) throw new TypeError('getBalance: address must be a base58 address of 32 bytes');
      const { result, raw } = await call<{ value: number }>('getBalance', [address, { commitment }], ANSWER.getBalance);
      return exactU64(raw, result.value, 'value');
    },
    async getSignatureStatuses(signatures) {
      if (!Array.isArray(signatures) || signatures.some((s) => typeof s !== 'string' || s === '')) {
        throw new TypeError('getSignatureStatuses: signatures must be non-empty strings');
      }
      const { result } = await call<{ value: Array<SignatureStatus | null> }>(
        'getSignatureStatuses',
        [signatures, { searchTransactionHistory: true }],
        ANSWER.getSignatureStatuses,
      );
      if (result.value.length !== signatures.length) {
        throw new ResponseShapeError('RPC getSignatureStatuses', 'value', `must hold ${signatures.length} entries`);
      }
      return result.value.map((s) => (s === null ? null : { ...s, confirmationStatus: s.confirmationStatus ?? null }));
    },
    async sendTransaction(base64, opts = {}) {
      const { result } = await call<string>(
        'sendTransaction',
        [base64, { encoding: 'base64', skipPreflight: opts.skipPreflight ?? false, preflightCommitment: commitment }],
        ANSWER.sendTransaction,
      );
      return result;
    },
    async simulateTransaction(base64) {
      const { result } = await call<{ value: SimulationResult }>(
        'simulateTransaction',
        [base64, { encoding: 'base64', commitment, sigVerify: false, replaceRecentBlockhash: true }],
        ANSWER.simulateTransaction,
      );
      return result.value;
    },
    async getTokenAccountsByOwner(owner, filter) {
      if (!isAddress(owner)) throw new TypeError('getTokenAccountsByOwner: owner must be a base58 address of 32 bytes');
      const f = filter as { mint?: unknown; programId?: unknown };
      if ((f.mint === undefined) === (f.programId === undefined) || !isAddress(f.mint ?? f.programId)) {
        throw new TypeError('getTokenAccountsByOwner: give exactly one of mint or programId, as an address');
      }
      const { result } = await call<{
        value: Array<{ pubkey: string; account: { data: string[]; owner: string; lamports: number } }>;
      }>(
        'getTokenAccountsByOwner',
        [
          owner,
          f.mint !== undefined ? { mint: f.mint } : { programId: f.programId },
          { encoding: 'base64', commitment },
        ],
        ANSWER.getTokenAccountsByOwner,
      );
      return result.value.map((entry, i) => {
        const [data, encoding] = entry.account.data;
        if (encoding !== 'base64' || typeof data !== 'string') {
          throw new ResponseShapeError(
            'RPC getTokenAccountsByOwner',
            `value[${i}].account.data`,
            'must be [base64 text, "base64"]',
          );
        }
        const out: TokenAccount = {
          pubkey: entry.pubkey,
          data,
          programId: entry.account.owner,
          lamports: BigInt(entry.account.lamports),
        };
        const bytes = decodeBase64(data);
        // token account layout: mint (32) | owner (32) | amount (u64 LE) | ...
        if (bytes.length >= 72) {
          out.mint = encodeBase58(bytes.subarray(0, 32));
          out.owner = encodeBase58(bytes.subarray(32, 64));
          out.amount = readU64LE(bytes, 64);
        }
        return out;
      });
    },
  };
}
