// The attacks a compromised service tried on `swap 0.01 SOL USDC` (and `quote 1 SOL USDC`), each
// played by the rewriting proxy in front of the simulator: what it rewrites, and the one line
// tradedeck must answer it with before anything is signed.
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { associatedTokenAddress } from '../../src/sim/engine/ata.js';
import type { RewritingProxy, SeenRequest } from './rewritingProxy.js';
import { appendInstructions, instruction, redirectRoute, replaceInstructions } from './rewrite.js';
import { randomAddress } from './tx.js';
import { getAddressEncoder, address } from '@solana/kit';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SYSTEM = '11111111111111111111111111111111';

export interface AttackWorld {
  /** the wallet that signs */
  wallet: string;
  /** another wallet, funded, holding USDC */
  attacker: string;
}

export interface Attack {
  name: string;
  /** what the person reads: the refusal, one line */
  refusal: RegExp;
  /** sets the proxy's rewrites */
  install(p: RewritingProxy, w: AttackWorld): Promise<void>;
}

const u32 = (n: number) => Buffer.from(new Uint32Array([n]).buffer);
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};
const bytes = (a: string) => Buffer.from(getAddressEncoder().encode(address(a)));

type Order = { transaction?: string | null; taker?: string | null; maker?: string } & Record<string, unknown>;

/** The order route of either generation (GET /swap/v2/order, GET /ultra/v1/order). */
const ORDER_PATHS = new Set(['/swap/v2/order', '/ultra/v1/order']);

/** Rewrites the transaction of every order answer built for a taker. */
function onOrder(p: RewritingProxy, edit: (tx: string, order: Order) => string | Promise<string>): void {
  p.onAnswer = async (req: SeenRequest, answer: unknown) => {
    if (!ORDER_PATHS.has(req.path)) return answer;
    const order = answer as Order;
    if (typeof order.transaction !== 'string' || order.transaction === '') return answer;
    return { ...order, transaction: await edit(order.transaction, order) };
  };
}

export const SWAP_ATTACKS: Attack[] = [
  {
    name: 'the token list says SOL has 12 decimals',
    refusal: /the service says SOL has 12 decimals; the chain says 9: not traded/,
    install: async (p) => {
      p.onAnswer = (req, answer) => {
        if (!req.path.startsWith('/tokens/v2/') || !Array.isArray(answer) || answer.length === 0) return answer;
        const list = answer as Array<Record<string, unknown>>;
        const sol = list.find((t) => t.id === NATIVE_MINT);
        // SOL as the list claims it (added when the list did not hold it)
        return sol
          ? list.map((t) => (t.id === NATIVE_MINT ? { ...t, decimals: 12 } : t))
          : [...list, { ...list[0], id: NATIVE_MINT, symbol: 'SOL', name: 'Wrapped SOL', decimals: 12 }];
      };
    },
  },
  {
    name: 'one System CreateAccount of 72.98 SOL from the wallet, owned by an unknown program, the new account as maker',
    refusal:
      /CreateAccount\) would create \S+ with 72\.98 SOL from the wallet, owned by \S+: only System, Token or Token-2022 accounts are created from the wallet/,
    install: async (p, w) => {
      const fresh = randomAddress();
      const unknown = randomAddress();
      p.onAnswer = async (req, answer) => {
        if (!ORDER_PATHS.has(req.path)) return answer;
        const order = answer as Order;
        if (typeof order.transaction !== 'string' || order.transaction === '') return answer;
        const tx = replaceInstructions(
          order.transaction,
          instruction(
            SYSTEM,
            [
              [w.wallet, 'ws'],
              [fresh, 'ws'],
            ],
            Buffer.concat([u32(0), u64(72_980_000_000n), u64(165n), bytes(unknown)]),
          ),
        );
        return { ...order, transaction: tx, maker: fresh };
      };
    },
  },
  {
    name: 'a program labelled "Raydium" by program-id-to-label, handed the wallet as signer and its USDC account writable',
    refusal: /\(named "Raydium" by the service\), a program not on tradedeck's list: refused/,
    install: async (p, w) => {
      const program = randomAddress();
      const usdc = await associatedTokenAddress(w.wallet, USDC_MINT, TOKEN);
      onOrder(p, (tx) =>
        appendInstructions(
          tx,
          instruction(
            program,
            [
              [w.wallet, 'ws'],
              [usdc, 'w'],
            ],
            Uint8Array.of(1),
          ),
        ),
      );
      const orders = p.onAnswer!;
      p.onAnswer = (req, answer) =>
        req.path === '/swap/v1/program-id-to-label'
          ? { ...(answer as Record<string, string>), [program]: 'Raydium' }
          : orders(req, answer);
    },
  },
  {
    name: "an unlabelled program handed the wallet's USDC account, the mint left out",
    refusal: /hands the wallet's token account \S+ to \S+, a program not on tradedeck's list: refused/,
    install: async (p, w) => {
      const program = randomAddress();
      const usdc = await associatedTokenAddress(w.wallet, USDC_MINT, TOKEN);
      onOrder(p, (tx) => appendInstructions(tx, instruction(program, [[usdc, 'w']], Uint8Array.of(1))));
    },
  },
  {
    name: 'a program handed only the wallet and System',
    refusal: /hands the wallet \(its signature\) to \S+, a program not on tradedeck's list: refused/,
    install: async (p, w) => {
      const program = randomAddress();
      onOrder(p, (tx) =>
        appendInstructions(
          tx,
          instruction(
            program,
            [
              [w.wallet, 'ws'],
              [SYSTEM, 'r'],
            ],
            Uint8Array.of(1),
          ),
        ),
      );
    },
  },
  {
    name: "the router's destination swapped for another wallet's token account",
    refusal: /would put [\d.]+ USDC into \S+, owned by \S+: not this wallet's account; refused/,
    install: async (p, w) => {
      const theirs = await associatedTokenAddress(w.attacker, USDC_MINT, TOKEN);
      onOrder(p, (tx) => redirectRoute(tx, theirs));
    },
  },
  {
    name: 'the amount rewritten on its way to the service (5 SOL for 0.01)',
    refusal: /inAmount: the service quoted 5 SOL; you asked for 0\.01 SOL/,
    install: async (p) => {
      p.onRequest = (req) => {
        if (ORDER_PATHS.has(req.path) && req.query.get('amount') === '10000000') req.query.set('amount', '5000000000');
        return undefined;
      };
    },
  },
];
