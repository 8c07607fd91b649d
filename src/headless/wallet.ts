// The wallet a headless account command shows: ADDRESS, else --address, else the key file's
// address, else (demo mode only) the demo key's wallet, the one the dashboard and the demo signing
// commands use. In demo mode a wallet is funded in the simulator the first time it is seen.
import type { HeadlessServices } from './print.js';
import type { Config } from '../config.js';
import { isAddress } from '../api/base58.js';
import { CommandError, clean, fitText } from './print.js';

export interface HeadlessWallet {
  address: string;
  /** where the address came from */
  source: 'argument' | 'address' | 'keypair' | 'demo' | 'paper';
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
    const { openPaperAccount } = await import('../paper.js');
    await openPaperAccount(config.stateDir, services.sim, wallet.address, config.paperBalance);
  } else if (services.sim && services.mode === 'demo' && !services.sim.isFunded(wallet.address))
    services.sim.fund(wallet.address);
  return wallet;
}

async function chooseWallet(services: HeadlessServices, config: Config, argument?: string): Promise<HeadlessWallet> {
  if (argument !== undefined) return { address: checkAddressArgument(argument), source: 'argument' };
  // paper mode: the paper account, never the person's key file
  if (services.mode === 'paper')
    return { address: await (await import('../paper.js')).paperAddress(config.stateDir), source: 'paper' };
  if (config.address) return { address: config.address, source: 'address' };
  if (config.keypairPath) {
    const { loadKeypairFile, KeyFileError } = await import('../wallet/keypair.js');
    try {
      const wallet = await loadKeypairFile(config.keypairPath, { allowInsecure: config.allowInsecureKeyfile });
      return { address: wallet.address, source: 'keypair' };
    } catch (e) {
      if (!(e instanceof KeyFileError)) throw e;
      const missing = /not found/.test(e.message);
      if (!(services.mode === 'demo' && config.keypairIsDefault && missing)) {
        throw new CommandError(`no wallet: ${e.message}; pass an ADDRESS or --address`, 2);
      }
    }
  }
  if (services.mode !== 'demo') throw new CommandError('no wallet: pass an ADDRESS or --address', 2);
  return { address: await (await import('../demo.js')).stateKeyAddress(config.stateDir), source: 'demo' };
}

/** The line above a table that names the wallet shown. */
export function walletLine(wallet: HeadlessWallet): string {
  return fitText(
    `wallet ${wallet.address}${wallet.source === 'demo' ? ' (demo wallet)' : wallet.source === 'paper' ? ' (paper wallet: nothing real)' : ''}`,
  );
}
