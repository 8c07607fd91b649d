// A corpus of hostile transactions, as a compromised or buggy service might return them: each one
// is refused before anything is signed, with a reason the person can read. Every case goes through
// the real pipeline (runAction) with a real key: the dialog is never shown, nothing is journalled
// or sent, and the outcome the Swap screen shows is "Refused: nothing was signed" plus the reason.
// The lookup tables the cases use are held by the simulator, and the pipeline reads them over its
// RPC (getAccountInfo) as the app does. A few look-alikes of the simulator's own transactions must
// still pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getProgramDerivedAddress,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
} from '@solana/kit';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';
import { createRpcClient } from '../../src/rpc/client.js';
import { openJournal } from '../../src/journal/journal.js';
import { rpcDeps, runAction, type ActionSpec, type PipelineDeps } from '../../src/pipeline/index.js';
import { startSim } from '../../src/sim/index.js';
import { swapOutcomeOf } from '../../src/actions/outcome.js';
import { inspectTransaction, type InspectOptions } from '../../src/wallet/inspect.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { expecting, randomAddress, viaLookupTable } from '../support/tx.js';
import { nth } from '../support/narrow.js';

const SYSTEM = '11111111111111111111111111111111';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const ATA = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const SOL = 1_000_000_000n;

const enc = getAddressEncoder();
async function ataOf(owner: string, mint: string, program = TOKEN): Promise<string> {
  const [a] = await getProgramDerivedAddress({
    programAddress: address(ATA),
    seeds: [enc.encode(address(owner)), enc.encode(address(program)), enc.encode(address(mint))],
  });
  return a;
}

const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
};
const u64 = (n: bigint) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n, true);
  return b;
};
const cat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const addr = (a: string) => new Uint8Array(enc.encode(address(a)));

type Role = 'ws' | 'rs' | 'w' | 'r';
const ROLE: Record<Role, AccountRole> = {
  ws: AccountRole.WRITABLE_SIGNER,
  rs: AccountRole.READONLY_SIGNER,
  w: AccountRole.WRITABLE,
  r: AccountRole.READONLY,
};
const ix = (program: string, accounts: Array<[string, Role]>, data: Uint8Array): Instruction => ({
  programAddress: address(program),
  accounts: accounts.map(([a, role]) => ({ address: address(a), role: ROLE[role] })),
  data,
});

function compile(feePayer: string, instructions: Instruction[], lookup?: Record<string, string[]>): string {
  let message = appendTransactionMessageInstructions(
    instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: toBlockhash(randomAddress()), lastValidBlockHeight: 1000n },
      setTransactionMessageFeePayer(address(feePayer), createTransactionMessage({ version: 0 })),
    ),
  );
  if (lookup) {
    const tables = Object.fromEntries(Object.entries(lookup).map(([k, v]) => [address(k), v.map((a) => address(a))]));
    message = compressTransactionMessageUsingAddressLookupTables(message as never, tables) as typeof message;
  }
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

const budget = (units: number, microLamports: bigint) => [
  ix(COMPUTE_BUDGET, [], cat(Uint8Array.of(2), u32(units))),
  ix(COMPUTE_BUDGET, [], cat(Uint8Array.of(3), u64(microLamports))),
];
const route = (wallet: string, source: string, destination: string) =>
  ix(
    SIM_PROGRAMS.router,
    [
      [wallet, 'ws'],
      [source, 'w'],
      [destination, 'w'],
      [USDC_MINT, 'r'],
    ],
    Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8),
  );
const systemTransfer = (from: string, to: string, lamports: bigint) =>
  ix(
    SYSTEM,
    [
      [from, 'ws'],
      [to, 'w'],
    ],
    cat(u32(2), u64(lamports)),
  );

