// The swap-instructions answer as detail sections grouped by kind: compute budget, setup, the swap,
// cleanup, other (tips), and the address lookup tables.
import type { DetailSection } from '../../components/detail/DetailPane.js';
import type { Instruction, Token } from '../../src/api/types.js';
import type { InstructionsView } from '../../src/store/swap.js';
import { shortAddress } from '../../src/text/format.js';
import { WELL_KNOWN_PROGRAMS } from '../../src/wallet/inspect.js';

function describe(ix: Instruction): string {
  const signers = ix.accounts.filter((a) => a.isSigner).length;
  const writable = ix.accounts.filter((a) => a.isWritable).length;
  const bytes = Buffer.from(ix.data, 'base64').length;
  return `${shortAddress(ix.programId)} · ${ix.accounts.length} accounts (${signers} signer, ${writable} writable) · ${bytes} data bytes`;
}

function group(title: string, list: Instruction[]): DetailSection {
  return {
    title: `${title} (${list.length})`,
    entries: list.length
      ? list.map((ix, i) => ({
          key: `${i + 1}. ${WELL_KNOWN_PROGRAMS[ix.programId] ?? 'UNKNOWN program'}`,
          value: describe(ix),
        }))
      : [{ key: '—', value: 'none' }],
  };
}

export function instructionSections(r: InstructionsView, _tokens: readonly Token[]): DetailSection[] {
  return [
    { title: 'Built by', entries: [{ key: 'route', value: r.route }] },
    group('Compute budget', r.computeBudgetInstructions),
    group('Setup', r.setupInstructions),
    group('Swap', [r.swapInstruction]),
    group('Cleanup', r.cleanupInstruction ? [r.cleanupInstruction] : []),
    group('Other (tips)', r.otherInstructions),
    {
      title: `Address lookup tables (${r.addressLookupTableAddresses.length})`,
      entries: r.addressLookupTableAddresses.length
        ? r.addressLookupTableAddresses.map((a, i) => ({ key: String(i + 1), value: a }))
        : [{ key: '—', value: 'none (legacy or small transaction)' }],
    },
  ];
}
