// A small Solana JSON-RPC 2.0 client (POST, base64 transaction encoding). Responses are
// untrusted: each result is checked before it is returned.

import { sanitizeText } from '../api/errors.js';
import { ResponseShapeError } from '../api/contract/ruleErrors.js';
import {
  fetchWithin,
  FetchTimeoutError,
  httpFetch,
  type FetchLike,
  RedirectRefusedError,
  ResponseTooLargeError,
  shownUrl,
} from '../api/http.js';
import { encodeBase58, isAddress } from '../chain/base58.js';
import { checkResponse, isPlainObject, type Infer, type Schema } from '../api/contract/schema.js';
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
/** a status as read, its confirmation level always given (null: none said) */
export type SignatureStatus = StatusRead & { confirmationStatus: Commitment | null };

/** A transaction simulated with the state of accounts before it and after it (one batch request). */
export interface SimulationRead {
  /** the node's transaction error; null when the simulation succeeded */
  err: unknown;
  logs: string[];
  /** the accounts asked for `before`, as they are now (null: no account there) */
  before: Array<AccountInfo | null>;
  /** the accounts asked for `after`, as the transaction would leave them; null when the node gave none */
  after: Array<AccountInfo | null> | null;
  /** the compute units the transaction used, when the node says */
  unitsConsumed?: number;
}

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
  /**
   * One batch request (one round trip): getMultipleAccounts of `before` (the state now) and
   * simulateTransaction of the unsigned transaction (signatures not verified, its own blockhash
   * kept) with the state after it of `after`.
   */
  simulate(base64: string, accounts: { before: string[]; after: string[] }): Promise<SimulationRead>;
  getTokenAccountsByOwner(owner: string, filter: { mint: string } | { programId: string }): Promise<TokenAccount[]>;
  /** a mint's decimals and supply (raw) */
  getTokenSupply(mint: string): Promise<{ decimals: number; amount: string }>;
  /** an account's owner and data bytes; null when no account exists at the address */
  getAccountInfo(address: string): Promise<AccountInfo | null>;
}

export interface RpcClientOptions {
  url: string;
  timeoutMs?: number;
  fetchImpl?: FetchLike;
  commitment?: Commitment;
}

/**
 * Reads a u64 that may exceed 2^53 exactly: JSON.parse has already rounded it, so the digits
 * are taken from the raw text (the value found there must agree with the parsed one).
 */
