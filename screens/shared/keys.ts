// The keys every screen shares: the global keys (the shell carries out those marked 'shell' in
// screens/shell/keymap.ts, the visible screen the others), and useScreenKeys, through which a
// screen carries out its own keys with handlers the compiler checks against the keys it declares.
import { useCommands, type CommandAction, type CommandsOf, type KeyHandlers } from '../../components/keys/index.js';
import { useShell } from './context.js';
import type { ScreenKeys } from './types.js';

export interface GlobalKey {
  keys: readonly string[];
  help: string;
  hint?: string;
  /** how the keys read in the help overlay (e.g. "j/k ↓/↑") */
  label?: string;
  /** the second of a pair, listed in the help on its partner's line */
  hideInHelp?: boolean;
  /** 'screen': the visible screen carries it out (moving, opening, filtering); 'shell': useGlobalKeys */
  by: 'screen' | 'shell';
}

const globalKeys = <const K extends Readonly<Record<string, GlobalKey>>>(keys: K): K => keys;

/** Global keys, in the help overlay's order. */
export const GLOBAL_KEYS = globalKeys({
  down: { keys: ['j', 'down'], help: 'move down / up', label: 'j/k ↓/↑', by: 'screen' },
  up: { keys: ['k', 'up'], help: 'move up', hideInHelp: true, by: 'screen' },
  top: { keys: ['g', 'home'], help: 'top / bottom', label: 'g/G', by: 'screen' },
  bottom: { keys: ['G', 'end'], help: 'go to the bottom', hideInHelp: true, by: 'screen' },
  pageDown: { keys: ['pagedown'], help: 'page down / up', label: 'PgDn/PgUp', by: 'screen' },
  pageUp: { keys: ['pageup'], help: 'page up', hideInHelp: true, by: 'screen' },
  filter: { keys: ['/'], help: 'filter the list', hint: 'filter', by: 'screen' },
  sort: { keys: ['o'], help: 'sort: next column / reverse', hint: 'sort', label: 'o/O', by: 'screen' },
  sortReverse: { keys: ['O'], help: 'reverse the sort order', hideInHelp: true, by: 'screen' },
  open: { keys: ['enter'], help: 'open the selected row', hint: 'detail', by: 'screen' },
  back: { keys: ['escape'], help: 'close, clear, back out', by: 'screen' },
  nextScreen: { keys: ['tab'], help: 'next / previous screen', label: 'Tab/S-Tab', by: 'shell' },
  prevScreen: { keys: ['shift+tab'], help: 'previous screen', hideInHelp: true, by: 'shell' },
  refresh: { keys: ['r'], help: 'refresh this screen now', hint: 'refresh', by: 'shell' },
  pause: { keys: ['p'], help: 'pause or resume polling', hint: 'pause', by: 'shell' },
  // + polls more (more requests), - fewer: as on a volume knob, not as the interval's length
  faster: { keys: ['+'], help: 'poll more / less often', label: '+/-', by: 'shell' },
  slower: { keys: ['-'], help: 'poll this screen less often', hideInHelp: true, by: 'shell' },
  journal: { keys: ['J'], help: 'journal of signed txs', hint: 'journal', by: 'shell' },
  notifications: { keys: ['N'], help: 'fills and alerts log', by: 'shell' },
  command: { keys: [':'], help: 'command bar (:help lists)', hint: 'cmd', by: 'shell' },
  help: { keys: ['?'], help: 'this help', hint: 'help', by: 'shell' },
  quit: { keys: ['q', 'ctrl+c'], help: 'quit (asks if tx in flight)', hint: 'quit', by: 'shell' },
  // the keys are the screens' numbers (buildKeymap)
  goto: { keys: [], help: 'go to screen by number', by: 'shell' },
});

/** The global commands the visible screen carries out (moving, opening, filtering, sorting, backing out). */
export type ScreenCommand = CommandsOf<typeof GLOBAL_KEYS, 'screen'>;

/** The handlers a screen's Component (or one `part` of it) gives for its keys: one per declared key, and any of the global screen commands. */
export type ScreenHandlers<Keys, Part extends string = 'screen'> = KeyHandlers<Keys, Part> &
  Partial<Record<ScreenCommand, CommandAction>>;

/**
 * Carries out a screen's keys while `active`: every key of `keys` that `part` carries out needs its
 * handler here (the compiler says which is missing or named after no key); the global screen
 * commands (down, open, back, ...) are optional: a screen that has no use for one lets it pass.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any screen's keys, whatever its state type
export function useScreenKeys<Keys extends ScreenKeys<any>, Part extends string = 'screen'>(
  // keys typed as a plain record (not declared with screenKeys) would let any handler through
  on: {
    scope: string;
    keys: string extends keyof Keys ? 'declare the keys with screenKeys<S>()({ ... })' : Keys;
    part?: Part;
    active?: boolean;
  },
  handlers: ScreenHandlers<Keys, Part>,
): void {
  const { keymap } = useShell();
  useCommands(keymap, on.scope, handlers, 'screen', on.active ?? true);
}