interface Case {
  name: string;
  tx: string;
  reason: RegExp;
  options?: Partial<InspectOptions>;
  /** lookup tables the simulator holds for this case (the pipeline reads them over RPC) */
  tables?: Record<string, string[]>;
  /** the reason through the pipeline, when reading the tables changes it (default: reason) */
  pipelineReason?: RegExp;
}

interface World {
  wallet: string;
  attacker: string;
  wsol: string;
  usdcAta: string;
  usdcAta2022: string;
}

async function corpus(w: World): Promise<Case[]> {
  const { wallet, attacker, wsol, usdcAta } = w;
  const swapCore = [...budget(200_000, 50_000n), systemTransfer(wallet, wsol, SOL / 10n), route(wallet, wsol, usdcAta)];
  const legit = compile(wallet, swapCore);
  const bytes = Buffer.from(legit, 'base64');
  const walletTable = randomAddress();
  const hidingTable = randomAddress();
  const walletTableContents = [randomAddress(), wallet];
  const nonceAccount = randomAddress();
  const extraSigner = randomAddress();
  const unknownProgram = randomAddress();
  return [
    {
      name: 'an extra signer the response did not name',
      tx: compile(wallet, [...swapCore, ix(SIM_PROGRAMS.router, [[extraSigner, 'ws']], Uint8Array.of(9))]),
      reason: /unexpected signer/,
    },
    {
      name: 'a foreign fee payer',
      tx: compile(attacker, [
        ix(
          SIM_PROGRAMS.router,
          [
            [attacker, 'ws'],
            [wallet, 'ws'],
            [usdcAta, 'w'],
          ],
          Uint8Array.of(1),
        ),
      ]),
      reason: /fee payer .* is neither the wallet nor an expected payer/,
    },
    {
      name: 'trailing bytes after the message',
      tx: Buffer.concat([bytes, Buffer.from([1, 2, 3])]).toString('base64'),
      reason: /trailing bytes/,
    },
    {
      name: 'a transaction for another wallet',
      tx: compile(attacker, [route(attacker, randomAddress(), randomAddress())]),
      reason: /is not a signer of this transaction/,
    },
    {
      name: 'a truncated transaction',
      tx: bytes.subarray(0, bytes.length - 20).toString('base64'),
      reason: /malformed or truncated|could not be decoded/,
    },
    {
      name: 'a durable nonce (AdvanceNonceAccount first): valid forever',
      tx: compile(wallet, [
        ix(
          SYSTEM,
          [
            [nonceAccount, 'w'],
            ['SysvarRecentB1ockHashes11111111111111111111', 'r'],
            [wallet, 'rs'],
          ],
          u32(4),
        ),
        ...swapCore,
      ]),
      reason: /durable nonce .* valid indefinitely/,
    },
    {
      name: 'a durable nonce handed to the attacker (AuthorizeNonceAccount)',
      tx: compile(wallet, [
        ...swapCore,
        ix(
          SYSTEM,
          [
            [nonceAccount, 'w'],
            [wallet, 'rs'],
          ],
          cat(u32(7), addr(attacker)),
        ),
      ]),
      reason: /durable nonce account \(System AuthorizeNonceAccount\)/,
    },
    {
      name: 'a nonce account drained to the attacker (WithdrawNonceAccount)',
      tx: compile(wallet, [
        ...swapCore,
        ix(
          SYSTEM,
          [
            [nonceAccount, 'w'],
            [attacker, 'w'],
            ['SysvarRecentB1ockHashes11111111111111111111', 'r'],
            ['SysvarRent111111111111111111111111111111111', 'r'],
            [wallet, 'rs'],
          ],
          cat(u32(5), u64(SOL)),
        ),
      ]),
      reason: /WithdrawNonceAccount/,
    },
    {
      name: 'an unknown program given the wallet and its USDC account',
      tx: compile(wallet, [
        ...swapCore,
        ix(
          unknownProgram,
          [
            [wallet, 'ws'],
            [usdcAta, 'w'],
            [USDC_MINT, 'r'],
            [attacker, 'w'],
          ],
          Uint8Array.of(3),
        ),
      ]),
      reason: new RegExp(
        `hands the wallet \\(its signature\\) to ${unknownProgram}, a program not on tradedeck's list: refused`,
      ),
    },
    {
      name: 'an unknown program given the wallet and its Token-2022 account',
      tx: compile(wallet, [
        ix(
          unknownProgram,
          [
            [wallet, 'ws'],
            [w.usdcAta2022, 'w'],
            [USDC_MINT, 'r'],
          ],
          Uint8Array.of(3),
        ),
      ]),
      reason: /hands the wallet \(its signature\) to .*, a program not on tradedeck's list: refused/,
    },
    {
      name: 'a program labelled by the service, handed the wallet as signer and its USDC account writable',
      tx: compile(wallet, [
        ...swapCore,
        ix(
          unknownProgram,
          [
            [wallet, 'ws'],
            [usdcAta, 'w'],
          ],
          Uint8Array.of(7),
        ),
      ]),
      options: { programNames: { [unknownProgram]: 'Raydium' } },
      reason: /\(named "Raydium" by the service\), a program not on tradedeck's list: refused/,
    },
    {
      name: "an unlabelled program handed the wallet's USDC account with the mint left out",
      tx: compile(wallet, [...swapCore, ix(unknownProgram, [[usdcAta, 'w']], Uint8Array.of(7))]),
      options: { tokens: [{ mint: USDC_MINT, program: TOKEN }] },
      reason: new RegExp(
        `hands the wallet's token account ${usdcAta} to ${unknownProgram}, a program not on tradedeck's list`,
      ),
    },
    {
      name: 'a program handed only the wallet and System (a SOL drain by a call into System)',
      tx: compile(wallet, [
        ...swapCore,
        ix(
          unknownProgram,
          [
            [wallet, 'ws'],
            [SYSTEM, 'r'],
          ],
          Uint8Array.of(7),
        ),
      ]),
      reason: /hands the wallet \(its signature\) to .*, a program not on tradedeck's list: refused/,
    },
    {
      name: 'one System CreateAccount of 72.98 SOL from the wallet, owned by an unknown program',
      tx: compile(wallet, [
        ix(
          SYSTEM,
          [
            [wallet, 'ws'],
            [extraSigner, 'ws'],
          ],
          cat(u32(0), u64(72_980_000_000n), u64(10_485_632n), addr(unknownProgram)),
        ),
      ]),
      options: { allowedSigners: [extraSigner] },
      reason: new RegExp(
        `CreateAccount\\) would create ${extraSigner} with 72\\.98 SOL from the wallet, owned by ${unknownProgram}: only System, Token or Token-2022 accounts`,
      ),
    },
    {
      name: 'a CreateAccount from the wallet owned by Token but far larger than a token account',
      tx: compile(wallet, [
        ix(
          SYSTEM,
          [
            [wallet, 'ws'],
            [extraSigner, 'ws'],
          ],
          cat(u32(0), u64(72_980_000_000n), u64(10_485_632n), addr(TOKEN)),
        ),
      ]),
      options: { allowedSigners: [extraSigner] },
      reason: /10485632 bytes large: more than the 600 bytes/,
    },
    {
      name: 'another account assigned to an unknown program in a transaction the wallet signs',
      tx: compile(wallet, [...swapCore, ix(SYSTEM, [[extraSigner, 'ws']], cat(u32(1), addr(unknownProgram)))]),
      options: { allowedSigners: [extraSigner] },
      reason: /\(System Assign\) would give .* to .*: only System, Token or Token-2022 accounts/,
    },
    {
      name: "a token Approve of the wallet's USDC to the attacker",
      tx: compile(wallet, [
        ...swapCore,
        ix(
          TOKEN,
          [
            [usdcAta, 'w'],
            [attacker, 'r'],
            [wallet, 'rs'],
          ],
          cat(Uint8Array.of(4), u64(2n ** 64n - 1n)),
        ),
      ]),
      reason: /Approve\) would let .* spend 18446744073709551615 base units/,
    },
    {
      name: 'a token ApproveChecked',
      tx: compile(wallet, [
        ...swapCore,
        ix(
          TOKEN,
          [
            [usdcAta, 'w'],
            [USDC_MINT, 'r'],
            [attacker, 'r'],
            [wallet, 'rs'],
          ],
          cat(Uint8Array.of(13), u64(10n ** 9n), Uint8Array.of(6)),
        ),
      ]),
      reason: /ApproveChecked\) would let/,
    },
    {
      name: "a SetAuthority (owner) of the wallet's account to the attacker",
      tx: compile(wallet, [
        ...swapCore,
        ix(
          TOKEN,
          [
            [usdcAta, 'w'],
            [wallet, 'rs'],
          ],
          cat(Uint8Array.of(6, 2, 1), addr(attacker)),
        ),
      ]),
      reason: /SetAuthority\) would hand the owner authority of the wallet's account/,
    },
    {
      name: 'a SetAuthority (close account) on Token-2022',
      tx: compile(wallet, [
        ix(
          TOKEN_2022,
          [
            [w.usdcAta2022, 'w'],
            [wallet, 'rs'],
          ],
          cat(Uint8Array.of(6, 3, 1), addr(attacker)),
        ),
      ]),
      reason: /close account authority/,
    },
    {
      name: "a CloseAccount of the wallet's USDC account paid to the attacker",
      tx: compile(wallet, [
        ...swapCore,
        ix(
          TOKEN,
          [
            [usdcAta, 'w'],
            [attacker, 'w'],
            [wallet, 'rs'],
          ],
          Uint8Array.of(9),
        ),
      ]),
      reason: /CloseAccount\) closes the wallet's token account .* sends its balance to/,
    },
    // a native destination the person named lets only the wallet's wrapped SOL be closed into it
    {
      name: "a CloseAccount of the wallet's USDC account into the named SOL destination",
      tx: compile(wallet, [
        ...swapCore,
        ix(
          TOKEN,
          [
            [usdcAta, 'w'],
            [attacker, 'w'],
            [wallet, 'rs'],
          ],
          Uint8Array.of(9),
        ),
      ]),
      options: { payTo: [attacker] },
      reason: /CloseAccount\) closes the wallet's token account/,
    },
    {
      name: "the wallet's wrapped SOL closed into an account other than the named SOL destination",
      tx: compile(wallet, [
        ...swapCore,
        ix(
          TOKEN,
          [
            [wsol, 'w'],
            [attacker, 'w'],
            [wallet, 'rs'],
          ],
          Uint8Array.of(9),
        ),
      ]),
      options: { payTo: [randomAddress()] },
      reason: /CloseAccount\) closes the wallet's token account/,
    },
    {
      name: "a token Transfer of the wallet's USDC to the attacker",
      tx: compile(wallet, [
        ...swapCore,
        ix(
          TOKEN,
          [
            [usdcAta, 'w'],
            [attacker, 'w'],
            [wallet, 'rs'],
          ],
          cat(Uint8Array.of(3), u64(5_000_000n)),
        ),
      ]),
      reason: /Transfer\) moves 5000000 base units of the wallet's tokens/,
    },
    {
      name: 'a token TransferChecked on Token-2022',
      tx: compile(wallet, [
        ix(
          TOKEN_2022,
          [
            [w.usdcAta2022, 'w'],
            [USDC_MINT, 'r'],
            [attacker, 'w'],
            [wallet, 'rs'],
          ],
          cat(Uint8Array.of(12), u64(1n), Uint8Array.of(6)),
        ),
      ]),
      reason: /TransferChecked\) moves/,
    },
    {
      name: "a token Burn of the wallet's tokens",
      tx: compile(wallet, [
        ...swapCore,
        ix(
          TOKEN,
          [
            [usdcAta, 'w'],
            [USDC_MINT, 'w'],
            [wallet, 'rs'],
          ],
          cat(Uint8Array.of(8), u64(7n)),
        ),
      ]),
      reason: /destroys 7 base units/,
    },
    {
      name: "a Token-2022 extension instruction on the wallet's authority",
      tx: compile(wallet, [
        ix(
          TOKEN_2022,
          [
            [w.usdcAta2022, 'w'],
            [USDC_MINT, 'r'],
            [attacker, 'w'],
            [wallet, 'rs'],
          ],
          cat(Uint8Array.of(26, 1), u64(1n), Uint8Array.of(6), u64(0n)),
        ),
      ]),
      reason: /Token-2022 instruction 26/,
    },
    {
      name: 'a lamport transfer to the attacker',
      tx: compile(wallet, [...swapCore, systemTransfer(wallet, attacker, SOL / 1000n)]),
      reason: /sends 0\.001 SOL from the wallet to .*not the wallet's own account/,
    },
    {
      name: 'a lamport transfer larger than the quote (into its own wrapped SOL)',
      tx: compile(wallet, [
        ...budget(200_000, 50_000n),
        systemTransfer(wallet, wsol, 5n * SOL),
        route(wallet, wsol, usdcAta),
      ]),
      options: { maxLamports: SOL / 10n },
      reason: /moves 5 SOL out of the wallet, more than the 0\.1 SOL quoted/,
    },
    {
      name: 'a lamport transfer with seed to the attacker',
      tx: compile(wallet, [
        ix(
          SYSTEM,
          [
            [wallet, 'ws'],
            [wallet, 'r'],
            [attacker, 'w'],
          ],
          cat(u32(11), u64(SOL), u64(1n), Uint8Array.of(0x61), addr(SYSTEM)),
        ),
      ]),
      reason: /sends 1 SOL from the wallet/,
    },
    {
      name: 'the wallet account assigned to another program',
      tx: compile(wallet, [...swapCore, ix(SYSTEM, [[wallet, 'ws']], cat(u32(1), addr(unknownProgram)))]),
      reason: /Assign\) would hand the wallet account itself to program/,
    },
    {
      name: 'a new account over-funded from the wallet',
      tx: compile(wallet, [
        ix(
          SYSTEM,
          [
            [wallet, 'ws'],
            [extraSigner, 'ws'],
          ],
          cat(u32(0), u64(3n * SOL), u64(165n), addr(TOKEN)),
        ),
      ]),
      options: { allowedSigners: [extraSigner] },
      reason: /funds a new account with 3 SOL from the wallet, more than the 0\.00203928 SOL of rent/,
    },
    {
      name: 'an absurd priority fee',
      tx: compile(wallet, [
        ...budget(1_400_000, 10n ** 12n),
        systemTransfer(wallet, wsol, SOL / 10n),
        route(wallet, wsol, usdcAta),
      ]),
      reason: /priority fee of 1400 SOL, more than the 0\.1 SOL/,
    },
    {
      name: 'a lookup table that loads the wallet as writable',
      tx: viaLookupTable(wallet, walletTable, [usdcAta]),
      options: { lookupTables: { [walletTable]: walletTableContents } },
      tables: { [walletTable]: walletTableContents },
      reason: new RegExp(`lookup table ${walletTable} loads the wallet as a writable account \\(entry 1\\)`),
    },
    {
      name: 'SOL sent to an account hidden in a lookup table',
      tx: compile(wallet, [...budget(200_000, 1n), systemTransfer(wallet, attacker, SOL)], {
        [hidingTable]: [attacker],
      }),
      tables: { [hidingTable]: [attacker] },
      // unread, the table's entry is named by its place; read, by the address it holds
      reason: /sends 1 SOL from the wallet to \(entry 0 of lookup table/,
      pipelineReason: new RegExp(`sends 1 SOL from the wallet to ${attacker}, which is not the wallet's own account`),
    },
  ];
}

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'td-hostile-'));
  const keypair = await loadKeypairFile(await createDemoKeyFile(join(dir, 'keys')));
  const journal = await openJournal(join(dir, 'state', 'journal.jsonl'));
  const wallet = keypair.address;
  const world: World = {
    wallet,
    attacker: randomAddress(),
    wsol: await ataOf(wallet, NATIVE_MINT),
    usdcAta: await ataOf(wallet, USDC_MINT),
    usdcAta2022: await ataOf(wallet, USDC_MINT, TOKEN_2022),
  };
  return { keypair, journal, world };
}

