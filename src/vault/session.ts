// The login of the service's current order generation (POST /trigger/v2/auth/challenge, then
// /auth/verify): the wallet signs the challenge (its text as a message, or, for a key that can only
// sign transactions such as a Ledger, the memo transaction the service gives, never sent), and the
// token it gets back is kept in this closure only: never written to a file, the journal, an event,
// a log or a message. It is renewed before it expires, and once when the service answers 401.
import { encodeBase58 } from '../chain/base58.js';
import { ApiError, ResponseShapeError, type ApiClient } from '../api/index.js';
import { JWT_LIFETIME_MS, type ChallengeType } from '../api/contract/triggerV2.js';
import { inspectTransaction } from '../wallet/inspect.js';
import type { Wallet } from '../wallet/keypair.js';
import { signTransaction } from '../wallet/sign.js';

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
/** A token this close to its end is renewed before a call (ms). */
const RENEW_BEFORE_MS = 5 * 60_000;
/** The longest challenge text signed (characters). */
const MAX_CHALLENGE = 2000;

export class VaultLoginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VaultLoginError';
  }
}

export interface VaultSession {
  readonly wallet: string;
  /**
   * Runs a call with the login token, logging in first when there is none or it is near its end,
   * and once more when the service answers 401 (the token expired or was refused).
   */
  authed<T>(call: (o: { token: string }) => Promise<T>): Promise<T>;
  /** whether a token is held now that the next call can use without a new login (never the token) */
  loggedIn(): boolean;
  /** whether this session has logged in at least once (the person asked for the vault in this process) */
  everLoggedIn(): boolean;
  /** calls `listener` after each login and logout; returns the unsubscribe */
  subscribe(listener: () => void): () => void;
  /** forgets the token */
  logout(): void;
}

/** How a wallet answers a challenge: a key file signs the text; a Ledger only signs transactions. */
export function challengeTypeOf(wallet: Wallet): ChallengeType {
  return wallet.kind === 'ledger' ? 'transaction' : 'message';
}

/**
 * A challenge text that is safe to sign as a message: printable text only. A transaction's message
 * starts with bytes no text has, so a service cannot pass one off as a challenge to sign.
 */
export function challengeTextProblem(text: string): string | undefined {
  if (text.length === 0) return 'the challenge is empty';
  if (text.length > MAX_CHALLENGE) return `the challenge is longer than ${MAX_CHALLENGE} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text))
    return 'the challenge holds control characters, so it is not only text';
  return undefined;
}

/** When a JWT ends (ms), read from its `exp` claim; undefined when it does not say. */
function expiryOf(token: string): number | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** An error of the login, in words that never carry what the service answered in full. */
function loginFailure(step: string, err: unknown): VaultLoginError {
  if (err instanceof VaultLoginError) return err;
  if (err instanceof ApiError)
    return new VaultLoginError(
      `login to the service's vault failed at ${step}: ${err.status ? `HTTP ${err.status}` : err.kind}${err.serverMessage ? ` (${err.serverMessage.slice(0, 120)})` : ''}`,
    );
  // a malformed answer's value is not repeated: it may be a token
  if (err instanceof ResponseShapeError)
    return new VaultLoginError(
      `login to the service's vault failed at ${step}: the answer's ${err.field} is malformed`,
    );
  return new VaultLoginError(
    `login to the service's vault failed at ${step}: ${err instanceof Error ? err.message.slice(0, 200) : 'unknown error'}`,
  );
}

export function createVaultSession(deps: { api: ApiClient; wallet: Wallet; now(): number }): VaultSession {
  const { api, wallet } = deps;
  let token: string | undefined;
  let endsAt = 0;
  let pending: Promise<string> | undefined;
  let once = false;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const l of [...listeners]) l();
  };

  async function login(): Promise<string> {
    if (wallet.kind === 'watch')
      throw new VaultLoginError(`watch-only wallet ${wallet.address}: logging in to its vault needs its key`);
    const type = challengeTypeOf(wallet);
    let challenge;
    try {
      challenge = await api.triggerV2.challenge({ walletPubkey: wallet.address, type });
    } catch (e) {
      throw loginFailure('the challenge', e);
    }
    let answer;
    if (type === 'message') {
      if (challenge.type !== 'message')
        throw new VaultLoginError('the service gave a transaction challenge where a text was asked; nothing signed');
      const problem = challengeTextProblem(challenge.challenge);
      if (problem) throw new VaultLoginError(`${problem}; nothing signed`);
      const sig = await wallet.signer.sign(new TextEncoder().encode(challenge.challenge));
      answer = { type: 'message' as const, walletPubkey: wallet.address, signature: encodeBase58(sig) };
    } else {
      if (challenge.type !== 'transaction' || !challenge.transaction)
        throw new VaultLoginError('the service gave a text challenge where a transaction was asked; nothing signed');
      // a memo and nothing else: no account written but the fee payer's, no other program
      const r = await inspectTransaction(challenge.transaction, { wallet: wallet.address, allowedSigners: [] });
      if (!r.ok) throw new VaultLoginError(`the challenge transaction was refused: ${r.reason}; nothing signed`);
      const other = r.programs.find((p) => p.id !== MEMO_PROGRAM && p.id !== COMPUTE_BUDGET);
      if (other || r.writableAll.some((a) => a !== wallet.address) || r.signers.length !== 1)
        throw new VaultLoginError(
          `the challenge transaction does more than carry a memo${other ? ` (it calls ${other.id})` : ''}; nothing signed`,
        );
      const signed = await signTransaction(challenge.transaction, wallet, {});
      answer = { type: 'transaction' as const, walletPubkey: wallet.address, signedTransaction: signed.signedBase64 };
    }
    let verified;
    try {
      verified = await api.triggerV2.verify(answer);
    } catch (e) {
      throw loginFailure('the verification', e);
    }
    token = verified.token;
    endsAt = expiryOf(verified.token) ?? deps.now() + JWT_LIFETIME_MS;
    once = true;
    changed();
    return verified.token;
  }

  async function current(): Promise<string> {
    if (token && deps.now() < endsAt - RENEW_BEFORE_MS) return token;
    token = undefined;
    // one login at a time: calls that need it meanwhile wait for the same one
    pending ??= login().finally(() => (pending = undefined));
    return pending;
  }

  const session: VaultSession = {
    wallet: wallet.address,
    async authed(call) {
      const t = await current();
      try {
        return await call({ token: t });
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 401) throw e;
        // refused: the token expired early or the service forgot it; log in again, once
        if (token === t) token = undefined;
        return call({ token: await current() });
      }
    },
    loggedIn: () => token !== undefined && deps.now() < endsAt - RENEW_BEFORE_MS,
    everLoggedIn: () => once,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    logout: () => {
      token = undefined;
      changed();
    },
  };
  // never shown: not the token, not the closure
  Object.defineProperty(session, 'toJSON', { value: () => ({ wallet: wallet.address }), enumerable: false });
  return session;
}

const sessions = new WeakMap<object, VaultSession>();

/** The one session of a set of services (the dashboard's, a command's): one login per process and wallet. */
export function vaultSessionOf(s: { api: ApiClient; wallet: Wallet | null; now(): number }): VaultSession {
  if (!s.wallet) throw new VaultLoginError('no wallet: start with --keypair <file> to use the vault');
  let v = sessions.get(s);
  if (!v || v.wallet !== s.wallet.address) {
    v = createVaultSession({ api: s.api, wallet: s.wallet, now: () => s.now() });
    sessions.set(s, v);
  }
  return v;
}
