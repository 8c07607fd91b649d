// Real Solana transactions: compiled with @solana/kit, remembered by their message bytes, and
// accepted only when every required signature verifies over those exact bytes.
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
  type Transaction,
} from '@solana/kit';
import type {
  SimAdoptedMessage,
  SimBuildOptions,
  SimBuiltTransaction,
  SimEffectResult,
  SimSubmitResult,
  SimTransactions,
} from './kernel.js';
import type { SimClockImpl } from './clock.js';
import { SimInsufficientFunds } from './ledger.js';
import { heldKey, verifyEd25519, type HeldKey } from './signing.js';
import { toBase58 } from './random.js';

const txDecoder = getTransactionDecoder();
const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;

type IssuedMessage = SimAdoptedMessage;

/** What RPC simulateTransaction runs: the issued message's effect (to run on a dry run), or why it cannot. */
export type SimulationCase =
  | { issued: true; effect: (signature: string) => SimEffectResult; chargesFees: boolean; signature: string }
  | { issued: false; code: number; error: string };

export interface SignatureStatus {
  slot: number;
  err: { code: number; error: string } | null;
}

export interface DecodedTransaction {
  messageKey: string;
  messageBytes: Uint8Array;
  signatures: Record<string, Uint8Array | null>;
}

/** decodes a base-64 wire transaction; null when it is not one */
export function decodeWireTransaction(base64: unknown): DecodedTransaction | null {
  if (typeof base64 !== 'string' || base64.length === 0 || base64.length % 4 !== 0 || !BASE64_RE.test(base64))
    return null;
  try {
    const tx = txDecoder.decode(Buffer.from(base64, 'base64'));
    const messageBytes = new Uint8Array(tx.messageBytes);
    return {
      messageKey: Buffer.from(messageBytes).toString('base64'),
      messageBytes,
      signatures: tx.signatures,
    };
  } catch {
    return null;
  }
}

function failed(code: number, error: string, signature: string, slot: number): SimSubmitResult {
  return { code, status: 'Failed', signature, slot, error };
}

export class SimTransactionsImpl implements SimTransactions {
  private readonly issued = new Map<string, IssuedMessage>();
  private readonly results = new Map<string, SimSubmitResult>();
  private readonly statuses = new Map<string, SignatureStatus>();
  private readonly keys = new Map<string, HeldKey>();
  private readonly adopters: Array<(signedBase64: string) => SimAdoptedMessage | undefined> = [];

  constructor(
    private readonly clock: SimClockImpl,
    private readonly seed: number,
  ) {}

  adopt(rule: (signedBase64: string) => SimAdoptedMessage | undefined): void {
    this.adopters.push(rule);
  }

  /** a message not compiled here that a rule recognises: remembered as issued from then on */
  private adopted(tx: DecodedTransaction, signedBase64: string): IssuedMessage | undefined {
    for (const rule of this.adopters) {
      const m = rule(signedBase64);
      if (!m) continue;
      this.issued.set(tx.messageKey, m);
      return m;
    }
    return undefined;
  }

  simSigner(label: string): string {
    const key = heldKey(this.seed, label);
    this.keys.set(key.address, key);
    return key.address;
  }

