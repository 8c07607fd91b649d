// The first screen's requests, sent at start-up before the UI (Ink, React, the screens) has
// loaded: no React in here. startFirstRequests() applies each answer to the screen's store as it
// comes, so the first frame already shows data; when the resource then registers (polling.tsx),
// the scheduler's first fetch takes that answer (takeEarlyAnswer) instead of asking again.
import type { ScreenContext, ScreenResource } from '../shared/types.js';

interface Early {
  answer: Promise<unknown>;
}
const early = new Map<string, Early>();
/** answers already applied at start-up: the scheduler's onData of the same answer does nothing */
const appliedEarly = new WeakSet<object>();

export const resourceKey = (screen: string, r: ScreenResource<unknown>, params: unknown) =>
  `${screen}/${r.id}/${r.key(params)}`;

/**
 * Sends the requests of a screen's resources now (start-up, before the UI has loaded) and applies
 * each answer to the screen's store as it comes; resolves when every one is settled. A failure is
 * left to the scheduler, which asks again when the resource registers.
 */
export function startFirstRequests(
  screen: string,
  resources: readonly ScreenResource<unknown>[],
  ctx: ScreenContext<unknown>,
): Promise<void> {
  const all: Array<Promise<unknown>> = [];
  for (const r of resources) {
    const p = r.params(ctx);
    if (p === undefined) continue;
    const key = resourceKey(screen, r, p);
    const entry: Early = { answer: Promise.resolve() };
    entry.answer = r.fetch(p, new AbortController().signal, ctx).then((data) => {
      if (early.get(key) !== entry) return data;
      r.apply(p, data, Date.now(), ctx);
      if (typeof data === 'object' && data !== null) appliedEarly.add(data);
      return data;
    });
    entry.answer.catch(() => early.delete(key));
    early.set(key, entry);
    all.push(entry.answer);
  }
  return Promise.allSettled(all).then(() => {});
}

/** The answer to the request sent at start-up for `key`, once (then undefined). */
export function takeEarlyAnswer(key: string): Promise<unknown> | undefined {
  const first = early.get(key);
  early.delete(key);
  return first?.answer;
}

/** Whether `data` is an answer startFirstRequests already applied (once: then it is forgotten). */
export function appliedAtStart(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || !appliedEarly.has(data)) return false;
  appliedEarly.delete(data);
  return true;
}
