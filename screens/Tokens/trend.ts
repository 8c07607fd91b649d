// The trend column's points: the prices seen this session, and while there are fewer of them than
// the column is wide, a lead-in drawn from the service's interval stats (the price 24h, 6h, 1h and
// 5m ago, from each window's priceChange), evenly spaced, so the shape shows from the first refresh.
import type { Token } from '../../src/api/types.js';

const WINDOWS = ['stats24h', 'stats6h', 'stats1h', 'stats5m'] as const;

/** The price at the start of each window the record carries, oldest first, then the price now. */
export function statsAnchors(token: Token | undefined): number[] {
  const now = token?.usdPrice;
  if (typeof now !== 'number' || !Number.isFinite(now) || now <= 0) return [];
  const out: number[] = [];
  for (const w of WINDOWS) {
    const change = token?.[w]?.priceChange;
    if (typeof change === 'number' && Number.isFinite(change) && change > -100) out.push(now / (1 + change / 100));
  }
  return out.length ? [...out, now] : [];
}

/** `count` points along the anchors (linear between neighbours), ending at the last anchor. */
export function along(anchors: readonly number[], count: number): number[] {
  if (count <= 0 || anchors.length === 0) return [];
  // anchors is not empty (checked above), and k below stays within 0..length-2
  if (anchors.length === 1 || count === 1) return Array.from({ length: count }, () => anchors[anchors.length - 1]!);
  return Array.from({ length: count }, (_, i) => {
    const x = (i / (count - 1)) * (anchors.length - 1);
    const k = Math.min(anchors.length - 2, Math.floor(x));
    const f = x - k;
    return anchors[k]! + (anchors[k + 1]! - anchors[k]!) * f;
  });
}

/** The points the trend column draws in `width` cells. */
export function trendValues(history: readonly number[], token: Token | undefined, width: number): readonly number[] {
  if (history.length >= width) return history.slice(-width);
  const anchors = statsAnchors(token);
  if (anchors.length === 0) return history;
  // the lead-in ends where the session's first price stands, so the two parts join
  const scale = history.length ? history[0]! / anchors[anchors.length - 1]! : 1;
  const lead = along(
    anchors.map((a) => a * scale),
    width - history.length + (history.length ? 1 : 0),
  );
  return [...(history.length ? lead.slice(0, -1) : lead), ...history];
}
