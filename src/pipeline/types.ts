// Shapes of the sign-and-submit pipeline shared by every state-changing action. The app wires the
// real API and RPC clients into PipelineDeps; nothing here imports them.

import type { Mode } from '../config/config.js';
import type { Journal, JournalGroup } from '../journal/journal.js';
import type { ExecuteBody, ExecuteFn, ExecuteOutcome, SignatureState } from '../journal/reconcile.js';
import type { SimulationRead } from '../rpc/client.js';
import type { InspectionOk } from '../wallet/inspect.js';
import type { ProcessIdentity } from '../state/lock.js';
import type { Wallet } from '../wallet/keypair.js';
import type { BalanceEffect } from './effect.js';

/** A token an action moves, with the chain's facts of its mint. */
export interface ExpectedToken {
  mint: string;
  symbol: string;
  decimals: number;
  /** the token program that owns the mint (read from the chain) */
  program: string;
}

/**
 * What an action's transactions may do to the wallet's balances, declared by its flow and checked
 * on the simulation before the dialog: more paid than this (beyond the stated fees), less received,
 * another asset lost, or the output landing anywhere but the wallet or the named receiver is refused.
 */
export interface Expectation {
  /** the tokens the action moves: the wallet's (and the receiver's) accounts of these are read before and after */
  tokens: ExpectedToken[];
  /** the most that may leave the wallet beyond the stated fees, raw, by mint (SOL under the native mint) */
  pays: Record<string, bigint>;
  /** the least that must arrive, raw, by mint: at the receiver when one is named, else at the wallet */
  receives: Record<string, bigint>;
  /** mints that may also arrive, in any amount (a cancel's order mints); 'any' when the orders are not known */
  mayReceive?: string[] | 'any';
  /** the wallet the output goes to, when the person named one other than this wallet */
  receiver?: string;
  /**
   * Accounts the person named: the receiver, a destination token account, a SOL destination, the
   * fee or referral account. The wallet's tokens may move or be approved only towards these or the
   * wallet's own accounts, and a fee may land in them.
   */
  named?: string[];
  /** SOL the person asked to pay beyond the network fees (a tip), lamports */
  tipLamports?: bigint;
  /** SOL the action states it puts into accounts the service's program creates (a launch's pool), at most, lamports */
  rentLamports?: bigint;
}

export interface Built {
  /**
   * The group the transaction goes through when the build decides it (the swap's order route:
   * 'swapV2' or 'ultra', by the generation the service serves); else the action's own.
   */
  group?: JournalGroup;
  /** from the service; required when submit is 'execute' */
  requestId?: string;
  /** unsigned base-64 transactions, in the order to submit them */
  transactions: string[];
  /** signers besides the wallet that the response itself names (maker, signatureFeePayer, payer) */
  allowedSigners: string[];
  lastValidBlockHeight?: number;
  /** ms since epoch when the service answered */
  builtAt: number;
  submit: 'execute' | 'rpc';
  summary: Record<string, unknown>;
  /**
   * The most lamports the transactions may move out of the wallet (into its own wrapped-SOL
   * account), when the build knows it: the quote's SOL input. The inspector refuses more.
   */
  maxLamports?: bigint;
  /** where the person asked the swap's SOL to go (a native destination account): the inspector lets the wrapped SOL be closed into it */
  payTo?: string[];
  /** what the transactions may do to the wallet's balances (checked on their simulation) */
  expect: Expectation;
  /** the decimals each amount was read with, by mint (the chain's): recorded in the journal */
  decimals?: Record<string, number>;
}

/**
 * Thrown by a build whose answer does not match what was asked (or that the chain contradicts):
 * the action is refused before anything is signed, with this one line.
 */
export class BuildRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildRefusal';
  }
}

export interface ConfirmRequest {
  title: string;
  lines: string[];
  /** text the person must type to confirm a large or high-impact action */
  typedConfirmation?: string;
  [extra: string]: unknown;
}

/** 'expired': what the dialog showed aged out while it was open; the pipeline builds afresh and asks again */
export type ConfirmAnswer = 'confirm' | 'cancel' | 'expired';

