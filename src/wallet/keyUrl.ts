// The keypair setting's device forms, read the way the Solana CLI reads a keypair URL:
//   usb://ledger                    the key at 44'/501' (what `solana-keygen pubkey usb://ledger` shows)
//   usb://ledger?key=N              44'/501'/N'
//   usb://ledger?key=N/M            44'/501'/N'/M'
//   usb://ledger/WALLET_ID?key=...  the same, on the Ledger whose 44'/501' key is WALLET_ID
//   speculos://HOST:PORT[?key=...]  the Speculos emulator's REST API (developers, demos, tests)
// Every index is hardened (Solana keys are Ed25519: SLIP-0010 derives hardened indexes only).
// Anything else is a key file's path.
import { isAddress } from '../chain/base58.js';

export interface DeviceKey {
  transport: 'usb' | 'speculos';
  /** the URL as the person wrote it (after trimming): said back in `config` and messages */
  text: string;
  /** speculos: its REST API's base URL (http://HOST:PORT) */
  endpoint?: string;
  /** usb://ledger/WALLET_ID: the device's 44'/501' address that must match */
  walletId?: string;
  /** the derivation path's indexes, without the hardened bit: [44, 501, 0] */
  path: number[];
  /** 44'/501'/0' */
  pathText: string;
}

export class KeyUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyUrlError';
  }
}

const HARDENED_MAX = 0x7fffffff;

/** True when the keypair setting names a device rather than a file (usb://, speculos://). */
export function isDeviceKeyText(text: string): boolean {
  return /^(usb|speculos):\/\//i.test(text.trim());
}

function keyPath(query: string): number[] {
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  const unknown = names.find((n) => n !== 'key');
  if (unknown !== undefined)
    throw new KeyUrlError(`unknown parameter "${unknown.slice(0, 20)}" (the only one is key=ACCOUNT[/CHANGE])`);
  if (params.getAll('key').length > 1) throw new KeyUrlError('the key parameter is given twice');
  const key = params.get('key');
  if (key === null) return [44, 501];
  const parts = key.split('/');
  const indexes = parts.map((p) => (/^\d{1,10}'?$/.test(p) ? Number(p.replace("'", '')) : NaN));
  if (parts.length > 2 || indexes.some((n) => !Number.isInteger(n) || n > HARDENED_MAX))
    throw new KeyUrlError(
      `the key parameter must be ACCOUNT or ACCOUNT/CHANGE, whole numbers from 0 to ${HARDENED_MAX} (got "${key.slice(0, 30)}")`,
    );
  return [44, 501, ...indexes];
}

/** The device a keypair URL names; throws KeyUrlError saying what is wrong with it. */
export function parseDeviceKey(raw: string): DeviceKey {
  const text = raw.trim();
  const m = /^(usb|speculos):\/\/([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/i.exec(text);
  if (!m)
    throw new KeyUrlError(
      `"${text.slice(0, 80)}" is not a keypair URL: usb://ledger, usb://ledger/WALLET_ID or speculos://HOST:PORT, each with an optional key=ACCOUNT[/CHANGE] parameter`,
    );
  // the pattern's first two groups always take part in a match
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!;
  const rest = m[3] ?? '';
  const path = keyPath(m[4]?.slice(1) ?? '');
  const pathText = path.map((n) => `${n}'`).join('/');
  if (scheme === 'usb') {
    if (host.toLowerCase() !== 'ledger')
      throw new KeyUrlError(`only Ledger devices are supported: usb://ledger (got usb://${host.slice(0, 30)})`);
    let walletId: string | undefined;
    if (rest !== '' && rest !== '/') {
      walletId = rest.slice(1);
      if (!isAddress(walletId))
        throw new KeyUrlError(`the wallet id after usb://ledger/ must be the Ledger's base58 address`);
    }
    return { transport: 'usb', text, ...(walletId ? { walletId } : {}), path, pathText };
  }
  if (rest !== '' && rest !== '/') throw new KeyUrlError('speculos://HOST:PORT takes no path');
  const hp = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(host);
  if (!hp || Number(hp[2]) < 1 || Number(hp[2]) > 65535)
    throw new KeyUrlError('speculos:// needs HOST:PORT of the Speculos REST API (e.g. speculos://127.0.0.1:5000)');
  const endpoint = `http://${hp[1]}:${Number(hp[2])}`;
  return { transport: 'speculos', text, endpoint, path, pathText };
}

/** How a device key is named in `config`, the journal and messages: "ledger 44'/501'/0'". */
export function signerName(key: DeviceKey): string {
  return `${key.transport === 'usb' ? 'ledger' : 'speculos'} ${key.pathText}`;
}
