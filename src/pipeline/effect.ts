// What a transaction really does to the wallet, measured before the dialog: the exact message is
// simulated on the person's RPC (getMultipleAccounts and simulateTransaction in one batch) over
// the wallet, every account the message may write, the wallet's (and a named receiver's)
// associated accounts of the action's tokens, and every account a program off the fixed list is
// handed. The balance changes read from that state (SOL with fees and rent, each token) are what
// the dialog shows, and they are judged against what the action declared it expects: more paid
// than asked plus the stated fees, less received than the request allows, another asset lost, or
// the output landing anywhere but the wallet or the named receiver is refused. A simulation that
// fails or cannot be had refuses too: nothing is signed on the service's word alone.
import { fromBaseUnits } from '../text/amount.js';
import { NATIVE_MINT } from '../chain/mints.js';
import { sanitizeText } from '../api/errors.js';
import { encodeBase58 } from '../chain/base58.js';
import type { AccountInfo, SimulationRead } from '../rpc/client.js';
import { associatedTokenAccount, type InspectionOk } from '../wallet/inspect.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../wallet/instructions.js';
import type { Built, Expectation, PipelineDeps } from './types.js';

/** The balance changes of one owner, raw: SOL in lamports (its wrapped SOL included), each other token by mint. */
export interface Changes {
  sol: bigint;
  tokens: Record<string, bigint>;
}

/** What the transactions do to the wallet (and to the receiver the person named), measured by simulation. */
export interface BalanceEffect extends Changes {
  receiver?: Changes & { address: string };
  /** the fees and rent the transactions state (signature, priority, new accounts' rent, tip): what may be paid beyond what is asked */
  fees: bigint;
}

type Measured = { ok: true; effect: BalanceEffect } | { ok: false; reason: string };

const TOKEN_ACCOUNT_SIZE = 165;

/** A token account's mint, owner and amount; undefined for anything else (a mint, a wallet, none). */
export function tokenAccountOf(
  a: AccountInfo | null | undefined,
): { mint: string; owner: string; amount: bigint } | undefined {
  if (!a || (a.owner !== TOKEN_PROGRAM && a.owner !== TOKEN_2022_PROGRAM)) return undefined;
  const d = a.data;
  const shaped =
    d.length === TOKEN_ACCOUNT_SIZE ||
    (a.owner === TOKEN_2022_PROGRAM && d.length > TOKEN_ACCOUNT_SIZE && d[TOKEN_ACCOUNT_SIZE] === 2);
  if (!shaped || d[108] === 0) return undefined;
  return {
    mint: encodeBase58(d.subarray(0, 32)),
    owner: encodeBase58(d.subarray(32, 64)),
    amount: new DataView(d.buffer, d.byteOffset + 64, 8).getBigUint64(0, true),
  };
}

/** The node's transaction error in words (the name, and an instruction's error with its place). */
function errorText(err: unknown): string {
  if (typeof err === 'string')
    return err === 'ProgramAccountNotFound' ? 'Attempt to load a program that does not exist' : err;
  if (err && typeof err === 'object' && 'InstructionError' in err) {
    const [index, what] = (err as { InstructionError: [number, unknown] }).InstructionError;
    const why =
      what && typeof what === 'object' && 'Custom' in what
        ? `custom program error ${String(what.Custom)}`
        : String(what);
    return `instruction ${Number(index) + 1} failed: ${why}`;
  }
  return sanitizeText(JSON.stringify(err) ?? 'an unknown error', [], 120);
}

const add = (into: Record<string, bigint>, mint: string, by: bigint) => {
  if (by !== 0n) into[mint] = (into[mint] ?? 0n) + by;
};

interface TokenLanding {
  account: string;
  owner: string;
  mint: string;
  amount: bigint;
}

/**
 * Simulates every transaction of `built` and reads the balance changes, or says why it cannot
 * (no RPC, the simulation failing, an account off the list handed to a program off the list).
 */
