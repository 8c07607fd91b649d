// The Studio screen's state, free of React: which view is up (the launched pools, the create form,
// the claim form), the forms' text and their per-field messages, the remembered pools, the wallet's
// quote balances, the action in progress and its outcome. Headless commands use it too.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LaunchedPool } from './pools.js';
import { presetForm, type StudioForm } from './preset.js';
import type { FieldErrors } from './validate.js';

export type StudioView = 'list' | 'create' | 'claim';

export interface ClaimForm {
  /** a remembered pool's address (or symbol), or a pasted address */
  pool: string;
  /** an amount in the quote token, or "max" */
  max: string;
  /** the quote token of a pasted pool (a remembered one knows its own) */
  quote: string;
}
export type ClaimField = keyof ClaimForm;

export interface StudioOutcome {
  ok: boolean;
  title: string;
  lines: string[];
  at: number;
}

export interface StudioState {
  view: StudioView;
  form: StudioForm;
  errors: FieldErrors;
  claim: ClaimForm;
  claimErrors: Partial<Record<ClaimField, string>>;
  pools: LaunchedPool[];
  poolsError?: string;
  selected?: string;
  running?: string;
  outcome?: StudioOutcome;
  /** raw balances of the wallet by mint */
  balances: Record<string, bigint>;
  setView(view: StudioView): void;
  setField<K extends keyof StudioForm>(key: K, value: StudioForm[K]): void;
  setForm(form: Partial<StudioForm>): void;
  setErrors(errors: FieldErrors): void;
  setClaimField(key: ClaimField, value: string): void;
  setClaimErrors(errors: Partial<Record<ClaimField, string>>): void;
  setPools(pools: LaunchedPool[], error?: string): void;
  select(pool: string | undefined): void;
  setRunning(text: string | undefined): void;
  setOutcome(outcome: StudioOutcome | undefined): void;
  setBalances(balances: Record<string, bigint>): void;
}

export type StudioStore = StoreApi<StudioState>;

export const DEFAULT_CLAIM: ClaimForm = { pool: '', max: 'max', quote: 'USDC' };

export function createStudioStore(): StudioStore {
  return createStore<StudioState>()((set, get) => ({
    view: 'list',
    form: presetForm(),
    errors: {},
    claim: { ...DEFAULT_CLAIM },
    claimErrors: {},
    pools: [],
    balances: {},
    setView: (view) => set({ view }),
    // editing a field clears its message: it is checked again on submit
    setField: (key, value) => {
      const errors = { ...get().errors };
      delete errors[key];
      set({ form: { ...get().form, [key]: value }, errors });
    },
    setForm: (form) => set({ form: { ...get().form, ...form } }),
    setErrors: (errors) => set({ errors }),
    setClaimField: (key, value) => {
      const claimErrors = { ...get().claimErrors };
      delete claimErrors[key];
      set({ claim: { ...get().claim, [key]: value }, claimErrors });
    },
    setClaimErrors: (claimErrors) => set({ claimErrors }),
    setPools: (pools, poolsError) => set({ pools, poolsError }),
    select: (selected) => set({ selected }),
    setRunning: (running) => set({ running }),
    setOutcome: (outcome) => set({ outcome }),
    setBalances: (balances) => set({ balances: { ...get().balances, ...balances } }),
  }));
}
