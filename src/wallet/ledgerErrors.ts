// What a Ledger (or the kits in front of it) answered, as one line for the person. The kits wrap
// the device's status word several levels deep; the line depends on it: 6985 the person refused,
// 5515 locked, 6808 blind signing off (the Solana app refuses a transaction it cannot describe
// unless it is on). A problem of the machine rather than the device (libusb missing, no access to
// the device) is a LedgerSetupError: at start it stops the program with exit code 2.
import { sanitize } from '../text/sanitize.js';
import type { DeviceKey } from './keyUrl.js';
import { LedgerSetupError } from './ledgerKits.js';

/** What went wrong with the device, in one line for the person. */
export class LedgerError extends Error {
  constructor(
    message: string,
    readonly reason:
      | 'declined'
      | 'locked'
      | 'no-app'
      | 'wrong-app'
      | 'blind-signing'
      | 'timeout'
      | 'no-device'
      | 'unreachable'
      | 'mismatch'
      | 'device',
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** Every object and code along an error's chain (the kits wrap errors several levels deep). */
function chainOf(err: unknown): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const seen = new Set<unknown>();
  const walk = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || seen.has(e) || depth > 6) return;
    seen.add(e);
    const r = e as Record<string, unknown>;
    out.push(r);
    for (const k of ['originalError', 'error', 'err', 'cause']) walk(r[k], depth + 1);
  };
  walk(err, 0);
  return out;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** One line for what the kits or the device answered. */
export function explainLedgerError(err: unknown, key: DeviceKey): Error {
  if (err instanceof LedgerError || err instanceof LedgerSetupError) return err;
  const chain = chainOf(err);
  const codes = new Set(chain.map((r) => text(r.errorCode).toLowerCase()).filter(Boolean));
  const tags = chain.map((r) => text(r._tag));
  const messages = chain.map((r) => `${text(r.message)} ${text(r.code)}`).join(' ');
  if (codes.has('6985') || codes.has('5501'))
    return new LedgerError('declined on the Ledger; nothing was sent', 'declined');
  if (codes.has('5515') || tags.includes('DeviceLockedError'))
    return new LedgerError(
      'the Ledger is locked: unlock it with its PIN, open the Solana app, and try again',
      'locked',
    );
  if (codes.has('6808'))
    return new LedgerError(
      "blind signing is off in the Ledger's Solana app: turn it on there (Settings, Blind signing) and try again; nothing was sent",
      'blind-signing',
    );
  if (/libusb|ERR_DLOPEN_FAILED/.test(messages))
    return new LedgerSetupError(
      "the Ledger's USB library needs the system's libusb-1.0: install it (Debian and Ubuntu: sudo apt install libusb-1.0-0; Fedora: libusb1) and try again",
    );
  if (/cannot open device|EACCES|permission denied/i.test(messages))
    return new LedgerSetupError(
      "this user may not open the Ledger: add Ledger's udev rules (20-hw1.rules, see docs/live.md), unplug it and plug it in again",
    );
  if (tags.includes('NoAccessibleDeviceError'))
    return new LedgerError(
      'no Ledger found over USB: plug it in, unlock it and open the Solana app, then try again',
      'no-device',
    );
  if (key.transport === 'speculos' && /fetch failed|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET/.test(messages))
    return new LedgerError(`no Speculos answers at ${key.endpoint} (is it running?)`, 'unreachable');
  const code = [...codes][0];
  const what = sanitize(
    chain
      .map((r) => text(r.message))
      .filter(Boolean)
      .join(': ')
      .slice(0, 160),
  );
  return new LedgerError(
    `the Ledger answered with an error${code ? ` (${code})` : ''}: ${what || 'unknown'}`,
    'device',
  );
}
