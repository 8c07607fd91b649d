// `tradedeck portfolio` and `tradedeck orders`: a wallet's positions and open orders.
import type { Backend } from '../runtime.js';
import type { Config } from '../config.js';
import { formatUsd } from '../format.js';
import { printTable, printJson, CommandError } from './print.js';

/** The wallet's address: the watch-only address, or the public half of the key file. */
export async function walletAddress(config: Config, explicit?: string): Promise<string> {
  if (explicit) return explicit;
  if (config.address) return config.address;
  if (config.keypairPath) {
    const { loadKeypairFile } = await import('../wallet/keypair.js');
    try {
      const wallet = await loadKeypairFile(config.keypairPath, { allowInsecure: config.allowInsecureKeyfile });
      return wallet.address;
    } catch (e) {
      throw new CommandError(`no wallet: ${(e as Error).message}; pass an ADDRESS or --address`, 2);
    }
  }
  throw new CommandError('no wallet: pass an ADDRESS or --address', 2);
}

export async function portfolioCommand(backend: Backend, config: Config, positionals: string[], flags: Record<string, string | boolean>): Promise<string> {
  const owner = await walletAddress(config, positionals[0]);
  const portfolio = await backend.client.portfolio.positions({ address: owner });
  if (flags.json) return printJson(portfolio);
  const rows: string[][] = [];
  for (const el of portfolio.elements) {
    const assets = Array.isArray(el.data?.assets) ? el.data!.assets! : [];
    if (assets.length === 0) {
      rows.push([el.type, el.name ?? el.label ?? el.platformId ?? '', '', '', formatUsd(typeof el.value === 'number' ? el.value : null)]);
    }
    for (const a of assets) {
      const info = portfolio.tokenInfo?.[a.data.address] as { symbol?: string } | undefined;
      rows.push([el.type, el.name ?? el.label ?? '', info?.symbol ?? a.data.address, String(a.data.amount), formatUsd(a.value)]);
    }
  }
  return `owner ${portfolio.owner}\n` + printTable(['TYPE', 'PLATFORM', 'ASSET', 'AMOUNT', 'USD'], rows, new Set([3, 4]));
}

export async function ordersCommand(backend: Backend, config: Config, flags: Record<string, string | boolean>): Promise<string> {
  const user = await walletAddress(config);
  const orderStatus = flags.history ? 'history' : 'active';
  const [trigger, recurring] = await Promise.all([
    backend.client.trigger.list({ user, orderStatus, page: 1 }),
    backend.client.recurring.list({ user, orderStatus, page: 1, recurringType: 'time', mint: null, includeFailedTx: false }),
  ]);
  if (flags.json) return printJson({ trigger, recurring });
  const triggerRows = trigger.orders.map((o) => [o.orderKey, o.status, `${o.makingAmount} -> ${o.takingAmount}`, `${o.remainingMakingAmount} left`, o.createdAt]);
  const recurringRows = recurring.time.map((o) => [
    o.orderKey,
    o.userClosed ? 'closed' : 'open',
    `${o.inAmountPerCycle} every ${o.cycleFrequency}s`,
    `${o.inUsed} of ${o.inDeposited} used`,
    o.createdAt,
  ]);
  return (
    `limit orders (${orderStatus}, page ${trigger.page} of ${trigger.totalPages})\n` +
    printTable(['ORDER', 'STATUS', 'MAKING -> TAKING', 'REMAINING', 'CREATED'], triggerRows) +
    `\nrecurring orders (${orderStatus}, page ${recurring.page} of ${recurring.totalPages})\n` +
    printTable(['ORDER', 'STATUS', 'PER CYCLE', 'PROGRESS', 'CREATED'], recurringRows)
  );
}
