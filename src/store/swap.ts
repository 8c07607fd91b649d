// The Swap screen's slice: the form exactly as typed (nothing typed is ever dropped, even when it
// does not parse), the wallet's balances, the last quote, the
// running action's status and the last result.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Generation } from '../config/generation.js';
import type { Order, OrderExecuteResponse, Instruction, SwapMode, InstructionVersion, Quote } from '../api/types.js';

export interface SwapForm {
  input: string;
  output: string;
  amount: string;
  mode: SwapMode;
  /** as typed: empty = auto, "0.5%", "50bps" or "50" (bps) */
  slippageBps: string;
  // Advanced (quote parameters)
  dexes: string;
  excludeDexes: string;
  onlyDirectRoutes: boolean;
  restrictIntermediateTokens: boolean;
  maxAccounts: string;
  platformFeeBps: string;
  /** token account collecting the platform fee (required by the swap build when platformFeeBps is set) */
  feeAccount: string;
  asLegacyTransaction: boolean;
  instructionVersion: InstructionVersion;
  /** the swap group's priority fee as typed: auto, "high" or "high 50000" (a level with its most lamports), or lamports */
  priorityFee: string;
  // Advanced, the order group's (GET /ultra/v1/order), as typed
  /** who gets the output (a wallet address; empty = this wallet) */
  receiver: string;
  /** routers left out, comma-separated */
  excludeRouters: string;
  /** who pays network fees and rent (empty = this wallet) */
  payer: string;
  referralAccount: string;
  /** bps, 50 to 255 */
  referralFee: string;
  // the current generation's (GET /swap/v2/order), as typed
  /** the priority fee, in SOL as typed (sent in lamports; empty = the service's choice) */
  priorityFeeLamports: string;
  /** '' (not set), maxCap (the fee is a ceiling) or exactFee */
  broadcastFeeType: '' | 'maxCap' | 'exactFee';
  /** a Jito tip, in SOL as typed: either route (GET /swap/v2/order's jitoTipLamports, /swap/v2/build's tipAmount) */
  jitoTipLamports: string;
  // Advanced, the swap build's (POST /swap/v1/swap and swap-instructions)
  wrapAndUnwrapSol: boolean;
  destinationTokenAccount: string;
  nativeDestinationAccount: string;
  dynamicComputeUnitLimit: boolean;
  /** micro-lamports per compute unit, as typed (empty = not set) */
  computeUnitPriceMicroLamports: string;
  blockhashSlotsToExpiry: string;
  /** 'auto' = the routing engine decides */
  useSharedAccounts: 'auto' | 'true' | 'false';
  skipUserAccountsRpcCalls: boolean;
  // the current generation's swap build (GET /swap/v2/build)
  /** 'fast': single-path routing */
  buildMode: 'default' | 'fast';
  /** as typed: auto, medium, high, veryHigh, or basis points 0-10000 */
  computeUnitPricePercentile: string;
  forJitoBundle: boolean;
}

export const EMPTY_FORM: SwapForm = {
  input: '',
  output: '',
  amount: '',
  mode: 'ExactIn',
  slippageBps: '',
  dexes: '',
  excludeDexes: '',
  onlyDirectRoutes: false,
  restrictIntermediateTokens: true,
  maxAccounts: '',
  platformFeeBps: '',
  feeAccount: '',
  asLegacyTransaction: false,
  instructionVersion: 'V1',
  priorityFee: 'auto',
  receiver: '',
  excludeRouters: '',
  payer: '',
  referralAccount: '',
  referralFee: '',
  priorityFeeLamports: '',
  broadcastFeeType: '',
  jitoTipLamports: '',
  wrapAndUnwrapSol: true,
  destinationTokenAccount: '',
  nativeDestinationAccount: '',
  dynamicComputeUnitLimit: false,
  computeUnitPriceMicroLamports: '',
  blockhashSlotsToExpiry: '',
  useSharedAccounts: 'auto',
  skipUserAccountsRpcCalls: false,
  buildMode: 'default',
  computeUnitPricePercentile: '',
  forJitoBundle: false,
};

