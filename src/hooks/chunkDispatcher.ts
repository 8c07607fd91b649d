// Ink passes a run of plain characters that arrived in one read (fast typing, a slow ssh link,
// a paste) as one input string. Dispatching it whole would match no binding, so each character
// goes through the layers on its own, in order; layers read their state through refs, so a key
// that opens a mode (":" or "/") already sends the next characters of the same read to that mode.
import type { Key } from 'ink';
import { KeyDispatcher } from '../../components/keys/index.js';

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

function keyFor(ch: string): Key {
  return {
    ...NO_KEY,
    return: ch === '\r' || ch === '\n',
    tab: ch === '\t',
    backspace: ch === '\x7f' || ch === '\b',
    shift: /[A-Z]/.test(ch),
  };
}

export class ChunkDispatcher extends KeyDispatcher {
  override dispatch(input: string, key: Key): boolean {
    const plain = !key.ctrl && !key.meta && !key.escape && !key.return && !key.tab && !key.upArrow && !key.downArrow && !key.leftArrow && !key.rightArrow;
    const chars = [...input];
    if (!plain || chars.length <= 1) return super.dispatch(input, key);
    let any = false;
    for (const ch of chars) any = super.dispatch(ch, keyFor(ch)) || any;
    return any;
  }
}