test('at least 20 hostile transactions are refused before signing, each with a reason the person reads', async (t) => {
  const { keypair, journal, world } = await setup();
  const cases = await corpus(world);
  assert.ok(cases.length >= 20, `${cases.length} cases`);
  const sim = await startSim({ seed: 29, timeScale: 0 });
  t.after(() => sim.stop());
  for (const c of cases)
    for (const [address, addresses] of Object.entries(c.tables ?? {})) sim.addLookupTable({ address, addresses });
  const rpc = createRpcClient({ url: sim.rpcUrl });
  const tableReads = (table: string) =>
    sim
      .requests()
      .filter(
        (r) =>
          r.path === '/rpc' &&
          (r.body as { method?: string; params?: unknown[] })?.method === 'getAccountInfo' &&
          (r.body as { params: unknown[] }).params[0] === table,
      ).length;
  for (const c of cases) {
    await t.test(c.name, async () => {
      const options: InspectOptions = { wallet: world.wallet, allowedSigners: [], ...c.options };
      const r = await inspectTransaction(c.tx, options);
      assert.equal(r.ok, false, `${c.name}: inspection let it through`);
      assert.match((r as { reason: string }).reason, c.reason);

      // the same transaction through the pipeline: refused at inspect, no dialog, nothing journalled or sent
      let confirmed = 0;
      let sent = 0;
      const deps: PipelineDeps = {
        wallet: keypair,
        journal,
        now: () => Date.now(),
        confirm: async () => (confirmed++, 'confirm'),
        execute: async () => (sent++, { status: 'Success', code: 0, signature: 'x' }),
        sendRawTransaction: async () => (sent++, 'x'),
        signatureStatus: async () => 'unknown',
        blockHeight: async () => 1,
        // the lookup tables are read as the app reads them: RPC getAccountInfo from the simulator
        accountInfo: rpcDeps(rpc).accountInfo,
      };
      const spec: ActionSpec = {
        group: 'ultra',
        action: 'swap',
        build: async () => ({
          requestId: 'req-hostile',
          transactions: [c.tx],
          allowedSigners: c.options?.allowedSigners ?? [],
          builtAt: Date.now(),
          submit: 'execute',
          summary: {},
          expect: expecting(),
          ...(c.options?.maxLamports !== undefined ? { maxLamports: c.options.maxLamports } : {}),
        }),
        ...(c.options?.programNames ? { programNames: c.options.programNames } : {}),
        describe: () => ({ title: 'Swap', lines: [] }),
      };
      const readsBefore = Object.keys(c.tables ?? {}).map(tableReads);
      const result = await runAction(spec, deps);
      Object.keys(c.tables ?? {}).forEach((table, i) =>
        assert.equal(tableReads(table), nth(readsBefore, i) + 1, `the pipeline read the table ${table} once`),
      );
      assert.equal(result.status, 'refused');
      assert.equal(result.stage, 'inspect');
      assert.equal(confirmed, 0, 'no dialog');
      assert.equal(sent, 0, 'nothing sent');
      const seen = swapOutcomeOf(
        result,
        'order',
        { mint: NATIVE_MINT, symbol: 'SOL', decimals: 9 },
        { mint: USDC_MINT, symbol: 'USDC', decimals: 6 },
        Date.now(),
      );
      assert.equal(seen.title, 'Refused: nothing was signed');
      assert.match(seen.error ?? '', c.pipelineReason ?? c.reason);
      t.diagnostic(`${c.name}: ${seen.title}. ${seen.error}`);
    });
  }
  assert.equal((await journal.entries()).length, 0, 'no hostile transaction reached the journal');
});

