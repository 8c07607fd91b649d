// A horizontal bar for a fraction (e.g. a recurring order's completed cycles).

/** `width` columns of █ (done) and ░ (to do); the fraction is clamped to 0..1. */
export function progressBar(fraction: number, width: number): string {
  if (width <= 0) return '';
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  // floor: the bar is full only when the work is
  const done = Math.floor(f * width);
  return '█'.repeat(done) + '░'.repeat(width - done);
}
