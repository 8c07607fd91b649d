// The layered key dispatcher behind KeyRouterProvider, kept free of React so its rules are plain:
// layers are tried modal > input > screen > global; within a layer the most recently registered
// handler first; the first handler returning true consumes the key. While any modal handler is
// registered nothing below the modal layer sees a key, handled or not. Ctrl-C bypasses every layer
// except 'global' so the app can always quit (and ask first when a transaction is in flight).
import type { Key } from 'ink';

export type KeyLayer = 'modal' | 'input' | 'screen' | 'global';
/** Returns true when it consumed the key. */
export type KeyHandler = (input: string, key: Key) => boolean;

const RANK: Record<KeyLayer, number> = { modal: 0, input: 1, screen: 2, global: 3 };

interface Entry {
  layer: KeyLayer;
  seq: number;
  handler: { current: KeyHandler };
}

export class KeyDispatcher {
  private entries: Entry[] = [];
  private seq = 0;
  /** The layer of the handler that consumed the last key dispatched (undefined: none did). */
  lastLayer: KeyLayer | undefined;

  /** A new mount order number: higher means mounted later, so tried earlier within its layer. */
  nextSeq(): number {
    return ++this.seq;
  }

  /**
   * Adds a handler (read through the ref at dispatch time); returns the function that removes it.
   * `seq` defaults to a fresh number (registered now = newest).
   */
  register(layer: KeyLayer, handler: { current: KeyHandler }, seq = this.nextSeq()): () => void {
    const entry: Entry = { layer, seq, handler };
    this.entries.push(entry);
    this.entries.sort((a, b) => RANK[a.layer] - RANK[b.layer] || b.seq - a.seq);
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
    };
  }

  /** Whether a modal layer is mounted (screens may use it to pause their own work). */
  hasModal(): boolean {
    return this.entries.some((e) => e.layer === 'modal');
  }

  /** Offers the key to the layers in order; returns true when some handler consumed it. */
  dispatch(input: string, key: Key): boolean {
    const interrupt = key.ctrl && input === 'c';
    const snapshot = this.entries.slice();
    const modal = snapshot.some((e) => e.layer === 'modal');
    this.lastLayer = undefined;
    for (const entry of snapshot) {
      if (interrupt && entry.layer !== 'global') continue;
      if (!interrupt && modal && entry.layer !== 'modal') return false;
      if (entry.handler.current(input, key)) {
        this.lastLayer = entry.layer;
        return true;
      }
    }
    return false;
  }
}