test('look-alikes of legitimate transactions still pass', async () => {
  const { world } = await setup();
  const { wallet, wsol, usdcAta } = world;
  const opts = { wallet, allowedSigners: [] };
  const ok = async (tx: string, extra: Partial<InspectOptions> = {}) => {
    const r = await inspectTransaction(tx, { ...opts, ...extra });
    assert.ok(r.ok, r.ok ? '' : r.reason);
  };
  // wrap the quoted SOL into its own account, swap, unwrap back to the wallet
  await ok(
    compile(wallet, [
      ...budget(200_000, 50_000n),
      ix(
        ATA,
        [
          [wallet, 'ws'],
          [wsol, 'w'],
          [wallet, 'r'],
          [NATIVE_MINT, 'r'],
          [SYSTEM, 'r'],
          [TOKEN, 'r'],
        ],
        Uint8Array.of(1),
      ),
      systemTransfer(wallet, wsol, SOL / 10n),
      ix(TOKEN, [[wsol, 'w']], Uint8Array.of(17)),
      route(wallet, wsol, usdcAta),
      ix(
        TOKEN,
        [
          [wsol, 'w'],
          [wallet, 'w'],
          [wallet, 'rs'],
        ],
        Uint8Array.of(9),
      ),
    ]),
    { maxLamports: SOL / 10n },
  );
  // a program off the list that is handed neither the wallet nor its accounts is flagged, not refused
  const unknown = randomAddress();
  const r = await inspectTransaction(
    compile(wallet, [
      ...budget(200_000, 1n),
      ix(
        unknown,
        [
          [randomAddress(), 'w'],
          [USDC_MINT, 'r'],
        ],
        Uint8Array.of(1),
      ),
    ]),
    opts,
  );
  assert.ok(r.ok && r.unknownPrograms.includes(unknown), r.ok ? '' : r.reason);
  // the wallet's tokens moved to its own account, or to a receiver the person named
  const receiver = randomAddress();
  const theirs = await ataOf(receiver, USDC_MINT);
  const usdcTo = (to: string) =>
    compile(wallet, [
      ix(
        TOKEN,
        [
          [usdcAta, 'w'],
          [to, 'w'],
          [wallet, 'rs'],
        ],
        cat(Uint8Array.of(3), u64(5n)),
      ),
    ]);
  await ok(usdcTo(theirs), { named: [receiver], tokens: [{ mint: USDC_MINT, program: TOKEN }] });
  const refused = await inspectTransaction(usdcTo(theirs), opts);
  assert.ok(!refused.ok && /neither the wallet's own account nor one you named/.test(refused.reason));
  // a normal priority fee, a rent-exact new account
  await ok(compile(wallet, [...budget(1_400_000, 1_000_000n), route(wallet, wsol, usdcAta)]));
  const fresh = randomAddress();
  await ok(
    compile(wallet, [
      ix(
        SYSTEM,
        [
          [wallet, 'ws'],
          [fresh, 'ws'],
        ],
        cat(u32(0), u64(2_039_280n), u64(165n), addr(TOKEN)),
      ),
    ]),
    { allowedSigners: [fresh] },
  );
  // a lookup table whose writable entries are not the wallet
  const table = randomAddress();
  const pool = randomAddress();
  await ok(
    compile(wallet, [route(wallet, wsol, usdcAta), ix(SIM_PROGRAMS.router, [[pool, 'w']], Uint8Array.of(2))], {
      [table]: [pool],
    }),
    { lookupTables: { [table]: [pool] } },
  );
});