export interface ActionSpec {
  group: JournalGroup;
  action: string;
  build(): Promise<Built>;
  describe(built: Built): ConfirmRequest;
  /** names of programs beyond the fixed list, for the dialog (the service's labels): a name never allows a program */
  programNames?: Record<string, string>;
  /**
   * Hands the signed transaction to the service in place of the group's execute (submit 'execute'):
   * a vault deposit goes with the order's create, a withdrawal with the cancel's confirmation.
   * Called once per signed transaction: it is not posted again on a transient failure.
   */
  execute?(body: ExecuteBody): Promise<ExecuteOutcome>;
}

export interface PipelineDeps {
  wallet: Wallet;
  /** where the transactions go (the base URL's host, or "simulator"), recorded in the journal */
  network?: string;
  /** live, demo or paper: recorded in the journal beside the network */
  mode?: Mode;
  /** this process, recorded in each journal entry: recovery at start takes only entries whose process is gone */
  owner?: ProcessIdentity;
  /** paper mode: the line every confirm dialog starts with (nothing real is signed or sent) */
  paperNote?: string;
  journal: Journal;
  /**
   * Takes the state directory's signing turn for one transaction (journalled, signed, submitted),
   * waiting for another process's; rejects with a one-line reason when it cannot be had (nothing is
   * signed then). Absent: nothing else signs from this journal.
   */
  signingTurn?(): Promise<{ release(): Promise<void> }>;
  /** `previous`: the request shown before this one, when this one replaces an expired quote */
  confirm(
    req: ConfirmRequest & {
      inspections: InspectionOk[];
      built: Built;
      /** the wallet's balance changes the simulation measured */
      effect: BalanceEffect;
      previous?: ConfirmRequest;
    },
  ): Promise<ConfirmAnswer>;
  execute: ExecuteFn;
  /** RPC sendTransaction (base-64); resolves to the transaction signature */
  sendRawTransaction(base64: string): Promise<string>;
  signatureStatus(signature: string): Promise<SignatureState>;
  blockHeight(): Promise<number>;
  /**
   * RPC getAccountInfo: an account's owner and data, null when there is none. It reads the address
   * lookup tables a v0 transaction uses before that transaction is inspected; without it (no RPC)
   * a transaction with lookup tables is refused.
   */
  accountInfo?(address: string): Promise<{ owner: string; data: Uint8Array } | null>;
  /**
   * The state now of `before` and, after the unsigned transaction, of `after` (RPC getMultipleAccounts
   * and simulateTransaction in one batch). Without it (no RPC) nothing is signed: the transaction's
   * effect cannot be measured.
   */
  simulate?(base64: string, accounts: { before: string[]; after: string[] }): Promise<SimulationRead>;
  now(): number;
  /** how long a build may wait for confirmation: its blockhash lifetime (default 60 000 ms) */
  maxQuoteAgeMs?: number;
  onStatus?(text: string): void;
  /** waits between polls and retries (default: a real timer) */
  sleep?(ms: number): Promise<void>;
  pollIntervalMs?: number;
  /** execute attempts for one signed transaction on transient codes (default 3) */
  maxExecuteAttempts?: number;
  /** fresh builds after a quote aged out in the dialog (default 3) */
  maxRebuilds?: number;
}

export type ActionStatus = 'success' | 'failed' | 'cancelled' | 'refused' | 'expired' | 'unknown';
export type ActionStage = 'wallet' | 'build' | 'inspect' | 'simulate' | 'confirm' | 'sign' | 'journal' | 'submit';

export interface TransactionOutcome {
  journalId: string;
  status: ActionStatus;
  signature?: string;
  code?: number;
  error?: string;
  result?: unknown;
}

export interface ActionResult {
  status: ActionStatus;
  /** the last transaction's signature (the only one for single-transaction actions) */
  signature?: string;
  code?: number;
  /** what went wrong, in plain words */
  error?: string;
  /** what to do next (from the execute code) */
  advice?: string;
  /** the service's execute answer for the last transaction */
  result?: unknown;
  /** where the action stopped */
  stage?: ActionStage;
  /** one per transaction that was signed and journalled */
  transactions: TransactionOutcome[];
}
