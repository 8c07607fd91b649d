// The wallet a headless account command shows: ADDRESS, else --address, else in demo and paper
// mode the state directory's own key (the one the dashboard and the signing commands use there:
// never a key file of the person's), else the key's address (a key file's, or read from the Ledger a
// keypair URL names). In demo mode a wallet is funded in the simulator the first time it is seen.
// `tradedeck wallet` says which wallet signs, and with --verify has the Ledger show its address for
// the person to compare.
import type { HeadlessServices } from './print.js';
import type { Config } from '../config/config.js';
import type { CommandRun, OptionsOf } from '../commands/registry.js';
import type { DeviceKey } from '../wallet/keyUrl.js';
import type { LedgerWallet } from '../wallet/ledger.js';
import { isAddress } from '../chain/base58.js';
import { CommandError, clean, fitText, printJson, printTable } from './print.js';

export interface HeadlessWallet {
  address: string;
  /** where the address came from */
  source: 'argument' | 'address' | 'keypair' | 'ledger' | 'demo' | 'paper';
}

/** The Ledger a keypair URL names, its address read; a device that cannot be used is a usage error (exit 2). */
async function openDevice(key: DeviceKey): Promise<LedgerWallet> {
  const { openLedgerWallet, LedgerError, LedgerSetupError } = await import('../wallet/ledger.js');
  try {
    return await openLedgerWallet(key);
  } catch (e) {
    if (e instanceof LedgerError || e instanceof LedgerSetupError)
      throw new CommandError(`${key.text}: ${e.message}`, 2);
    throw e;
  }
}

/** ADDRESS as given on the command line, refused (exit 2) unless it is a base58 address. */
export function checkAddressArgument(text: string): string {
  if (!isAddress(text))
    throw new CommandError(`ADDRESS: must be a base58 wallet address of 32 bytes (got "${clean(text, 60)}")`, 2);
  return text;
}

export async function resolveWallet(
  services: HeadlessServices,
  config: Config,
  argument?: string,
): Promise<HeadlessWallet> {
  const wallet = await chooseWallet(services, config, argument);
  if (wallet.source === 'paper' && services.sim) {
    const { openPaperAccount } = await import('../services/paperAccount.js');
    await openPaperAccount(config.stateDir, services.sim, wallet.address, config.paperBalance);
  } else if (services.sim && services.mode === 'demo' && !services.sim.isFunded(wallet.address))
    services.sim.fund(wallet.address);
  return wallet;
}

async function chooseWallet(services: HeadlessServices, config: Config, argument?: string): Promise<HeadlessWallet> {
  if (argument !== undefined) return { address: checkAddressArgument(argument), source: 'argument' };
  // paper mode: the paper account, never the person's key file
  if (services.mode === 'paper')
    return {
      address: await (await import('../services/paperAccount.js')).paperAddress(config.stateDir),
      source: 'paper',
    };
  if (config.address) return { address: config.address, source: 'address' };
  if (services.mode === 'demo')
    return {
      address: await (await import('../services/demoAccount.js')).stateKeyAddress(config.stateDir),
      source: 'demo',
    };
  if (config.keypairDevice) return { address: (await openDevice(config.keypairDevice)).address, source: 'ledger' };
  if (!config.keypairPath) throw new CommandError('no wallet: pass an ADDRESS or --address', 2);
  const { loadKeypairFile, KeyFileError } = await import('../wallet/keypair.js');
  try {
    const wallet = await loadKeypairFile(config.keypairPath, { allowInsecure: config.allowInsecureKeyfile });
    return { address: wallet.address, source: 'keypair' };
  } catch (e) {
    if (!(e instanceof KeyFileError)) throw e;
    throw new CommandError(`no wallet: ${e.message}; pass an ADDRESS or --address`, 2);
  }
}

/** The line above a table that names the wallet shown. */
export function walletLine(wallet: HeadlessWallet): string {
  return fitText(
    `wallet ${wallet.address}${wallet.source === 'demo' ? ' (demo wallet)' : wallet.source === 'paper' ? ' (paper wallet: nothing real)' : wallet.source === 'ledger' ? ' (Ledger)' : ''}`,
  );
}

/**
 * `tradedeck wallet`: the address that signs and what holds its key. --verify (a Ledger only) shows
 * the address on the device and waits for the person to approve it there: exit 1 when rejected.
 */
export async function walletCommand(
  services: HeadlessServices,
  c: Pick<CommandRun, 'config'> & { opts: OptionsOf<'wallet'> },
): Promise<string> {
  const { config, opts } = c;
  let doc: { address: string; key: string; verified?: true };
  if (config.keypairDevice && services.mode !== 'paper') {
    const key = config.keypairDevice;
    const device = await openDevice(key);
    const { signerName } = await import('../wallet/keyUrl.js');
    doc = { address: device.address, key: `${signerName(key)} (${key.text})` };
    if (opts.verify === true) {
      const { LedgerError } = await import('../wallet/ledger.js');
      try {
        await device.verifyAddress({ onStatus: (text) => process.stderr.write(`${clean(text, 300)}\n`) });
      } catch (e) {
        if (e instanceof LedgerError) throw new CommandError(e.message, e.reason === 'declined' ? 1 : 2);
        throw e;
      }
      doc.verified = true;
    }
    if (services.sim && services.mode === 'demo' && !services.sim.isFunded(device.address))
      services.sim.fund(device.address);
  } else {
    if (opts.verify === true)
      throw new CommandError(
        '--verify: shows the address on a Ledger (--keypair usb://ledger); this wallet has no device to show it on',
        2,
      );
    const w = await resolveWallet(services, config);
    const key =
      w.source === 'address'
        ? 'watch-only: no key, nothing is signed'
        : w.source === 'demo'
          ? 'demo key in the state directory (funded in the simulator)'
          : w.source === 'paper'
            ? 'paper key in the state directory (nothing real)'
            : `key file ${config.keypairPath}`;
    doc = { address: w.address, key };
  }
  if (opts.json) return printJson(doc, opts.indent);
  return printTable(
    ['FIELD', 'VALUE'],
    [
      ['address', doc.address],
      ['key', doc.key],
      ...(doc.verified ? [['verified', 'shown on the Ledger and approved there']] : []),
    ],
  );
}
