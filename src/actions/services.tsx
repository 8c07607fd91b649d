// What signing actions need, beside what every screen has: the wallet, the journal, the RPC client,
// the read-only flag, and the stores of the confirm queue, the Swap screen and the journal view.
// The dashboard creates one ActionServices and provides it; tests create their own.
import React, { createContext, useContext } from 'react';
import type { ApiClient } from '../api/index.js';
import type { RpcClient } from '../api/rpc.js';
import type { Token } from '../api/types.js';
import type { Journal } from '../journal/journal.js';
import type { PipelineDeps } from '../pipeline/types.js';
import { createConfirmStore, type ConfirmStore } from '../store/confirm.js';
import { createJournalViewStore, type JournalViewStore } from '../store/journal.js';
import type { SessionStore } from '../store/session.js';
import { createSwapStore, type SwapForm, type SwapStore } from '../store/swap.js';
import type { Wallet } from '../wallet/keypair.js';

export interface ActionServices {
  api: ApiClient;
  /** absent in live mode without an RPC URL: then the swap group's RPC send is unavailable */
  rpc?: RpcClient;
  /** null: no wallet configured */
  wallet: Wallet | null;
  /** null: the journal could not be opened (signing is then refused) */
  journal: Journal | null;
  readOnly: boolean;
  /** the shell's session: pendingSubmissions is raised between sign and outcome */
  session: Pick<SessionStore, 'getState'>;
  confirm: ConfirmStore;
  swap: SwapStore;
  journalView: JournalViewStore;
  now(): number;
  /** tokens seen elsewhere (the Tokens screen's lists), for symbol lookup */
  seenTokens?(): Token[];
  /** pipeline timing (tests shorten the waits) */
  pipeline?: Partial<Pick<PipelineDeps, 'sleep' | 'pollIntervalMs' | 'maxQuoteAgeMs' | 'maxExecuteAttempts' | 'maxRebuilds'>>;
}

export interface ActionServicesInit {
  api: ApiClient;
  rpc?: RpcClient;
  wallet: Wallet | null;
  journal: Journal | null;
  readOnly?: boolean;
  session: Pick<SessionStore, 'getState'>;
  now?: () => number;
  seenTokens?: () => Token[];
  form?: Partial<SwapForm>;
  pipeline?: ActionServices['pipeline'];
}

export function createActionServices(init: ActionServicesInit): ActionServices {
  return {
    api: init.api,
    rpc: init.rpc,
    wallet: init.wallet,
    journal: init.journal,
    readOnly: init.readOnly ?? false,
    session: init.session,
    confirm: createConfirmStore(),
    swap: createSwapStore(init.form),
    journalView: createJournalViewStore(),
    now: init.now ?? Date.now,
    seenTokens: init.seenTokens,
    pipeline: init.pipeline,
  };
}

const ActionsContext = createContext<ActionServices | null>(null);

export function ActionsProvider({ services, children }: { services: ActionServices | null | undefined; children?: React.ReactNode }) {
  return <ActionsContext.Provider value={services ?? null}>{children}</ActionsContext.Provider>;
}

export function useActionServices(): ActionServices {
  const s = useContext(ActionsContext);
  if (!s) throw new Error('useActionServices must be used inside <ActionsProvider>');
  return s;
}

/** The ActionServices when provided (the shell may run without them, e.g. in tests of other screens). */
export function useOptionalActionServices(): ActionServices | null {
  return useContext(ActionsContext);
}