  build(opts: SimBuildOptions): SimBuiltTransaction {
    const slot = this.clock.slot();
    const blockhash = this.clock.blockhash(slot);
    const lastValidBlockHeight = slot + (opts.validSlots ?? 150);
    const instructions: Instruction[] = opts.instructions.map((ix) => ({
      programAddress: address(ix.programId),
      accounts: ix.accounts.map((a) => ({
        address: address(a.pubkey),
        role: (a.isSigner ? 2 : 0) + (a.isWritable ? 1 : 0),
      })),
      data: ix.data,
    }));
    const message = pipe(
      createTransactionMessage({ version: opts.legacy ? 'legacy' : 0 }),
      (m) => setTransactionMessageFeePayer(address(opts.feePayer), m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const compiled = compileTransaction(message);
    const messageBytes = new Uint8Array(compiled.messageBytes);
    const signatures: Record<string, Uint8Array | null> = {
      ...(compiled.signatures as Record<string, Uint8Array | null>),
    };
    for (const signer of opts.simSigners ?? []) {
      const key = this.keys.get(signer);
      if (!key || !(signer in signatures))
        throw new Error(`build: ${signer} is not a simulator-held signer of this transaction`);
      signatures[signer] = key.sign(messageBytes);
    }
    const tx = { ...compiled, signatures } as Transaction;
    this.issued.set(Buffer.from(messageBytes).toString('base64'), {
      signers: Object.keys(signatures),
      lastValidBlockHeight,
      effect: opts.effect,
      chargesFees: opts.chargesFees === true,
    });
    return { base64: getBase64EncodedWireTransaction(tx), blockhash, lastValidBlockHeight };
  }

  /** the message key of a base-64 transaction, null when undecodable */
  messageKey(base64: string): string | null {
    return decodeWireTransaction(base64)?.messageKey ?? null;
  }

  /** checks everything submit() checks, without running the effect */
  private check(
    signedBase64: string,
    verifySignatures = true,
  ): { code: number; error?: string; signature: string; tx?: DecodedTransaction; issued?: IssuedMessage } {
    const slot = this.clock.slot();
    const tx = decodeWireTransaction(signedBase64);
    if (!tx) return { code: -2, error: 'invalid transaction: not a base-64 encoded transaction', signature: '' };
    const first = Object.values(tx.signatures)[0];
    const signature = first ? toBase58(first) : '';
    const issued = this.issued.get(tx.messageKey) ?? this.adopted(tx, signedBase64);
    if (!issued)
      return { code: -3, error: 'transaction message was modified or was not issued by this service', signature };
    for (const signer of verifySignatures ? issued.signers : []) {
      const sig = tx.signatures[signer];
      if (!sig) return { code: -2, error: `invalid transaction: missing signature of ${signer}`, signature };
      if (!verifyEd25519(signer, tx.messageBytes, sig))
        return { code: -2, error: `invalid transaction: signature of ${signer} does not verify`, signature };
    }
    if (!this.results.has(tx.messageKey) && slot > issued.lastValidBlockHeight) {
      return {
        code: -1005,
        error: 'transaction expired: blockhash is older than its last valid block height',
        signature,
      };
    }
    return { code: 0, signature, tx, issued };
  }

  /**
   * `gate` runs only when the transaction would land now (checks pass, not landed before); a
   * failure it returns is answered without landing or remembering anything (injected faults).
   */
  submit(signedBase64: string, gate?: () => { code: number; error: string } | null): SimSubmitResult {
    const slot = this.clock.slot();
    const c = this.check(signedBase64);
    if (!c.tx || !c.issued) return failed(c.code, c.error ?? 'invalid transaction', c.signature, slot);
    const prior = this.results.get(c.tx.messageKey);
    if (prior) return prior;
    const injected = gate?.();
    if (injected) return failed(injected.code, injected.error, c.signature, slot);
    let outcome: SimEffectResult;
    try {
      outcome = c.issued.effect(c.signature);
    } catch (err) {
      if (!(err instanceof SimInsufficientFunds)) throw err;
      outcome = { ok: false, code: 1, error: `insufficient funds: ${err.message}` };
    }
    const result: SimSubmitResult = outcome.ok
      ? { code: 0, status: 'Success', signature: c.signature, slot, ...(outcome.data ? { data: outcome.data } : {}) }
      : failed(outcome.code, outcome.error, c.signature, slot);
    this.results.set(c.tx.messageKey, result);
    this.statuses.set(c.signature, { slot, err: outcome.ok ? null : { code: outcome.code, error: outcome.error } });
    return result;
  }

  /**
   * What simulating the transaction would run: the effect of a message this simulator handed out
   * (checked as submit checks it, signatures only when asked), or why there is none (code -3: a
   * message it did not hand out; -1005: expired; -32002: already processed).
   */
  simulation(signedBase64: string, verifySignatures: boolean): SimulationCase {
    const c = this.check(signedBase64, verifySignatures);
    if (c.code !== 0) return { issued: false, code: c.code, error: c.error ?? 'invalid transaction' };
    if (this.results.has(c.tx!.messageKey))
      return { issued: false, code: -32002, error: 'transaction already processed' };
    return { issued: true, effect: c.issued!.effect, chargesFees: c.issued!.chargesFees, signature: c.signature };
  }

  status(signature: string): SignatureStatus | null {
    return this.statuses.get(signature) ?? null;
  }
}
