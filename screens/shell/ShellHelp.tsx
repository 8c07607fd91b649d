// The help overlay of the shell: `?` lists every key of the visible screen, the global keys and the
// dialogs' (with the one notation that is not plain digits where it fits without scrolling);
// `:help` lists every command, `:help NAME` one.
import { HelpOverlay, helpColumns, type HelpColumnGroup } from '../../components/chrome/HelpOverlay.js';
import { GLOBAL_SCOPE, type Keymap } from '../../components/keys/index.js';
import { SMALL_PRICE_NOTE } from '../../src/text/format.js';
import type { CommandRegistry } from './commands.js';
import { DIALOG_KEYS } from './keymap.js';
import type { ScreenModule } from '../shared/types.js';

/** What the help overlay shows: the keys (?), every command (:help) or one (:help NAME). */
export type HelpShown = 'keys' | 'commands' | { command: string };

export interface ShellHelpProps {
  shown: HelpShown;
  keymap: Keymap;
  screen: ScreenModule;
  commands: CommandRegistry;
  width: number;
  height: number;
  onClose(): void;
}

function keyGroups(keymap: Keymap, screen: ScreenModule): HelpColumnGroup[] {
  const groups = keymap.helpFor(screen.id);
  const [own, globals] = [groups.find((g) => g.title !== GLOBAL_SCOPE), groups.find((g) => g.title === GLOBAL_SCOPE)];
  return [
    ...(own ? [{ title: `${screen.title} screen`, entries: own.entries }] : []),
    { title: 'Global', entries: globals?.entries ?? [] },
    { title: 'Dialogs', entries: DIALOG_KEYS.map((d) => ({ ...d, command: '' })) },
  ];
}

export function ShellHelp({ shown, keymap, screen, commands, width, height, onClose }: ShellHelpProps) {
  let title: string;
  let groups: HelpColumnGroup[];
  if (shown === 'keys') {
    title = 'Keys';
    // every key of the screen first (the README explains the notation too)
    const keys = keyGroups(keymap, screen);
    const withNote = SMALL_PRICE_NOTE ? [...keys, { title: 'Numbers', entries: [SMALL_PRICE_NOTE] }] : keys;
    // (the overlay's body: the box less its border and title)
    const rows = height - 3;
    const scrolls = (g: HelpColumnGroup[]) => helpColumns(g, width - 4, rows).columns.some((c) => c.length > rows);
    groups = !scrolls(withNote) || scrolls(keys) ? withNote : keys;
  } else {
    const only = typeof shown === 'object' ? shown.command : undefined;
    title = only === undefined ? 'Commands' : `Command :${only}`;
    const list = commands.list().filter((c) => only === undefined || c.name === only);
    const heading =
      only === undefined
        ? 'Commands (: opens the bar, Tab completes, :help NAME shows one)'
        : `Command :${only} (:help lists them all)`;
    groups = [
      { title: heading, entries: list.map((c) => ({ keys: `:${c.name}`, description: `${c.usage} — ${c.help}` })) },
    ];
  }
  return <HelpOverlay title={title} groups={groups} width={width} height={height} onClose={onClose} />;
}