function exactU64(raw: string, parsed: number, key: string): bigint {
  if (Number.isSafeInteger(parsed)) return BigInt(parsed);
  const matches = [...raw.matchAll(new RegExp(`"${key}"\\s*:\\s*(\\d+)`, 'g'))].filter((m) => Number(m[1]) === parsed);
  const [only] = matches;
  if (!only || matches.length !== 1) throw new RpcError(-32603, `cannot read ${key} exactly`, 'rpc');
  // the pattern's one group matched digits
  return BigInt(only[1]!);
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decodeBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** the caller has checked that 8 bytes follow `offset` */
function readU64LE(bytes: Uint8Array, offset: number): bigint {
  let v = 0n;
  for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(bytes[offset + i]!);
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

  /** POSTs one JSON-RPC body; `label` names the call in errors. A node's error object is thrown as an RpcError. */
  async function send(label: string, payload: unknown): Promise<{ body: unknown; raw: string }> {
    let status: number;
    let raw: string;
    try {
      const { res, text } = await fetchWithin(
        fetchImpl,
        o.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(payload),
        },
        timeoutMs,
      );
      status = res.status;
      raw = text;
    } catch (e) {
      if (e instanceof RedirectRefusedError) {
        throw new RpcError(
          e.status,
          `${label}: the RPC endpoint redirected POST to ${shownUrl(e.location, urlSecrets)}; not followed`,
          'http',
        );
      }
      if (e instanceof ResponseTooLargeError) throw new RpcError(0, `${label}: ${e.message}`, 'http');
      if (e instanceof FetchTimeoutError) throw new RpcError(0, `${label}: ${e.message}`, 'timeout');
      throw new RpcError(
        0,
        `${label}: network error: ${sanitizeText(e instanceof Error ? e.message : String(e), urlSecrets)}`,
        'network',
      );
    }

    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    if (isPlainObject(body)) nodeError(label, body);
    if (status < 200 || status > 299) {
      throw new RpcError(
        status,
        `${label}: HTTP ${status}${raw ? `: ${sanitizeText(raw, urlSecrets, 200)}` : ''}`,
        'http',
      );
    }
    return { body, raw };
  }

  /** Throws the node's error object of one answer as an RpcError. */
  function nodeError(method: string, answer: Record<string, unknown>): void {
    if (!isPlainObject(answer.error)) return;
    const err = answer.error;
    const code = typeof err.code === 'number' ? err.code : -32603;
    const message = typeof err.message === 'string' ? sanitizeText(err.message, urlSecrets) : 'unknown error';
    throw new RpcError(code, `${method}: ${message}`, 'rpc', err.data);
  }

  async function call<T>(
    method: string,
    params: unknown[],
    schema: Schema<unknown>,
  ): Promise<{ result: T; raw: string }> {
    const id = nextId++;
    const { body, raw } = await send(method, { jsonrpc: '2.0', id, method, params });
    if (!isPlainObject(body)) throw new ResponseShapeError(`RPC ${method}`, '(body)', 'must be a JSON object');
    if (body.id !== id) throw new ResponseShapeError(`RPC ${method}`, 'id', `must echo the request id ${id}`);
    const result = checkResponse(`RPC ${method}`, schema, body.result) as T;
    return { result, raw };
  }

  /** Several calls in one request (a JSON-RPC batch): each answer is matched by its id and checked like a single call's. */
  async function batch(
    calls: Array<{ method: string; params: unknown[]; schema: Schema<unknown> }>,
  ): Promise<unknown[]> {
    const ids = calls.map(() => nextId++);
    const label = calls.map((c) => c.method).join(' + ');
    const { body } = await send(
      label,
      calls.map((c, i) => ({ jsonrpc: '2.0', id: ids[i], method: c.method, params: c.params })),
    );
    if (!Array.isArray(body))
      throw new ResponseShapeError(`RPC ${label}`, '(body)', 'must be a JSON array (a batch answer)');
    return calls.map((c, i) => {
      const answer = body.find((a) => isPlainObject(a) && a.id === ids[i]);
      if (!isPlainObject(answer))
        throw new ResponseShapeError(`RPC ${c.method}`, 'id', `no answer echoes the request id ${ids[i]}`);
      nodeError(c.method, answer);
      return checkResponse(`RPC ${c.method}`, c.schema, answer.result);
    });
  }

  /** An account of a node's answer (base-64 data), decoded; `where` names it in errors. */
  function accountOf(
    method: string,
    where: string,
    value: { data: string[]; owner: string; lamports: number; executable: boolean },
    raw?: string,
  ): AccountInfo {
    const [data, encoding] = value.data;
    if (value.data.length !== 2 || encoding !== 'base64' || data === undefined || !STRICT_BASE64.test(data)) {
      throw new ResponseShapeError(`RPC ${method}`, `${where}.data`, 'must be [base64 text, "base64"]');
    }
    if (!isAddress(value.owner))
      throw new ResponseShapeError(`RPC ${method}`, `${where}.owner`, 'must be a base58 address of 32 bytes');
    let lamports: bigint;
    if (raw !== undefined) lamports = exactU64(raw, value.lamports, 'lamports');
    else if (Number.isSafeInteger(value.lamports)) lamports = BigInt(value.lamports);
    else
      throw new ResponseShapeError(`RPC ${method}`, `${where}.lamports`, 'is beyond 2^53 and cannot be read exactly');
    return { owner: value.owner, data: decodeBase64(data), lamports, executable: value.executable };
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
      return result.value === null ? null : accountOf('getAccountInfo', 'value', result.value, raw);
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
    async simulate(base64, accounts) {
      const list = [...accounts.before, ...accounts.after];
      if (list.some((a) => !isAddress(a)))
        throw new TypeError('simulate: every account must be a base58 address of 32 bytes');
      if (accounts.before.length > 100) throw new TypeError('simulate: at most 100 accounts can be read before');
      type Account = { data: string[]; owner: string; lamports: number; executable: boolean };
      const [before, simulated] = (await batch([
        {
          method: 'getMultipleAccounts',
          params: [accounts.before, { encoding: 'base64', commitment }],
          schema: ANSWER.getMultipleAccounts,
        },
        {
          method: 'simulateTransaction',
          params: [
            base64,
            {
              encoding: 'base64',
              commitment,
              sigVerify: false,
              replaceRecentBlockhash: false,
              accounts: { encoding: 'base64', addresses: accounts.after },
            },
          ],
          schema: ANSWER.simulateTransaction,
        },
      ])) as [
        { value: Array<Account | null> },
        {
          value: {
            err: unknown;
            logs?: string[] | null;
            accounts?: Array<Account | null> | null;
            unitsConsumed?: number;
          };
        },
      ];
      if (before.value.length !== accounts.before.length)
        throw new ResponseShapeError('RPC getMultipleAccounts', 'value', `must hold ${accounts.before.length} entries`);
      const after = simulated.value.accounts ?? null;
      if (after !== null && after.length !== accounts.after.length)
        throw new ResponseShapeError(
          'RPC simulateTransaction',
          'value.accounts',
          `must hold ${accounts.after.length} entries`,
        );
      return {
        err: simulated.value.err ?? null,
        logs: simulated.value.logs ?? [],
        ...(simulated.value.unitsConsumed !== undefined ? { unitsConsumed: simulated.value.unitsConsumed } : {}),
        before: before.value.map((a, i) => (a === null ? null : accountOf('getMultipleAccounts', `value[${i}]`, a))),
        after:
          after === null
            ? null
            : after.map((a, i) => (a === null ? null : accountOf('simulateTransaction', `value.accounts[${i}]`, a))),
      };
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
