// A date or date-time typed by a person (an order's expiry, a DCA's first order, an export's
// range). A time of day without a zone means a different instant on every machine, so it is
// refused with what to add; a plain date is a whole UTC day, as it always was; impossible dates
// (2030-02-30) and times (25:00, 24:00) are refused rather than rolled over into the next day.

export interface TypedTime {
  /** milliseconds since the epoch */
  ms: number;
  /** a plain date (2030-01-31), read as 00:00 UTC of that day */
  dateOnly: boolean;
}

/** A typed date or date-time that cannot be read; the message names the field and the fix. */
export class DateInputError extends Error {}

const LOOKS_LIKE_DATE = /^\d{4}-\d{1,2}-\d{1,2}(?:[T\s]|$)/i;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?)?$/i;
const EXAMPLES = 'such as 2030-01-31, 2030-01-31T10:00Z or 2030-01-31T10:00+01:00';

/** Whether `text` is meant as a date (and so is read by readTypedTime, or refused by it). */
export function looksLikeDate(text: string): boolean {
  return LOOKS_LIKE_DATE.test(text.trim());
}

/**
 * Reads `2030-01-31` (00:00 UTC that day), `2030-01-31T10:00Z`, `2030-01-31T10:00:30.5Z` or
 * `2030-01-31T10:00+01:00` (a space may stand for the T). Throws DateInputError naming `field`
 * for a time without a zone, a date or time that does not exist, or anything else.
 */
export function readTypedTime(text: string, field: string): TypedTime {
  const t = text.trim();
  const m = DATE_TIME.exec(t);
  if (!m) throw new DateInputError(`${field}: "${t.slice(0, 40)}" is not a date or date-time (${EXAMPLES})`);
  const [, y, mo, d, hh, mi, ss, frac, zulu, sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12) throw new DateInputError(`${field}: ${t} has no month ${mo} (01 to 12)`);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) throw new DateInputError(`${field}: ${t} does not exist (${y}-${mo} has ${days} days)`);
  if (hh === undefined) return { ms: Date.UTC(year, month - 1, day), dateOnly: true };
  const hour = Number(hh);
  const minute = Number(mi);
  const second = Number(ss ?? 0);
  if (hour > 23 || minute > 59 || second > 59)
    throw new DateInputError(`${field}: ${t} is not a time of day (00:00 to 23:59:59)`);
  if (!zulu && !sign)
    throw new DateInputError(`${field}: ${t} has no time zone; add Z for UTC or an offset such as +01:00`);
  let offsetMin = 0;
  if (sign) {
    const h = Number(oh);
    const mm = Number(om);
    const most = sign === '-' ? 12 : 14;
    if (h > most || mm > 59 || (h === most && mm > 0))
      throw new DateInputError(`${field}: ${t} has no such zone offset (-12:00 to +14:00)`);
    offsetMin = (sign === '-' ? -1 : 1) * (h * 60 + mm);
  }
  const millis = frac === undefined ? 0 : Number(frac.padEnd(3, '0'));
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMin * 60_000;
  return { ms, dateOnly: false };
}

/** An instant as a person reads it, the zone stated: "2030-01-31 09:00 UTC" (seconds and milliseconds when not 0). */
export function utcWords(ms: number): string {
  const iso = new Date(ms).toISOString();
  const seconds = iso.slice(20, 23) !== '000' ? iso.slice(16, 23) : iso.slice(17, 19) !== '00' ? iso.slice(16, 19) : '';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${seconds} UTC`;
}
