// The login of the current order generation: a challenge the wallet signs (a text for
// signMessage, or a memo transaction for keys that can only sign transactions, never landed), then
// a JWT (HS256, the simulator's own secret, 24 hours of simulated time, bound to the wallet) that
// every other call carries as `Authorization: Bearer`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeBase58 } from '../../chain/base58.js';
import { CHALLENGE_LIFETIME_MS, JWT_LIFETIME_MS } from '../../api/contract/index.js';
import type { ChallengeAnswer, ChallengeType, VerifyRequest } from '../../api/types.js';
import type { SimKernel, SimRequest } from '../engine/kernel.js';
import { seededBytes } from '../engine/random.js';
import { verifyEd25519 } from '../engine/signing.js';
import { decodeWireTransaction } from '../engine/transactions.js';

export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

interface Challenge {
  type: ChallengeType;
  text: string;
  /** the transaction form: the message the wallet must sign */
  messageKey?: string;
  expiresMs: number;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export class TriggerAuth {
  private readonly secret: Buffer;
  /** the latest challenge of each wallet (verify names only the wallet) */
  private readonly challenges = new Map<string, Challenge>();

  constructor(private readonly kernel: SimKernel) {
    this.secret = Buffer.from(seededBytes(kernel.seed, 'trigger-v2-jwt-secret', 32));
  }

  challenge(wallet: string, type: ChallengeType): ChallengeAnswer {
    const now = this.kernel.clock.nowMs();
    const text = [
      'Sign in to the trading service to manage your orders.',
      `Wallet: ${wallet}`,
      `Nonce: ${this.kernel.ids.uuid()}`,
      `Issued at: ${new Date(now).toISOString()}`,
      'Signing this moves no funds.',
    ].join('\n');
    const expiresMs = now + CHALLENGE_LIFETIME_MS;
    if (type === 'message') {
      this.challenges.set(wallet, { type, text, expiresMs });
      return { type, challenge: text };
    }
    // a memo the wallet signs as a transaction; the service never lands it
    const built = this.kernel.tx.build({
      feePayer: wallet,
      instructions: [{ programId: MEMO_PROGRAM, accounts: [], data: new TextEncoder().encode(text) }],
      effect: () => ({ ok: false, code: -3, error: 'a sign-in challenge is not a transaction to land' }),
    });
    const messageKey = decodeWireTransaction(built.base64)!.messageKey;
    this.challenges.set(wallet, { type, text, messageKey, expiresMs });
    return { type, transaction: built.base64 };
  }

  /** The token for a signed challenge; refuses as the service does (400 without a challenge, 401 for a bad one). */
  verify(b: VerifyRequest): string {
    const fail = this.kernel.fail;
    const c = this.challenges.get(b.walletPubkey);
    if (!c || c.type !== b.type) return fail({ status: 400, message: 'Challenge not found' });
    if (this.kernel.clock.nowMs() > c.expiresMs) {
      this.challenges.delete(b.walletPubkey);
      return fail({ status: 401, message: 'Challenge expired' });
    }
    let good = false;
    if (b.type === 'message' && b.signature !== undefined) {
      const sig = decodeBase58(b.signature);
      good = sig !== null && verifyEd25519(b.walletPubkey, new TextEncoder().encode(c.text), sig);
    } else if (b.type === 'transaction' && b.signedTransaction !== undefined) {
      const tx = decodeWireTransaction(b.signedTransaction);
      const sig = tx?.signatures[b.walletPubkey];
      good =
        tx !== null && tx.messageKey === c.messageKey && !!sig && verifyEd25519(b.walletPubkey, tx.messageBytes, sig);
    }
    if (!good) return fail({ status: 401, message: 'Invalid signature' });
    this.challenges.delete(b.walletPubkey);
    return this.issue(b.walletPubkey);
  }

  private mac(data: string): Buffer {
    return createHmac('sha256', this.secret).update(data).digest();
  }

  private issue(wallet: string): string {
    const iat = Math.floor(this.kernel.clock.nowMs() / 1000);
    const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const body = b64url(
      JSON.stringify({ sub: wallet, iat, exp: iat + JWT_LIFETIME_MS / 1000, jti: this.kernel.ids.uuid() }),
    );
    return `${head}.${body}.${b64url(this.mac(`${head}.${body}`))}`;
  }

  /** The wallet a request's token belongs to; 401 Unauthorized for no token, a forged or an expired one. */
  wallet(req: SimRequest): string {
    const unauthorized = () => this.kernel.fail({ status: 401, message: 'Unauthorized' });
    const header = req.headers.authorization;
    const m = typeof header === 'string' ? /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(header.trim()) : null;
    if (!m) return unauthorized();
    // the pattern's three groups take part in every match
    const head = m[1]!;
    const body = m[2]!;
    const signature = m[3]!;
    const sig = Buffer.from(signature, 'base64url');
    const want = this.mac(`${head}.${body}`);
    if (sig.length !== want.length || !timingSafeEqual(sig, want)) return unauthorized();
    let claims: { sub?: unknown; exp?: unknown };
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return unauthorized();
    }
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return unauthorized();
    if (claims.exp * 1000 <= this.kernel.clock.nowMs()) return unauthorized();
    return claims.sub;
  }
}
