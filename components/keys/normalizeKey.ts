// Maps Ink's (input, Key) pair to one key name used by the keymap registry:
// printable characters as themselves ('j', 'S', '?', '1'), and named keys
// 'up' 'down' 'left' 'right' 'pageup' 'pagedown' 'home' 'end' 'enter' 'escape' 'tab' 'shift+tab'
// 'space' 'backspace' 'ctrl+<letter>' 'meta+<char>'.
import type { Key } from 'ink';

/** The registry name of a key press, or '' when Ink reported nothing recognisable. */
export function normalizeKey(input: string, key: Key): string {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'escape';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  // Most terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`.
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl && input.length === 1) return 'ctrl+' + input.toLowerCase();
  if (input === ' ') return 'space';
  if (key.meta && input.length === 1) return 'meta+' + input;
  if (input === '\r' || input === '\n') return 'enter';
  return input;
}

const DISPLAY: Record<string, string> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  pageup: 'PgUp',
  pagedown: 'PgDn',
  home: 'Home',
  end: 'End',
  enter: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  'shift+tab': 'S-Tab',
  space: 'Space',
  backspace: 'Bksp',
};

/** How a key name is shown to people: 'escape' -> 'Esc', 'ctrl+c' -> 'C-c', 'j' -> 'j'. */
export function displayKey(name: string): string {
  if (DISPLAY[name]) return DISPLAY[name];
  if (name.startsWith('ctrl+')) return 'C-' + name.slice(5);
  if (name.startsWith('meta+')) return 'M-' + name.slice(5);
  return name;
}
