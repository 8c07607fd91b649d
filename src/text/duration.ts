// Durations as a person types and reads them, in one place: the typed form ("7d", "1h", "90m";
// what each field accepts is its own rule, the grammar is this one), and the forms they are shown
// in: an age in its largest unit ("2m"), time left to its last unit ("6d 23h"), a window as typed
// ("90m"), and words for sentences ("1 hour 30 minutes"). Pure functions, no I/O.
import { MISSING, plural } from './format.js';

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800, y: 31_536_000 } as const;
type Unit = keyof typeof UNIT_SECONDS;

/** What a field accepts beside a count and its unit (`7d`, `1h`, `30 m`). */
export interface DurationRules {
  /** the unit letters it takes (default `smhdw`; `y` is 365 days) */
  units?: string;
  /** a plain number is that many seconds (a form field whose hint says so); otherwise it is refused */
  bareSeconds?: boolean;
  /** 0 is a duration (a field where it means "none"); otherwise it is refused */
  zero?: boolean;
}

const DURATION = /^(\d+)\s*([a-z]?)$/;

/**
 * A typed duration in seconds: "90m", "1h", "7d", "2w", "30s" (a space may come before the unit,
 * the unit's case does not matter); undefined when it is not one by `rules`.
 */
export function parseDuration(text: string, rules: DurationRules = {}): number | undefined {
  const m = DURATION.exec(text.trim().toLowerCase());
  if (!m) return undefined;
  const n = Number(m[1]);
  // the pattern's unit group always takes part (it may match nothing)
  const unit = m[2] ?? '';
  if (unit === '' ? !rules.bareSeconds : !(rules.units ?? 'smhdw').includes(unit)) return undefined;
  if (n === 0 && !rules.zero) return undefined;
  return n * (unit === '' ? 1 : UNIT_SECONDS[unit as Unit]);
}

/** An age in the largest whole unit: 3400 -> "3s", 125000 -> "2m", 3.7e6 -> "1h", 2 days -> "2d". */
export function formatAge(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return MISSING;
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

/**
 * Time left, compact and rounded to the nearest of its last unit: "7d" (not "6d" two seconds after
 * a 7-day expiry was set), "6d 23h", "23h", "9h 59m", "45m", "30s". At most 6 characters.
 */
export function untilText(ms: number): string {
  const s = Math.max(0, ms / 1000);
  if (s < 59.5) return `${Math.ceil(s)}s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 600) return minutes % 60 === 0 ? `${minutes / 60}h` : `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
  const hours = Math.round(s / 3600);
  if (hours < 24) return `${hours}h`;
  return hours % 24 === 0 ? `${hours / 24}d` : `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** A duration as it would be typed, in its largest exact unit: 3 600 000 -> "1h", 90 min -> "90m". */
export function typedDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm'] as const) {
    const size = UNIT_SECONDS[unit] * 1000;
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${Math.round(ms / 1000)}s`;
}

const DURATION_WORDS: Array<[number, string]> = [
  [UNIT_SECONDS.y, 'year'],
  [UNIT_SECONDS.w, 'week'],
  [UNIT_SECONDS.d, 'day'],
  [UNIT_SECONDS.h, 'hour'],
  [UNIT_SECONDS.m, 'minute'],
  [UNIT_SECONDS.s, 'second'],
];

/**
 * Seconds in words with at most two units: 3600 -> "1 hour", 5400 -> "1 hour 30 minutes" (the
 * long form of formatAge, for sentences such as a DCA schedule).
 */
export function durationWords(seconds: number): string {
  let left = Math.max(0, Math.round(seconds));
  if (left === 0) return '0 seconds';
  const parts: string[] = [];
  for (const [size, word] of DURATION_WORDS) {
    if (left >= size && parts.length < 2) {
      const n = Math.floor(left / size);
      left -= n * size;
      parts.push(plural(n, word));
    } else if (parts.length > 0) break;
  }
  return parts.join(' ');
}
