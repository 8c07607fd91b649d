// The custodial vault of the current order generation: one address per wallet whose key the
// simulator holds (the service's custody provider holds the real one). A deposit is a transaction
// the wallet signs that moves tokens from the wallet to its vault and does nothing else; the
// service lands it when the order is created. A withdrawal is a transaction the vault signs (here,
// the simulator, as it is built) and the wallet signs as its fee payer, moving an order's funds back.
import { NATIVE_MINT } from '../../chain/mints.js';
import type { DepositAnswer, DepositRequest } from '../../api/types.js';
import type { SimInstruction, SimKernel } from '../engine/kernel.js';
import { decodeWireTransaction } from '../engine/transactions.js';
import { ata, tokenProgramOf } from './trigger-ix.js';
import { ATA_RENT_LAMPORTS, createAtaInstruction, SIGNATURE_FEE_LAMPORTS, systemTransfer } from './swap-tx.js';
import { usdText } from './read-request.js';

export interface VaultRecord {
  user: string;
  vault: string;
  privyVaultId: string;
  privyUserId: string | null;
  createdMs: number;
}

/** A deposit handed out by POST /trigger/v2/deposit/craft, until an order lands it. */
export interface DepositRecord {
  requestId: string;
  user: string;
  vault: string;
  inputMint: string;
  outputMint: string;
  amount: bigint;
  orderType: 'price' | 'dca';
  orderSubType?: string;
  jlMint?: string;
  /** the message the wallet signs */
  messageKey: string;
  createdMs: number;
  /** the order that landed it */
  usedBy?: string;
}

/** A deposit's requestId is kept this long (ms of simulated time); its transaction lives 150 slots anyway. */
const DEPOSIT_TTL_MS = 10 * 60_000;

function transferChecked(
  source: string,
  mint: string,
  destination: string,
  authority: string,
  amount: bigint,
  decimals: number,
  tokenProgram: string,
): SimInstruction {
  const data = new Uint8Array(10);
  data[0] = 12;
  new DataView(data.buffer).setBigUint64(1, amount, true);
  data[9] = decimals;
  return {
    programId: tokenProgram,
    accounts: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: authority, isSigner: true, isWritable: false },
    ],
    data,
  };
}

/** `from` moves `amount` of `mint` to `to`: a System transfer of the native coin, else a checked token transfer (creating the receiving account first). */
async function moveInstructions(
  kernel: SimKernel,
  payer: string,
  from: string,
  to: string,
  mint: string,
  amount: bigint,
): Promise<SimInstruction[]> {
  if (mint === NATIVE_MINT) return [systemTransfer(from, to, amount)];
  const program = tokenProgramOf(kernel, mint);
  const source = await ata(kernel, from, mint);
  const destination = await ata(kernel, to, mint);
  return [
    createAtaInstruction(payer, destination, to, mint, program),
    transferChecked(source, mint, destination, from, amount, kernel.market.token(mint)?.decimals ?? 0, program),
  ];
}

export class Vaults {
  private readonly byUser = new Map<string, VaultRecord>();
  private readonly deposits = new Map<string, DepositRecord>();

  constructor(private readonly kernel: SimKernel) {}

  get(user: string): VaultRecord | undefined {
    return this.byUser.get(user);
  }

  /** makes the wallet's vault; undefined when it has one */
  register(user: string): VaultRecord | undefined {
    if (this.byUser.has(user)) return undefined;
    const rec: VaultRecord = {
      user,
      // the vault's key is one the simulator holds, derived from the seed and the wallet
      vault: this.kernel.tx.simSigner(`trigger-v2-vault:${user}`),
      privyVaultId: this.kernel.ids.uuid(),
      privyUserId: null,
      createdMs: this.kernel.clock.nowMs(),
    };
    this.byUser.set(user, rec);
    return rec;
  }

  deposit(requestId: string): DepositRecord | undefined {
    const d = this.deposits.get(requestId);
    if (d && !d.usedBy && this.kernel.clock.nowMs() - d.createdMs > DEPOSIT_TTL_MS) {
      this.deposits.delete(requestId);
      return undefined;
    }
    return d;
  }

  /** The unsigned deposit: the wallet pays the fee and moves `amount` to its vault. */
  async craft(v: VaultRecord, b: DepositRequest): Promise<DepositAnswer> {
    const { kernel } = this;
    const amount = BigInt(b.amount);
    const instructions = await moveInstructions(kernel, v.user, v.user, v.vault, b.inputMint, amount);
    const built = kernel.tx.build({
      feePayer: v.user,
      instructions,
      effect: () => this.landDeposit(v, b.inputMint, amount),
      chargesFees: true,
    });
    const requestId = kernel.ids.uuid();
    for (const [id, d] of this.deposits)
      if (!d.usedBy && kernel.clock.nowMs() - d.createdMs > DEPOSIT_TTL_MS) this.deposits.delete(id);
    this.deposits.set(requestId, {
      requestId,
      user: v.user,
      vault: v.vault,
      inputMint: b.inputMint,
      outputMint: b.outputMint,
      amount,
      orderType: b.orderType,
      ...(b.orderSubType ? { orderSubType: b.orderSubType } : {}),
      ...(b.jlMint ? { jlMint: b.jlMint } : {}),
      messageKey: decodeWireTransaction(built.base64)!.messageKey,
      createdMs: kernel.clock.nowMs(),
    });
    const token = kernel.market.token(b.inputMint);
    const vaultInput = await ata(kernel, v.vault, b.inputMint);
    return {
      transaction: built.base64,
      requestId,
      receiverAddress: v.vault,
      mint: b.inputMint,
      amount: b.amount,
      tokenDecimals: token?.decimals ?? 0,
      ...(b.jlMint
        ? { jlTokenAccount: await ata(kernel, v.vault, b.jlMint) }
        : b.orderSubType
          ? { inputTokenAccount: vaultInput }
          : {}),
      ...(b.orderSubType === 'otoco' ? { outputTokenAccount: await ata(kernel, v.vault, b.outputMint) } : {}),
    };
  }