export async function measureEffect(
  built: Built,
  inspections: InspectionOk[],
  wallet: string,
  deps: Pick<PipelineDeps, 'simulate'>,
): Promise<Measured & { landings?: TokenLanding[] }> {
  const simulate = deps.simulate;
  if (!simulate)
    return {
      ok: false,
      reason:
        "the transaction's effect could not be simulated: no RPC URL is configured (--rpc-url), and nothing is signed without it",
    };
  const expect = built.expect;
  const receiver = expect.receiver && expect.receiver !== wallet ? expect.receiver : undefined;
  const own: string[] = [];
  for (const owner of [wallet, ...(receiver ? [receiver] : [])])
    for (const t of expect.tokens) own.push(await associatedTokenAccount(owner, t.mint, t.program));

  const effect: BalanceEffect = { sol: 0n, tokens: {}, fees: (expect.tipLamports ?? 0n) + (expect.rentLamports ?? 0n) };
  if (receiver) effect.receiver = { address: receiver, sol: 0n, tokens: {} };
  const landings: TokenLanding[] = [];
  for (const [n, tx] of built.transactions.entries()) {
    // one inspection per transaction, in order
    const ins = inspections[n]!;
    const which = built.transactions.length > 1 ? `transaction ${n + 1} of ${built.transactions.length}: ` : '';
    // only an account the message may write can change: the others are read once, before
    const after = ins.writableAll;
    const before = [
      ...new Set([
        wallet,
        ...(receiver ? [receiver] : []),
        ...own,
        ...after,
        ...ins.foreign.flatMap((f) => f.accounts),
      ]),
    ];
    if (before.length > 100)
      return {
        ok: false,
        reason: `${which}the transaction names ${before.length} accounts, more than can be read to check it`,
      };
    let read: SimulationRead;
    try {
      read = await simulate(tx, { before, after });
    } catch (err) {
      return {
        ok: false,
        reason: `${which}the transaction's effect could not be simulated (${sanitizeText(err instanceof Error ? err.message : String(err), [], 200)}), so nothing was signed`,
      };
    }
    if (read.err !== null && read.err !== undefined)
      return {
        ok: false,
        reason: `${which}the simulation of the transaction failed (${errorText(read.err)}), so nothing was signed`,
      };
    if (read.after === null || read.after.length !== after.length)
      return {
        ok: false,
        reason: `${which}the RPC simulated the transaction without the accounts' state after it, so its effect cannot be checked; nothing was signed`,
      };
    const pre = new Map(before.map((a, i) => [a, read.before[i] ?? null]));
    const post = new Map(pre);
    after.forEach((a, i) => post.set(a, read.after![i] ?? null));

    // a program off the list handed a token account of the wallet's, found from the chain's state
    for (const f of ins.foreign) {
      const held = f.accounts.find((a) => tokenAccountOf(pre.get(a))?.owner === wallet);
      if (held)
        return {
          ok: false,
          reason: `${which}instruction ${f.index + 1} hands the wallet's token account ${held} to ${f.program}, a program not on tradedeck's list: refused`,
        };
    }

    effect.sol += (post.get(wallet)?.lamports ?? 0n) - (pre.get(wallet)?.lamports ?? 0n);
    if (effect.receiver)
      effect.receiver.sol += (post.get(receiver!)?.lamports ?? 0n) - (pre.get(receiver!)?.lamports ?? 0n);
    for (const a of pre.keys()) {
      const was = tokenAccountOf(pre.get(a));
      const is = tokenAccountOf(post.get(a));
      const t = is ?? was;
      if (!t) continue;
      // an account that changed hands counts as leaving its old owner and reaching its new one
      const changes: Array<[string, string, bigint]> =
        was && is && was.owner !== is.owner
          ? [
              [was.owner, was.mint, -was.amount],
              [is.owner, is.mint, is.amount],
            ]
          : [[t.owner, t.mint, (is?.amount ?? 0n) - (was?.amount ?? 0n)]];
      for (const [owner, mint, delta] of changes) {
        // wrapped SOL is SOL: its amount is counted with the lamports (the account's rent is in its lamports, not here)
        if (owner === wallet) {
          if (mint === NATIVE_MINT) effect.sol += delta;
          else add(effect.tokens, mint, delta);
        } else if (effect.receiver && owner === receiver) {
          if (mint === NATIVE_MINT) effect.receiver.sol += delta;
          else add(effect.receiver.tokens, mint, delta);
        } else if (delta > 0n) landings.push({ account: a, owner, mint, amount: delta });
      }
    }
    effect.fees += ins.costs.signatureLamports + ins.costs.priorityLamports;
    for (const c of ins.costs.created) {
      // rent of a new account is a stated cost only when it is the wallet's or the receiver's own
      const mine = c.owner === undefined || c.owner === wallet || (receiver !== undefined && c.owner === receiver);
      if (mine) effect.fees += c.mostLamports;
    }
  }
  return { ok: true, effect, landings };
}

