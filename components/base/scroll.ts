// Scrolling a list of pre-rendered lines with the navigation keys.

/** The largest useful first-line index. */
export function maxOffset(total: number, height: number): number {
  return Math.max(0, total - Math.max(0, height));
}

/**
 * The new first visible line for a key: j/down, k/up, pagedown/space, pageup, g/home, G/end.
 * Returns undefined when the key is not a scroll key.
 */
export function scrollByKey(name: string, offset: number, total: number, height: number): number | undefined {
  const page = Math.max(1, height - 1);
  const last = maxOffset(total, height);
  const clamp = (v: number) => Math.min(last, Math.max(0, v));
  switch (name) {
    case 'j':
    case 'down':
      return clamp(offset + 1);
    case 'k':
    case 'up':
      return clamp(offset - 1);
    case 'pagedown':
    case 'space':
    case 'ctrl+d':
      return clamp(offset + page);
    case 'pageup':
    case 'ctrl+u':
      return clamp(offset - page);
    case 'g':
    case 'home':
      return 0;
    case 'G':
    case 'end':
      return last;
    default:
      return undefined;
  }
}
