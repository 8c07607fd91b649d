// `tradedeck vault`: the wallet's vault with the service (what it holds, read from the chain) and its
// orders, open or with --history past with their fills; `vault edit ID …` changes an open price
// order (nothing signed); `vault cancel ID` ends an order and withdraws its funds to the wallet
// (the withdrawal inspected and confirmed as every signing command is). `dca … custody vault` (or
// `--vault`) places the service's DCA from the vault. The login token lives in this process only.
import type { Config } from '../config/config.js';
import { OrderInputError } from '../actions/orderRequest.js';
import { knowTokens } from '../actions/swapFlow.js';
import type { Services } from '../services/index.js';
import { cancelVaultOrder, createVaultDca, editVaultOrder, type Outcome, type VaultEdit } from '../vault/actions.js';
import { splitDcaCustody } from '../vault/plan.js';
import { parseVaultEdit, VAULT_USAGE } from '../vault/edit.js';
import { orderRefOf, readVault, tokenNames, vaultJson, vaultTable, type TokenNames } from '../vault/read.js';
import { vaultSessionOf, VaultLoginError } from '../vault/session.js';
import { clean, fitText, printJson } from './print.js';
import { paperMark } from './orderSigning.js';
import { openSigningSession } from './signing.js';

type Flags = { json?: boolean; indent?: boolean; yes?: boolean; history?: boolean };

/** The catalog's names of mints, for the tables. */
const namesOf = (s: Services): TokenNames => tokenNames(() => s.catalog.getState().latest);

/**
 * A vault action's outcome: its line (a failure where failures go), or with --json its fields
 * (`extra` beside the status); the exit code 0 done, 2 refused, 1 otherwise.
 */
export function printVaultOutcome(
  r: Outcome,
  flags: Flags,
  s: Services,
  fail: (line: string) => void,
  extra: Record<string, string> = {},
): number {
  if (flags.json)
    process.stdout.write(
      printJson(
        {
          status: r.status,
          ...extra,
          ...paperMark(s),
          ...(r.id ? { id: r.id } : {}),
          ...(r.vault ? { vault: r.vault } : {}),
          ...(r.signature ? { signature: r.signature } : {}),
          message: r.message,
        },
        flags.indent === true,
      ),
    );
  else if (r.status === 'success') process.stdout.write(fitText(clean(r.message, 400)));
  // what was not done is said where a failure is
  else fail(clean(r.message, 400));
  return r.status === 'success' ? 0 : r.status === 'refused' ? 2 : 1;
}

/** What was typed wrong, said with the usage (exit 2); anything else is not this function's. */
function inputRefused(e: unknown, usage: string, fail: (line: string) => void): number {
  if (!(e instanceof OrderInputError)) throw e;
  fail(`${clean(e.message, 300)}; nothing was sent (usage: tradedeck ${usage})`);
  return 2;
}

export async function vaultCommand(
  positionals: string[],
  flags: Flags,
  config: Config,
  fail: (line: string) => void,
): Promise<number> {
  const [verb, id, ...rest] = positionals;
  const action = verb === undefined || verb === 'show' ? 'show' : verb;
  if (action !== 'show' && action !== 'edit' && action !== 'cancel')
    return (fail(`"${clean(verb ?? '', 30)}": show, edit or cancel (usage: tradedeck ${VAULT_USAGE})`), 2);
  if (action !== 'show' && (id === undefined || id === ''))
    return (fail(`${action}: give the order's id, as tradedeck vault lists it (usage: tradedeck ${VAULT_USAGE})`), 2);
  if (action === 'show' && id !== undefined)
    return (fail(`unexpected "${clean(id, 40)}" (usage: tradedeck ${VAULT_USAGE})`), 2);
  if (action === 'cancel' && rest.length > 0)
    return (fail(`unexpected "${clean(rest[0], 40)}": cancel takes one order id (usage: tradedeck ${VAULT_USAGE})`), 2);
  let edit: VaultEdit | undefined;
  if (action === 'edit') {
    try {
      edit = parseVaultEdit(rest);
    } catch (e) {
      return inputRefused(e, VAULT_USAGE, fail);
    }
  }
  // the login signs a challenge: a showing needs no --yes (nothing is moved), a change does
  const session = await openSigningSession(config, action === 'show' || flags.yes === true, fail);
  if (typeof session === 'number') return session;
  const s = session.services;
  try {
    for (const n of s.notices) fail(n.text);
    const past = flags.history === true;
    const reading = await readVault(
      { api: s.api, ...(s.rpc ? { rpc: s.rpc } : {}), session: vaultSessionOf(s) },
      action === 'show' && past ? 'past' : 'active',
    );
    await knowTokens(s, []);
    const names = namesOf(s);
    if (action === 'show') {
      if (flags.json)
        process.stdout.write(
          printJson(
            { user: s.wallet!.address, state: past ? 'past' : 'active', ...paperMark(s), ...vaultJson(reading) },
            flags.indent === true,
          ),
        );
      else process.stdout.write(clean(vaultTable(reading, names, past), 10_000));
      return 0;
    }
    const order = orderRefOf(reading, id!, names);
    if (!order) return (fail(`no open order ${clean(id!, 60)} in this wallet's vault (tradedeck vault lists them)`), 2);
    const r = action === 'edit' ? await editVaultOrder(s, order, edit!) : await cancelVaultOrder(s, order);
    return printVaultOutcome(r, flags, s, fail);
  } catch (e) {
    if (e instanceof VaultLoginError) return (fail(e.message), 1);
    throw e;
  } finally {
    await session.close();
  }
}