function tokenText(raw: bigint, mint: string, expect: Expectation): string {
  if (mint === NATIVE_MINT) return `${fromBaseUnits(raw, 9)} SOL`;
  const t = expect.tokens.find((x) => x.mint === mint);
  return t ? `${fromBaseUnits(raw, t.decimals)} ${t.symbol}` : `${raw} base units of ${mint}`;
}

/**
 * Why the measured effect is refused against what the action expects, in one line; undefined when
 * it is within what was asked.
 */
export function judgeEffect(
  effect: BalanceEffect,
  expect: Expectation,
  landings: readonly TokenLanding[],
  wallet: string,
): string | undefined {
  const text = (raw: bigint, mint: string) => tokenText(raw, mint, expect);
  const named = new Set(expect.named ?? []);
  const anything = expect.mayReceive === 'any';
  const watched = new Set([...Object.keys(expect.receives), ...(anything ? [] : (expect.mayReceive ?? []))]);
  // the output landing anywhere but the wallet, the receiver or a named fee account
  const away = landings.find(
    (l) => watched.has(l.mint) && !named.has(l.account) && !named.has(l.owner) && l.owner !== wallet,
  );
  if (away)
    return `the transaction would put ${text(away.amount, away.mint)} into ${away.account}, owned by ${away.owner}: not this wallet's account${expect.receiver ? ' nor the receiver you named' : ''}; refused`;

  const paidSol = -effect.sol;
  const askedSol = expect.pays[NATIVE_MINT] ?? 0n;
  if (paidSol > askedSol + effect.fees)
    return `the transaction would take ${text(paidSol, NATIVE_MINT)} from the wallet: more than the ${text(askedSol, NATIVE_MINT)} asked plus ${text(effect.fees, NATIVE_MINT)} of stated fees and rent; refused`;
  for (const [mint, delta] of Object.entries(effect.tokens)) {
    if (delta >= 0n) continue;
    const asked = expect.pays[mint];
    if (asked === undefined)
      return `the transaction would take ${text(-delta, mint)} from the wallet, which this action does not pay; refused`;
    if (-delta > asked)
      return `the transaction would take ${text(-delta, mint)} from the wallet: more than the ${text(asked, mint)} asked; refused`;
  }
  const to = effect.receiver ?? effect;
  const who = effect.receiver ? `the receiver ${effect.receiver.address}` : 'the wallet';
  for (const [mint, least] of Object.entries(expect.receives)) {
    // received SOL is what arrived before the wallet's own fees were taken
    const got = mint === NATIVE_MINT ? to.sol + (effect.receiver ? 0n : effect.fees) : (to.tokens[mint] ?? 0n);
    if (got < least)
      return `${who} would receive ${text(got > 0n ? got : 0n, mint)}; the request allows no less than ${text(least, mint)}; refused`;
  }
  for (const [mint, delta] of Object.entries(effect.tokens))
    if (delta > 0n && !anything && !watched.has(mint))
      return `the transaction would also credit ${text(delta, mint)} to the wallet, which this action does not expect; refused`;
  return undefined;
}

/** "−0.010005 SOL · +1.49 USDC (at least 1.48)": balance changes as the dialog states them. */
export function changesText(c: Changes, expect: Expectation, least: boolean): string {
  const sign = (raw: bigint) => (raw < 0n ? '−' : '+');
  const abs = (raw: bigint) => (raw < 0n ? -raw : raw);
  const parts: string[] = [];
  const at = (mint: string) => {
    const min = least ? expect.receives[mint] : undefined;
    return min === undefined ? '' : ` (at least ${tokenText(min, mint, expect).replace(/ \S+$/, '')})`;
  };
  if (c.sol !== 0n)
    parts.push(`${sign(c.sol)}${tokenText(abs(c.sol), NATIVE_MINT, expect)}${c.sol > 0n ? at(NATIVE_MINT) : ''}`);
  for (const [mint, raw] of Object.entries(c.tokens))
    if (raw !== 0n) parts.push(`${sign(raw)}${tokenText(abs(raw), mint, expect)}${raw > 0n ? at(mint) : ''}`);
  return parts.length ? parts.join(' · ') : 'no change';
}
