// Balances per (owner, mint) in base units; native lamports live under the wrapped-native mint.
import type { SimLedger } from './kernel.js';

export class SimInsufficientFunds extends Error {
  constructor(
    readonly owner: string,
    readonly mint: string,
    readonly needed: bigint,
    readonly held: bigint,
  ) {
    super(`insufficient funds: ${owner} holds ${held} of ${mint}, needs ${needed}`);
    this.name = 'SimInsufficientFunds';
  }
}

export class SimLedgerImpl implements SimLedger {
  private readonly balances = new Map<string, Map<string, bigint>>();
  private readonly funded = new Set<string>();
  /** grows with every change of a balance (a snapshot is due when it moved) */
  version = 0;

  balance(owner: string, mint: string): bigint {
    return this.balances.get(owner)?.get(mint) ?? 0n;
  }

  holdings(owner: string): Array<{ mint: string; amount: bigint }> {
    const out: Array<{ mint: string; amount: bigint }> = [];
    for (const [mint, amount] of this.balances.get(owner) ?? []) if (amount !== 0n) out.push({ mint, amount });
    return out;
  }

  credit(owner: string, mint: string, amount: bigint): void {
    if (amount < 0n) throw new RangeError('credit: negative amount');
    if (amount === 0n) return;
    let m = this.balances.get(owner);
    if (!m) this.balances.set(owner, (m = new Map()));
    m.set(mint, (m.get(mint) ?? 0n) + amount);
    this.version++;
  }

  debit(owner: string, mint: string, amount: bigint): void {
    if (amount < 0n) throw new RangeError('debit: negative amount');
    const held = this.balance(owner, mint);
    if (held < amount) throw new SimInsufficientFunds(owner, mint, amount, held);
    if (amount === 0n) return;
    this.balances.get(owner)!.set(mint, held - amount);
    this.version++;
  }

  transfer(from: string, to: string, mint: string, amount: bigint): void {
    this.debit(from, mint, amount);
    this.credit(to, mint, amount);
  }

  isFunded(owner: string): boolean {
    return this.funded.has(owner);
  }

  markFunded(owner: string): void {
    this.funded.add(owner);
    this.version++;
  }

  /** every balance and funded address, for a snapshot of the simulator */
  exportState(): { balances: Array<[string, Array<[string, bigint]>]>; funded: string[] } {
    return {
      balances: [...this.balances].map(([owner, m]) => [owner, [...m].filter(([, a]) => a !== 0n)]),
      funded: [...this.funded],
    };
  }

  importState(state: { balances: Array<[string, Array<[string, bigint]>]>; funded: string[] }): void {
    this.balances.clear();
    this.funded.clear();
    for (const [owner, list] of state.balances) this.balances.set(owner, new Map(list));
    for (const owner of state.funded) this.funded.add(owner);
    this.version++;
  }

  /** every owner with a balance entry (for RPC and control listings) */
  owners(): string[] {
    return [...this.balances.keys()];
  }
}