/**
 * `tradedeck dca TOTAL FROM TO ORDERS INTERVAL [start …] [custody wallet|vault] [--vault]`: the
 * custody read first (`--vault` is the words' `custody vault`), then the service's recurring order
 * from the wallet or its DCA from the vault.
 */
export async function dcaCommand(
  positionals: string[],
  flags: import('../commands/registry.js').OptionsOf<'dca'>,
  config: Config,
  fail: (line: string) => void,
  usage: string,
): Promise<number> {
  let split;
  try {
    split = splitDcaCustody(flags.vault === true ? [...positionals, 'custody', 'vault'] : positionals);
  } catch (e) {
    return inputRefused(e, usage, fail);
  }
  if (split.custody === 'wallet')
    return (await import('./orderSigning.js')).orderSigningCommand('dca', split.words, flags, config, fail);
  const session = await openSigningSession(config, flags.yes === true, fail);
  if (typeof session === 'number') return session;
  const s = session.services;
  try {
    for (const n of s.notices) fail(n.text);
    let r: Outcome;
    try {
      r = await createVaultDca(s, split.words);
    } catch (e) {
      return inputRefused(e, usage, fail);
    }
    return printVaultOutcome(r, flags, s, fail);
  } catch (e) {
    if (e instanceof VaultLoginError) return (fail(e.message), 1);
    throw e;
  } finally {
    await session.close();
  }
}

/**
 * The vault's orders for `tradedeck orders` (a reading command, without the services that sign):
 * the login signs the challenge with the key file, so a wallet given by address only, or a Ledger
 * (which asks on the device), is listed with the reason instead.
 */
export async function vaultOrdersOf(
  api: import('../api/index.js').ApiClient,
  config: Config,
  wallet: { address: string; source: string },
  past: boolean,
  rpc?: import('../rpc/client.js').RpcClient,
): Promise<{ json: Record<string, unknown>; table: string }> {
  const unavailable = (why: string) => ({ json: { unavailable: why }, table: `Vault orders: ${why}\n` });
  let key: import('../wallet/keypair.js').Wallet;
  const { loadKeypairFile, KeyFileError } = await import('../wallet/keypair.js');
  const path =
    wallet.source === 'keypair'
      ? config.keypairPath
      : wallet.source === 'demo'
        ? (await import('../services/demoAccount.js')).demoKeyPath(config.stateDir)
        : undefined;
  if (!path)
    return unavailable(
      wallet.source === 'ledger'
        ? 'the login to the vault is approved on the Ledger: see tradedeck vault'
        : "the login to the vault needs the wallet's key file (--keypair)",
    );
  try {
    key = await loadKeypairFile(path, { allowInsecure: config.allowInsecureKeyfile });
  } catch (e) {
    if (e instanceof KeyFileError) return unavailable(e.message);
    throw e;
  }
  if (key.address !== wallet.address) return unavailable("the vault is listed for the key file's own wallet only");
  try {
    const session = (await import('../vault/session.js')).createVaultSession({
      api,
      wallet: key,
      now: () => Date.now(),
    });
    const reading = await readVault({ api, ...(rpc ? { rpc } : {}), session }, past ? 'past' : 'active');
    const names = tokenNames(() => ({}));
    // what the vault holds is read from the chain by tradedeck vault; here only its orders
    const { balances: _b, balanceProblem: _p, ...json } = vaultJson(reading);
    return { json, table: vaultTable({ ...reading, balances: [] }, names, past).replace(/^ {2}holds: .*\n/m, '') };
  } catch (e) {
    return unavailable(`could not be read: ${clean(e instanceof Error ? e.message : String(e), 200)}`);
  }
}
