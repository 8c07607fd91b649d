// The shell's last line: the keys that work now (the list keys first on a list, the shell's last)
// and the age of the visible screen's first resource, kept current by the frame writer.
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { useStore } from 'zustand';
import { Footer } from '../../components/chrome/Footer.js';
import type { Hint, Keymap } from '../../components/keys/index.js';
import { textWidth } from '../../components/base/text.js';
import type { LiveText } from '../../src/terminal/index.js';
import { useNow } from '../shared/context.js';
import { pollStatusKey, pollStatusText, usePollState } from '../shared/pollState.js';
import type { MountedScreen } from '../shared/types.js';

const LIST_HINTS = ['filter', 'sort', 'detail'];
const LAST_HINTS = ['cmd', 'journal', 'refresh', 'pause', 'quit'];

/** Footer hints: the list keys (on list screens), the screen's own, then the shell's. */
function orderHints(hints: Hint[], list: boolean): Hint[] {
  const rank = (h: Hint) =>
    LIST_HINTS.includes(h.label) ? 0 : LAST_HINTS.includes(h.label) ? 2 + LAST_HINTS.indexOf(h.label) : 1;
  return hints
    .filter((h) => list || !LIST_HINTS.includes(h.label))
    .map((h, i) => ({ h, i }))
    .sort((a, b) => rank(a.h) - rank(b.h) || a.i - b.i)
    .map((x) => x.h);
}

/**
 * Text that changes with time, drawn flush with the right end of `row` (the clock, the data age).
 * With a frame writer it is drawn as of this render and registered with the writer, which keeps
 * it current every second without a render (and asks for one when it no longer fits); without
 * one (tests) it follows the clock's 1 s tick like any other text.
 */
export function useTimeText(
  live: LiveText | undefined,
  id: string,
  row: number,
  width: number,
  text: (now: number) => string,
): string {
  const sessionNow = useNow((t) => (live ? 0 : t));
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const textRef = useRef(text);
  textRef.current = text;
  const drawn = text(live ? Date.now() : sessionNow);
  useLayoutEffect(() => {
    if (!live) return;
    live.setLive(
      id,
      drawn ? { row, col: width - textWidth(drawn), drawn, text: (now) => textRef.current(now), redraw } : undefined,
    );
  });
  useEffect(() => () => live?.setLive(id, undefined), [live, id]);
  return drawn;
}

/**
 * The footer with the age of the visible screen's first resource: its own component, so a poll
 * result renders the footer and the screen, not the whole shell.
 */
export function PollFooter({
  hints,
  width,
  row,
  live,
  resource,
  paused,
}: {
  hints: Hint[];
  width: number;
  row: number;
  live?: LiveText;
  resource?: string;
  paused: boolean;
}) {
  const poll = usePollState(resource, pollStatusKey);
  const pollText = useTimeText(live, 'poll', row, width, (t) => pollStatusText(poll, t, paused));
  return <Footer hints={hints} width={width} right={pollText} />;
}

/**
 * The footer's hints for the visible screen: the keys that work now. A key's disabled reason reads
 * the screen's store (] once a page has loaded), so the hints follow that store, in the same frame
 * as the screen; the list keys only while it shows a list.
 */
export function useScreenHints(keymap: Keymap, mounted: MountedScreen): Hint[] {
  const list = mounted.module.list;
  const listShown = useStore(mounted.store, (st) => (typeof list === 'function' ? list(st) : list === true));
  const hintsNow = useStore(mounted.store, () =>
    keymap
      .hintsFor(mounted.module.id)
      .map((h) => `${h.keys} ${h.label}`)
      .join('\n'),
  );
  /* eslint-disable react-hooks/exhaustive-deps -- hintsNow is the signal that the hints changed */
  return useMemo(
    () => orderHints(keymap.hintsFor(mounted.module.id), listShown),
    [keymap, mounted, listShown, hintsNow],
  );
  /* eslint-enable react-hooks/exhaustive-deps */
}
