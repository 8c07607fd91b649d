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

/** The balances as read at one moment (the ledger itself, or what a dry run left). */
export interface LedgerView {
  balance(owner: string, mint: string): bigint;
  holdings(owner: string): Array<{ mint: string; amount: bigint }>;
  owners(): string[];
}

type Balances = Map<string, Map<string, bigint>>;

/** The balances of `base` with the changes of `changed` over them (an owner's changed mints replace its own). */
function layered(base: Balances, changed: Balances): LedgerView {
  const balance = (owner: string, mint: string) => changed.get(owner)?.get(mint) ?? base.get(owner)?.get(mint) ?? 0n;
  return {
    balance,
    holdings(owner) {
      const mints = new Set([...(base.get(owner)?.keys() ?? []), ...(changed.get(owner)?.keys() ?? [])]);
      const out: Array<{ mint: string; amount: bigint }> = [];
      for (const mint of mints) {
        const amount = balance(owner, mint);
        if (amount !== 0n) out.push({ mint, amount });
      }
      return out;
    },
    owners: () => [...new Set([...base.keys(), ...changed.keys()])],
  };
}

export class SimLedgerImpl implements SimLedger, LedgerView {
  private readonly balances: Balances = new Map();
  private readonly funded = new Set<string>();
  /** while a dry run lasts: the balances it changed, kept apart from the real ones */
  private overlay: Balances | null = null;
  /** grows with every change of a balance (a snapshot is due when it moved) */
  version = 0;

  balance(owner: string, mint: string): bigint {
    return this.overlay?.get(owner)?.get(mint) ?? this.balances.get(owner)?.get(mint) ?? 0n;
  }

  holdings(owner: string): Array<{ mint: string; amount: bigint }> {
    if (this.overlay) return layered(this.balances, this.overlay).holdings(owner);
    const out: Array<{ mint: string; amount: bigint }> = [];
    for (const [mint, amount] of this.balances.get(owner) ?? []) if (amount !== 0n) out.push({ mint, amount });
    return out;
  }

  /** sets one balance: in the dry run's overlay while one lasts, else for real */
  private put(owner: string, mint: string, amount: bigint): void {
    const into = this.overlay ?? this.balances;
    let m = into.get(owner);
    if (!m) into.set(owner, (m = new Map()));
    m.set(mint, amount);
    if (!this.overlay) this.version++;
  }

  credit(owner: string, mint: string, amount: bigint): void {
    if (amount < 0n) throw new RangeError('credit: negative amount');
    if (amount === 0n) return;
    this.put(owner, mint, this.balance(owner, mint) + amount);
  }

  debit(owner: string, mint: string, amount: bigint): void {
    if (amount < 0n) throw new RangeError('debit: negative amount');
    const held = this.balance(owner, mint);
    if (held < amount) throw new SimInsufficientFunds(owner, mint, amount, held);
    if (amount === 0n) return;
    this.put(owner, mint, held - amount);
  }

  /**
   * Runs `fn` (synchronous) with every change of a balance kept apart: the ledger is as it was
   * afterwards, and `after` reads the balances as `fn` left them (RPC simulateTransaction).
   */
  dryRun<T>(fn: () => T): { result: T; after: LedgerView } {
    if (this.overlay) throw new Error('dryRun: a dry run is already under way');
    const changed: Balances = new Map();
    this.overlay = changed;
    try {
      return { result: fn(), after: layered(this.balances, changed) };
    } finally {
      this.overlay = null;
    }
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
    return this.overlay ? layered(this.balances, this.overlay).owners() : [...this.balances.keys()];
  }
}
