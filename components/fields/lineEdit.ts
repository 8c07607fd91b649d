// Single-line text editing as a pure function of (state, key name, raw input).
export interface LineState {
  text: string;
  /** cursor position in UTF-16 units, 0..text.length */
  cursor: number;
}

export const emptyLine: LineState = { text: '', cursor: 0 };

/** A line with the cursor at its end. */
export function lineAt(text: string): LineState {
  return { text, cursor: text.length };
}

function prevWordStart(text: string, cursor: number): number {
  let i = cursor;
  while (i > 0 && text[i - 1] === ' ') i--;
  while (i > 0 && text[i - 1] !== ' ') i--;
  return i;
}

/**
 * Applies one key to the line: printable input is inserted (a paste inserts all of it), and
 * left/right, home/end (also C-a/C-e), backspace, C-u (kill to start), C-k (kill to end) and
 * C-w (delete word) edit. Returns undefined when the key is not an editing key.
 */
export function applyLineKey(state: LineState, name: string, input: string): LineState | undefined {
  const { text, cursor } = state;
  switch (name) {
    case 'left':
      return { text, cursor: Math.max(0, cursor - 1) };
    case 'right':
      return { text, cursor: Math.min(text.length, cursor + 1) };
    case 'home':
    case 'ctrl+a':
      return { text, cursor: 0 };
    case 'end':
    case 'ctrl+e':
      return { text, cursor: text.length };
    case 'backspace':
      if (cursor === 0) return state;
      return { text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1 };
    case 'ctrl+u':
      return { text: text.slice(cursor), cursor: 0 };
    case 'ctrl+k':
      return { text: text.slice(0, cursor), cursor };
    case 'ctrl+w': {
      const start = prevWordStart(text, cursor);
      return { text: text.slice(0, start) + text.slice(cursor), cursor: start };
    }
    case 'space':
      return insert(state, ' ');
  }
  if (name.startsWith('ctrl+') || name.startsWith('meta+') || NOT_TEXT.has(name)) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  const clean = input.replace(/[\x00-\x1f\x7f]/g, '');
  return clean === '' ? undefined : insert(state, clean);
}

const NOT_TEXT = new Set(['up', 'down', 'enter', 'escape', 'tab', 'shift+tab', 'pageup', 'pagedown']);

function insert(state: LineState, s: string): LineState {
  return {
    text: state.text.slice(0, state.cursor) + s + state.text.slice(state.cursor),
    cursor: state.cursor + s.length,
  };
}