  /** What the deposit costs the wallet in lamports beside the amount: its signature, and the vault's token account when new. */
  private depositFees(v: VaultRecord, mint: string): bigint {
    const newAccount = mint !== NATIVE_MINT && this.kernel.ledger.balance(v.vault, mint) === 0n;
    return SIGNATURE_FEE_LAMPORTS + (newAccount ? ATA_RENT_LAMPORTS : 0n);
  }

  private depositShortfall(v: VaultRecord, mint: string, amount: bigint) {
    const { ledger } = this.kernel;
    const fees = this.depositFees(v, mint);
    const needSol = fees + (mint === NATIVE_MINT ? amount : 0n);
    if (ledger.balance(v.user, NATIVE_MINT) < needSol)
      return { ok: false as const, code: 1, error: `insufficient funds: the wallet cannot pay ${needSol} lamports` };
    if (mint !== NATIVE_MINT && ledger.balance(v.user, mint) < amount)
      return {
        ok: false as const,
        code: 1,
        error: `insufficient funds: the wallet holds less than ${amount} of ${mint}`,
      };
    return null;
  }

  private landDeposit(v: VaultRecord, mint: string, amount: bigint) {
    const short = this.depositShortfall(v, mint, amount);
    if (short) return short;
    const { ledger } = this.kernel;
    ledger.debit(v.user, NATIVE_MINT, this.depositFees(v, mint));
    ledger.transfer(v.user, v.vault, mint, amount);
    return { ok: true as const };
  }

  /**
   * Lands a crafted deposit signed by the wallet (the order is made only when it did): its
   * signature, or the reason it did not land.
   */
  land(d: DepositRecord, signedBase64: string): { ok: true; signature: string } | { ok: false; error: string } {
    const decoded = decodeWireTransaction(signedBase64);
    if (!decoded || decoded.messageKey !== d.messageKey)
      return { ok: false, error: 'depositSignedTx is not the deposit transaction crafted for depositRequestId' };
    const r = this.kernel.tx.submit(signedBase64);
    return r.status === 'Success'
      ? { ok: true, signature: r.signature }
      : { ok: false, error: r.error ?? 'not landed' };
  }

  /** A deposit's minimum, in the service's words; null when it is worth enough. */
  tooSmall(mint: string, amount: bigint, minimum: number, tolerance = 0, what = 'Order'): string | null {
    const usd = this.kernel.market.usdValue(mint, amount);
    return usd + tolerance >= minimum
      ? null
      : `${what} must be at least ${minimum} USD (current value: ${usdText(usd)} USD)`;
  }

  /**
   * The withdrawal of `items` from the vault to the wallet: unsigned but for the vault's signature;
   * `landed` runs once when it lands. The wallet pays the fees.
   */
  async withdrawal(
    v: VaultRecord,
    items: Array<{ mint: string; amount: bigint }>,
    landed: (signature: string) => void,
  ): Promise<{ base64: string; messageKey: string }> {
    const { kernel } = this;
    const moves = items.filter((i) => i.amount > 0n);
    const instructions: SimInstruction[] = [];
    for (const i of moves)
      instructions.push(...(await moveInstructions(kernel, v.user, v.vault, v.user, i.mint, i.amount)));
    const fee = SIGNATURE_FEE_LAMPORTS * 2n;
    const shortfall = () => {
      if (kernel.ledger.balance(v.user, NATIVE_MINT) < fee)
        return {
          ok: false as const,
          code: 1,
          error: `insufficient funds: the wallet cannot pay ${fee} lamports of fees`,
        };
      for (const i of moves)
        if (kernel.ledger.balance(v.vault, i.mint) < i.amount)
          return {
            ok: false as const,
            code: 1,
            error: `insufficient funds: the vault holds less than ${i.amount} of ${i.mint}`,
          };
      return null;
    };
    const built = kernel.tx.build({
      feePayer: v.user,
      instructions,
      simSigners: [v.vault],
      chargesFees: true,
      effect: (signature) => {
        const short = shortfall();
        if (short) return short;
        kernel.ledger.debit(v.user, NATIVE_MINT, fee);
        for (const i of moves) kernel.ledger.transfer(v.vault, v.user, i.mint, i.amount);
        landed(signature);
        return { ok: true };
      },
    });
    return { base64: built.base64, messageKey: decodeWireTransaction(built.base64)!.messageKey };
  }

  /** every vault, for a snapshot of the simulator (deposits not landed are left out) */
  exportState(): VaultRecord[] {
    return [...this.byUser.values()].map((v) => ({ ...v }));
  }

  importState(vaults: VaultRecord[]): void {
    this.byUser.clear();
    for (const v of vaults) {
      // the vault's key is derived again, so that it can sign withdrawals
      this.kernel.tx.simSigner(`trigger-v2-vault:${v.user}`);
      this.byUser.set(v.user, { ...v });
    }
  }
}