/** The swap group's instructions as the `i` view shows them, from either generation's build. */
export interface InstructionsView {
  /** which operation gave them: POST /swap/v1/swap-instructions or GET /swap/v2/build */
  route: string;
  computeBudgetInstructions: Instruction[];
  setupInstructions: Instruction[];
  swapInstruction: Instruction;
  cleanupInstruction?: Instruction | null;
  /** the rest, tips included */
  otherInstructions: Instruction[];
  addressLookupTableAddresses: string[];
}

export interface QuoteView {
  /** the parameters key it answers */
  key: string;
  /** the group `s` will swap through: this quote is that group's answer */
  via: 'order' | 'swap';
  /** the swap group's quote, or the order group's order read as one (same amounts and route) */
  quote: Quote;
  /** the order group's answer itself (router, fee payers) */
  order?: Order;
  /** the generation of the service the order route's quote came through */
  generation?: Generation;
  at: number;
}

export interface Balance {
  raw: bigint;
  at: number;
}

export interface SwapOutcome {
  status: string;
  /** 'order' (Enter) or 'swap' (b) */
  via: 'order' | 'swap';
  title: string;
  signature?: string;
  error?: string;
  advice?: string;
  /** plain lines: actual amounts, what to do next */
  lines: string[];
  execute?: OrderExecuteResponse;
  /** where the output went when not to this wallet (a receiver, or the build's destination account) */
  sentTo?: string;
  /** the service's operations it went through ("GET /swap/v2/order + POST /swap/v2/execute") */
  route?: string;
  /** said once: the service turned out not to serve its current generation, and the route it took instead */
  found?: string;
  at: number;
}

export interface SwapState {
  form: SwapForm;
  advanced: boolean;
  balances: Record<string, Balance>;
  balanceError?: string;
  quote?: QuoteView;
  /** what the running action is doing now ("Building…", "Submitting…") */
  running?: string;
  outcome?: SwapOutcome;
  instructions?: { at: number; response: InstructionsView };
  instructionsOpen: boolean;

  setField<K extends keyof SwapForm>(key: K, value: SwapForm[K]): void;
  setForm(patch: Partial<SwapForm>): void;
  setAdvanced(on: boolean): void;
  setBalances(balances: Record<string, bigint>, at: number): void;
  setBalanceError(message: string | undefined): void;
  setQuote(q: QuoteView | undefined): void;
  setRunning(text: string | undefined): void;
  setOutcome(o: SwapOutcome | undefined): void;
  setInstructions(response: InstructionsView | undefined, at: number): void;
  setInstructionsOpen(on: boolean): void;
}

export type SwapStore = StoreApi<SwapState>;

function staleOutcome(o: SwapOutcome | undefined): { outcome?: undefined } {
  return o && o.status !== 'success' && o.status !== 'unknown' ? { outcome: undefined } : {};
}

export function createSwapStore(init: Partial<SwapForm> = {}): SwapStore {
  return createStore<SwapState>()((set, get) => ({
    form: { ...EMPTY_FORM, ...init },
    advanced: false,
    balances: {},
    instructionsOpen: false,
    // A failed or refused attempt's message goes when the inputs change: it spoke of other inputs.
    setField: (key, value) => {
      if (get().form[key] !== value) set({ form: { ...get().form, [key]: value }, ...staleOutcome(get().outcome) });
    },
    setForm: (patch) => set({ form: { ...get().form, ...patch }, ...staleOutcome(get().outcome) }),
    setAdvanced: (advanced) => set({ advanced }),
    setBalances: (raw, at) => {
      const balances = { ...get().balances };
      for (const [mint, amount] of Object.entries(raw)) balances[mint] = { raw: amount, at };
      set({ balances, balanceError: undefined });
    },
    setBalanceError: (balanceError) => set({ balanceError }),
    setQuote: (quote) => set({ quote }),
    setRunning: (running) => set({ running }),
    setOutcome: (outcome) => set({ outcome }),
    setInstructions: (response, at) => set({ instructions: response ? { response, at } : undefined }),
    setInstructionsOpen: (instructionsOpen) => set({ instructionsOpen }),
  }));
}
