// The Swap screen's keys, registered in the app's one keymap (src/keymap.ts) so the handlers, the
// footer hints and the `?` overlay read the same list. Global keys (j/k move between fields, Esc
// backs out, 1-6, :, q) keep working whenever no field is being edited.
import type { Binding } from '../../components/keys/index.js';

export const SWAP_SCREEN = 'swap';

const b = (keys: string[], command: string, description: string, hint?: string): Binding => ({ keys, command, scope: SWAP_SCREEN, description, hint });

export const SWAP_BINDINGS: Binding[] = [
  b(['e'], 'edit', 'edit the selected field (Esc or Enter stops editing; Tab moves on)', 'edit'),
  b(['enter'], 'execute', 'swap through the order group: order -> confirm -> sign -> execute', 'swap'),
  b(['b'], 'build', 'build through the swap group and send by RPC (confirm first)', 'build'),
  b(['i'], 'instructions', 'show the swap instructions, grouped by kind, with lookup tables', 'instr'),
  b(['a'], 'advanced', 'show or hide the advanced quote parameters', 'advanced'),
  b(['m'], 'max', 'amount: the whole balance of the input token (less a fee reserve for SOL)', 'max'),
  b(['f'], 'flip', 'swap the input and output tokens', 'flip'),
];
