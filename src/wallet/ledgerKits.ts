// Ledger's Device Management Kit, loaded only when a keypair URL names a device. The kits (about
// 130 MB with node-hid and usb) are not part of tradedeck's package: the person installs them
// beside it, at exactly the versions below (the versions tradedeck is tested with; a newer kit may
// talk to Ledger's servers in ways these settings do not turn off). They are loaded through their
// CommonJS builds with createRequire (their ES module build uses directory imports, which Node 20
// refuses), from tradedeck's own folder (an install in a project, a checkout) or else from npm's
// global folder (a global install, where tradedeck may be a link to a folder elsewhere).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as DmkModule from '@ledgerhq/device-management-kit';
import type * as SolanaSignerModule from '@ledgerhq/device-signer-kit-solana';
import type * as NodeHidModule from '@ledgerhq/device-transport-kit-node-hid';
import type * as SpeculosModule from '@ledgerhq/device-transport-kit-speculos';
import type * as RxModule from 'rxjs';
import type { DeviceKey } from './keyUrl.js';

/** Each kit at the version tradedeck runs it at; `for` a transport, only when that transport is asked for. */
export const LEDGER_KITS = [
  { name: '@ledgerhq/device-management-kit', version: '1.10.0' },
  { name: '@ledgerhq/device-signer-kit-solana', version: '1.13.0' },
  { name: 'rxjs', version: '7.8.2' },
  { name: '@ledgerhq/device-transport-kit-node-hid', version: '1.0.1', for: 'usb' },
  { name: '@ledgerhq/device-transport-kit-speculos', version: '1.2.1', for: 'speculos' },
] as const;

export interface LedgerKits {
  dmk: typeof DmkModule;
  solana: typeof SolanaSignerModule;
  rx: typeof RxModule;
  /** the transport asked for */
  transport: { usb: typeof NodeHidModule; speculos?: undefined } | { speculos: typeof SpeculosModule; usb?: undefined };
  /** where they were found */
  from: string;
  /** the `usb` package the node-hid transport listens to devices with (usb:// only) */
  usbModule?: { usb: { removeAllListeners(event?: string): void; unrefHotplugEvents(): void } };
}

/** A Ledger cannot be used as configured; the message is one line saying what to do. Exit code 2. */
export class LedgerSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerSetupError';
  }
}

function kitsFor(transport: DeviceKey['transport']) {
  return LEDGER_KITS.filter((k) => !('for' in k) || k.for === transport);
}

/** Where npm's global packages are: from the prefix npm would use, without running npm. */
function globalRoots(env: NodeJS.ProcessEnv): string[] {
  const prefixes: string[] = [];
  for (const p of [env.npm_config_prefix, env.NPM_CONFIG_PREFIX]) if (p) prefixes.push(p);
  try {
    const rc = readFileSync(env.NPM_CONFIG_USERCONFIG || join(homedir(), '.npmrc'), 'utf8');
    const m = /^\s*prefix\s*=\s*(.+?)\s*$/m.exec(rc);
    if (m) prefixes.push(m[1]!.replace(/^~(?=\/|$)/, homedir()).replace(/\$\{HOME\}/g, homedir()));
  } catch {
    // no user npmrc
  }
  // node's own prefix: /usr for /usr/bin/node, ~/.nvm/versions/node/v20.x for nvm's
  prefixes.push(dirname(dirname(process.execPath)));
  const roots = prefixes.map((p) =>
    process.platform === 'win32' ? join(resolve(p), 'node_modules') : join(resolve(p), 'lib', 'node_modules'),
  );
  return [...new Set(roots)];
}

/** The folders a kit may be resolved from, in order: tradedeck's own, then npm's global ones. */
function searchBases(env: NodeJS.ProcessEnv): { own: string; globals: string[] } {
  // the running script's folder (dist/ as installed; src/wallet under the tests)
  const own = dirname(fileURLToPath(import.meta.url));
  return { own, globals: globalRoots(env).filter((g) => existsSync(g)) };
}

/** The package.json above a resolved file that belongs to `name`. */
function versionOf(resolved: string, name: string): string | undefined {
  let dir = dirname(resolved);
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name) return pkg.version;
      } catch {
        // not readable: keep looking up
      }
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * The command that installs the kits where tradedeck finds them: beside it in a project that has
 * tradedeck in its node_modules, else in npm's global folder (a global install, a link, a checkout).
 */
export function installCommand(transport: DeviceKey['transport'], env: NodeJS.ProcessEnv = process.env): string {
  const { own } = searchBases(env);
  const inGlobal = globalRoots(env).some((g) => own.startsWith(g + sep));
  const inProject = !inGlobal && own.includes(`${sep}node_modules${sep}`);
  const list = kitsFor(transport)
    .map((k) => `${k.name}@${k.version}`)
    .join(' ');
  return `npm install ${inProject ? '' : '-g '}${list}`;
}

/**
 * Loads the kits a device key needs, or throws LedgerSetupError saying what to install. Nothing of
 * the kits is loaded before this is called.
 */
export function loadLedgerKits(key: DeviceKey, env: NodeJS.ProcessEnv = process.env): LedgerKits {
  const wanted = kitsFor(key.transport);
  const { own, globals } = searchBases(env);
  // the first folder that has the Device Management Kit holds them all: one tree, one copy of each
  let req: NodeJS.Require | undefined;
  let from = '';
  for (const base of [own, ...globals]) {
    const r = createRequire(join(base, 'noop.js'));
    try {
      // the first kit (the Device Management Kit) is wanted for every transport
      r.resolve(wanted[0]!.name);
      req = r;
      from = base;
      break;
    } catch {
      // not here
    }
  }
  const install = installCommand(key.transport, env);
  if (req === undefined)
    throw new LedgerSetupError(
      `needs Ledger's device kits, which are not installed (about 130 MB, kept out of tradedeck's package): ${install}`,
    );
  const missing: string[] = [];
  const wrong: string[] = [];
  for (const kit of wanted) {
    let path: string;
    try {
      path = req.resolve(kit.name);
    } catch {
      missing.push(kit.name);
      continue;
    }
    const version = versionOf(path, kit.name);
    if (version !== kit.version) wrong.push(`${kit.name} ${version ?? '(unknown version)'}`);
  }
  if (missing.length)
    throw new LedgerSetupError(`needs ${missing.join(', ')} beside the other Ledger kits in ${from}: ${install}`);
  if (wrong.length)
    throw new LedgerSetupError(
      `found ${wrong.join(', ')} in ${from}; tradedeck runs the Ledger kits at exactly these versions: ${install}`,
    );
  const load = <T>(name: string): T => req(name) as T;
  const kits: Omit<LedgerKits, 'transport'> = {
    dmk: load('@ledgerhq/device-management-kit'),
    solana: load('@ledgerhq/device-signer-kit-solana'),
    rx: load('rxjs'),
    from,
  };
  if (key.transport === 'speculos')
    return { ...kits, transport: { speculos: load('@ledgerhq/device-transport-kit-speculos') } };
  const usb = load<typeof NodeHidModule>('@ledgerhq/device-transport-kit-node-hid');
  // the `usb` package that transport listens to hot-plug events with, from the transport's own folder
  const usbModule = createRequire(req.resolve('@ledgerhq/device-transport-kit-node-hid'))(
    'usb',
  ) as LedgerKits['usbModule'];
  return { ...kits, transport: { usb }, usbModule };
}
