// The app's single useInput, and the hook through which every component receives keys.
import { useInput, useStdin, type Key } from 'ink';
import React, { createContext, useCallback, useContext, useLayoutEffect, useRef, useState } from 'react';
import { KeyDispatcher, type KeyHandler, type KeyLayer } from './dispatcher.js';

const RouterContext = createContext<KeyDispatcher | null>(null);

/** Routers whose queue still holds keys waiting for the previous key's render. */
let draining = 0;

/** Whether some keys that arrived are not yet dispatched (they wait for a render to commit). */
export function keysPending(): boolean {
  return draining > 0;
}

export interface KeyRouterProviderProps {
  children?: React.ReactNode;
  /** a dispatcher to use instead of a fresh one (tests, or an app that dispatches synthetic keys) */
  dispatcher?: KeyDispatcher;
}

/** Owns the one `useInput` of the app and routes each key through the layer stack. */
export function KeyRouterProvider({ children, dispatcher }: KeyRouterProviderProps) {
  const [router] = useState(() => dispatcher ?? new KeyDispatcher());
  const queue = useRef<Array<[string, Key]>>([]);
  const busy = useRef(false);
  const onInput = useCallback(
    (input: string, key: Key) => {
      queue.current.push(...splitBurst(input, key));
      if (busy.current) return;
      busy.current = true;
      draining++;
      // A key goes at once; any key after it (the rest of a burst, or the next event Ink emits in
      // the same tick) waits until React has rendered and committed what the key changed, so a key
      // that opens or closes a field (`/`, `:`, Esc) has its input layer in place before the next
      // arrives. React schedules that render from a microtask queued during the dispatch, as a
      // scheduler task on the check phase (setImmediate); the next key is queued behind it, and once
      // more behind the passive effects that commit schedules. A timer is not enough: a due timer can
      // run before the check phase.
      // A run of plain characters after a key a text field took goes to the field as one paste (one
      // render instead of one per character: a long paste stays quick); a run nobody takes as a
      // whole is handed on key by key.
      const step = () => {
        const next = queue.current.shift();
        if (!next) {
          busy.current = false;
          draining--;
          return;
        }
        try {
          let handled = false;
          if (
            router.lastLayer === 'input' &&
            isPlainChar(next) &&
            queue.current.length > 0 &&
            isPlainChar(queue.current[0]!)
          ) {
            let run = next[0];
            while (queue.current.length > 0 && isPlainChar(queue.current[0]!)) run += queue.current.shift()![0];
            handled = router.dispatch(run, { ...next[1], shift: false });
            if (!handled) queue.current.unshift(...splitBurst(run, { ...next[1], shift: false }).slice(1));
          }
          if (!handled) router.dispatch(next[0], next[1]);
        } catch (err) {
          queue.current.length = 0;
          busy.current = false;
          draining--;
          throw err;
        }
        queueMicrotask(() => setImmediate(() => setImmediate(step)));
      };
      step();
    },
    [router],
  );
  useInputGuard();
  useInput(onInput);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

const NOT_PLAIN: ReadonlyArray<keyof Key> = [
  'ctrl',
  'meta',
  'escape',
  'return',
  'tab',
  'backspace',
  'delete',
  'upArrow',
  'downArrow',
  'leftArrow',
  'rightArrow',
  'pageUp',
  'pageDown',
];

/** One printable character with no modifier (what splitBurst makes of the letters of a paste). */
function isPlainChar([input, key]: [string, Key]): boolean {
  return Array.from(input).length === 1 && input >= ' ' && input !== '\u007f' && !NOT_PLAIN.some((k) => key[k]);
}

// Final bytes of the CSI sequences that are keys (arrows, Home/End, F1-F4, Shift-Tab, `~` keys,
// rxvt shifted arrows, kitty `u`). Anything else after ESC [ is not a key: a pasted colour code,
// a focus report, a stray terminal reply.
const KEY_FINALS = 'ABCDEFGHPQRSZabcde~u';
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CSI = /^(?:\u001b+\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*([\u0040-\u007e])$/;
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const SS3_WITH_MODIFIER = /^\u001b+O[0-9;]+([\u0040-\u007e])$/;

/** An escape sequence Ink would hand on as a key although it is none (and may throw on). */
export function isNotAKey(data: string): boolean {
  const csi = CSI.exec(data) ?? SS3_WITH_MODIFIER.exec(data);
  // both patterns capture the final byte as their first group
  return csi !== null && !KEY_FINALS.includes(csi[1]!);
}

/**
 * Input events are screened before Ink's input hook sees them: escape sequences that are not keys
 * are dropped (Ink 6 throws on some, e.g. a pasted `ESC [31m`, which would end the program), and
 * an escape sequence Ink still fails on is dropped rather than allowed to crash the dashboard.
 */
function useInputGuard(): void {
  const { internal_eventEmitter: events } = useStdin();
  useLayoutEffect(() => {
    if (!events) return;
    const emit = events.emit;
    events.emit = function guarded(this: typeof events, name: string | symbol, ...args: unknown[]): boolean {
      const data = args[0];
      if (name !== 'input' || typeof data !== 'string') return emit.call(this, name, ...args);
      if (isNotAKey(data)) return false;
      if (!data.startsWith('\u001b') && !data.startsWith('\u009b')) return emit.call(this, name, ...args);
      try {
        return emit.call(this, name, ...args);
      } catch {
        return false;
      }
    };
    return () => {
      events.emit = emit;
    };
  }, [events]);
}

/**
 * Keys that arrive in one chunk (typed faster than they are read, as over a slow ssh link, or a
 * paste) are split into single keys: Tab, Enter, Backspace and Ctrl-letters inside the run become
 * those keys. A chunk holding an escape sequence (arrows, function keys) is kept as Ink parsed it.
 */
export function splitBurst(input: string, key: Key): Array<[string, Key]> {
  // Esc typed just before another key arrives as one read, which Ink reads as Alt+key: tradedeck
  // binds no Alt keys, so it is the Esc the person pressed, then the key.
  if (key.meta && !key.ctrl && !key.escape && Array.from(input).length === 1 && input >= ' ' && input !== '\u007f') {
    // every flag of the key off (the spread of `key` keeps the type: it has the same names), then Esc
    const esc: Key = { ...key, ...Object.fromEntries(Object.keys(key).map((k) => [k, false])), escape: true };
    return [
      ['', esc],
      [input, { ...key, meta: false, shift: input !== input.toLowerCase() }],
    ];
  }
  const chars = Array.from(input);
  if (chars.length <= 1 || key.ctrl || key.meta || input.includes('\u001b')) return [[input, key]];
  return chars.map((ch): [string, Key] => {
    const plain: Key = {
      ...key,
      return: false,
      tab: false,
      backspace: false,
      delete: false,
      ctrl: false,
      shift: false,
    };
    if (ch === '\r' || ch === '\n') return ['', { ...plain, return: true }];
    if (ch === '\t') return ['', { ...plain, tab: true }];
    if (ch === '\u007f' || ch === '\b') return ['', { ...plain, delete: true }];
    const code = ch.charCodeAt(0);
    if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ...plain, ctrl: true }];
    return [ch, { ...plain, shift: ch !== ch.toLowerCase() }];
  });
}

/**
 * Receives keys in `layer` while `active`: the handler returns true when it consumed the key.
 * Mount order is taken at first render (parents render before children), so a component nested
 * inside a screen is tried before the screen's own handler in the same layer. Registration happens
 * in the commit, so a key arriving right after a render reaches the new layer; becoming active
 * again counts as mounting anew (it moves to the top of its layer).
 */
export function useKeyLayer(layer: KeyLayer, handler: KeyHandler, active = true): void {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useKeyLayer must be used inside <KeyRouterProvider>');
  const ref = useRef(handler);
  const [mountSeq] = useState(() => router.nextSeq());
  const registered = useRef(false);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useLayoutEffect(() => {
    if (!active) return;
    const seq = registered.current ? router.nextSeq() : mountSeq;
    registered.current = true;
    return router.register(layer, ref, seq);
  }, [router, layer, active, mountSeq]);
}
