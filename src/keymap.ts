// The one keymap of the dashboard: every key, its command, where it applies and what it does.
// The key handlers (useCommands), the footer hints and the `?` overlay all read this list.
import { createKeymap, GLOBAL_SCOPE, type Binding, type Keymap } from '../components/keys/index.js';
import { SWAP_BINDINGS } from '../screens/Swap/keys.js';

export interface ScreenRef {
  id: string;
  title: string;
}

const g = (keys: string[], command: string, description: string, hint?: string): Binding => ({ keys, command, scope: GLOBAL_SCOPE, description, hint });

/** Global keys. Navigation commands (down, up, top, ...) are carried out by the active screen. */
const GLOBAL_BINDINGS: Binding[] = [
  g(['j', 'down'], 'down', 'move down'),
  g(['k', 'up'], 'up', 'move up'),
  g(['g', 'home'], 'top', 'go to the top'),
  g(['G', 'end'], 'bottom', 'go to the bottom'),
  g(['pagedown'], 'pageDown', 'page down'),
  g(['pageup'], 'pageUp', 'page up'),
  g(['/'], 'filter', 'filter the list (Enter keeps it, Esc clears it)', 'filter'),
  g(['s'], 'sort', 'sort by the next column', 'sort'),
  g(['S'], 'sortReverse', 'reverse the sort order'),
  g(['enter'], 'open', 'open the detail of the selected row', 'detail'),
  g(['escape'], 'back', 'close, clear the filter, back out'),
  g(['tab'], 'nextScreen', 'next screen'),
  g(['shift+tab'], 'prevScreen', 'previous screen'),
  g(['r'], 'refresh', 'refresh this screen now', 'refresh'),
  g(['p'], 'pause', 'pause or resume all polling', 'pause'),
  g(['+'], 'slower', "poll this screen less often (longer interval)"),
  g(['-'], 'faster', 'poll this screen more often (shorter interval)'),
  g(['J'], 'journal', 'the journal of signed transactions (Enter details, Esc closes)', 'journal'),
  g([':'], 'command', 'command bar (:goto, :watch, :interval, :limit, :quit; Tab completes)', 'cmd'),
  g(['?'], 'help', 'this help', 'help'),
  g(['q', 'ctrl+c'], 'quit', 'quit (asks first while a transaction is in flight)', 'quit'),
];

const TOKENS_BINDINGS: Binding[] = [
  { keys: ['c'], command: 'category', scope: 'tokens', description: 'next category: Organic, Traded, Trending', hint: 'category' },
  { keys: ['i'], command: 'interval', scope: 'tokens', description: 'next change window: 5m, 1h, 6h, 24h', hint: 'window' },
  { keys: ['w'], command: 'star', scope: 'tokens', description: 'star or unstar the selected token (saved)', hint: 'star' },
  { keys: ['W'], command: 'starredOnly', scope: 'tokens', description: 'show only starred tokens / show all', hint: 'starred' },
];

/** The keymap for these screens: `1`-`n` go to the n-th screen. */
export function buildKeymap(screens: readonly ScreenRef[]): Keymap {
  const gotos = screens.slice(0, 9).map((s, i) => g([String(i + 1)], `goto:${s.id}`, `${s.title} screen`));
  return createKeymap([...TOKENS_BINDINGS, ...SWAP_BINDINGS, ...GLOBAL_BINDINGS, ...gotos]);
}

/** Interval steps for + and -, seconds. */
export const INTERVAL_STEPS_S = [2, 3, 5, 10, 15, 30, 60, 120, 300, 600];

/** The next interval step up (+1) or down (-1) from `ms`. */
export function stepInterval(ms: number, direction: 1 | -1): number {
  const s = ms / 1000;
  if (direction > 0) return (INTERVAL_STEPS_S.find((x) => x > s) ?? INTERVAL_STEPS_S[INTERVAL_STEPS_S.length - 1]) * 1000;
  const lower = INTERVAL_STEPS_S.filter((x) => x < s);
  return (lower.length ? lower[lower.length - 1] : INTERVAL_STEPS_S[0]) * 1000;
}
