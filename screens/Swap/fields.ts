// The Swap form's fields in focus order: the main ones, then the advanced quote parameters.
import type { SwapForm } from '../../src/store/swap.js';

export type FieldKind = 'text' | 'token' | 'select' | 'toggle';

export interface FieldDef {
  key: keyof SwapForm;
  label: string;
  kind: FieldKind;
  placeholder?: string;
  advanced?: boolean;
  options?: Array<{ value: string; label: string }>;
}

export const FIELDS: FieldDef[] = [
  { key: 'input', label: 'From', kind: 'token', placeholder: 'symbol or mint' },
  { key: 'output', label: 'To', kind: 'token', placeholder: 'symbol or mint' },
  { key: 'amount', label: 'Amount', kind: 'text', placeholder: 'e.g. 1.5' },
  {
    key: 'mode',
    label: 'Mode',
    kind: 'select',
    options: [
      { value: 'ExactIn', label: 'ExactIn' },
      { value: 'ExactOut', label: 'ExactOut' },
    ],
  },
  { key: 'slippageBps', label: 'Slippage', kind: 'text', placeholder: 'auto (←/→ presets)' },
  { key: 'dexes', label: 'Dexes', kind: 'text', placeholder: 'only these, a,b', advanced: true },
  { key: 'excludeDexes', label: 'Excl dexes', kind: 'text', placeholder: 'never these', advanced: true },
  { key: 'onlyDirectRoutes', label: 'Direct only', kind: 'toggle', advanced: true },
  { key: 'restrictIntermediateTokens', label: 'Restrict mid', kind: 'toggle', advanced: true },
  { key: 'maxAccounts', label: 'Max accts', kind: 'text', placeholder: 'default 64', advanced: true },
  { key: 'platformFeeBps', label: 'Platform bps', kind: 'text', placeholder: 'none', advanced: true },
  { key: 'feeAccount', label: 'Fee account', kind: 'text', placeholder: 'with platform bps', advanced: true },
  { key: 'asLegacyTransaction', label: 'Legacy tx', kind: 'toggle', advanced: true },
  { key: 'priorityFee', label: 'Priority fee', kind: 'text', placeholder: 'auto, high 50000', advanced: true },
  {
    key: 'instructionVersion',
    label: 'Ix version',
    kind: 'select',
    options: [
      { value: 'V1', label: 'V1' },
      { value: 'V2', label: 'V2' },
    ],
    advanced: true,
  },
  // the order group's (s): GET /ultra/v1/order
  { key: 'receiver', label: 'Receiver', kind: 'text', placeholder: 'this wallet (s)', advanced: true },
  { key: 'payer', label: 'Payer', kind: 'text', placeholder: 'this wallet (s)', advanced: true },
  { key: 'excludeRouters', label: 'Excl routers', kind: 'text', placeholder: 'none (s)', advanced: true },
  { key: 'referralAccount', label: 'Referral acct', kind: 'text', placeholder: 'none (s)', advanced: true },
  { key: 'referralFee', label: 'Referral bps', kind: 'text', placeholder: '50-255 (s)', advanced: true },
  // the current generation's (GET /swap/v2/order; the tip also GET /swap/v2/build), amounts in SOL
  { key: 'priorityFeeLamports', label: 'Prio fee SOL', kind: 'text', placeholder: 'auto (s, v2)', advanced: true },
  {
    key: 'broadcastFeeType',
    label: 'Broadcast',
    kind: 'select',
    options: [
      { value: '', label: 'not set' },
      { value: 'maxCap', label: 'maxCap' },
      { value: 'exactFee', label: 'exactFee' },
    ],
    advanced: true,
  },
  { key: 'jitoTipLamports', label: 'Jito tip SOL', kind: 'text', placeholder: 'none (s, b; v2)', advanced: true },
  // the swap build's (b): POST /swap/v1/swap and swap-instructions
  { key: 'wrapAndUnwrapSol', label: 'Wrap SOL', kind: 'toggle', advanced: true },
  { key: 'destinationTokenAccount', label: 'Dest token ac', kind: 'text', placeholder: 'your own (b)', advanced: true },
  {
    key: 'nativeDestinationAccount',
    label: 'SOL dest (V2)',
    kind: 'text',
    placeholder: 'this wallet (b)',
    advanced: true,
  },
  { key: 'dynamicComputeUnitLimit', label: 'Dynamic CU', kind: 'toggle', advanced: true },
  {
    key: 'computeUnitPriceMicroLamports',
    label: 'CU price µlam',
    kind: 'text',
    placeholder: 'none (b)',
    advanced: true,
  },
  { key: 'blockhashSlotsToExpiry', label: 'Expiry slots', kind: 'text', placeholder: '1-255 (b)', advanced: true },
  {
    key: 'useSharedAccounts',
    label: 'Shared accts',
    kind: 'select',
    options: [
      { value: 'auto', label: 'auto' },
      { value: 'true', label: 'on' },
      { value: 'false', label: 'off' },
    ],
    advanced: true,
  },
  { key: 'skipUserAccountsRpcCalls', label: 'Skip acct RPC', kind: 'toggle', advanced: true },
  // the current generation's swap build (b, i): GET /swap/v2/build
  {
    key: 'buildMode',
    label: 'Build mode',
    kind: 'select',
    options: [
      { value: 'default', label: 'default' },
      { value: 'fast', label: 'fast (v2)' },
    ],
    advanced: true,
  },
  {
    key: 'computeUnitPricePercentile',
    label: 'CU percentile',
    kind: 'text',
    placeholder: 'auto (b, v2)',
    advanced: true,
  },
  { key: 'forJitoBundle', label: 'Jito bundle', kind: 'toggle', advanced: true },
];

export function visibleFields(advanced: boolean): FieldDef[] {
  return FIELDS.filter((f) => advanced || !f.advanced);
}

export const LABEL_WIDTH = 13;
