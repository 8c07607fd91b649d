// The contents of the address lookup tables a v0 transaction uses, read over RPC before it is
// inspected: the accounts it loads through them are then checked like its static ones (the wallet
// loaded writable through a table is refused). A table that cannot be read refuses the
// transaction, since what it would load could not be checked; nothing is signed.

import { sanitizeText } from '../api/errors.js';
import { addressTableLookupsOf } from '../wallet/inspect.js';
import { parseLookupTableAccount } from '../wallet/lookupTable.js';
import type { PipelineDeps } from './types.js';

export type LookupTablesRead = { ok: true; tables: Record<string, string[]> } | { ok: false; reason: string };

function unreadable(table: string, why: string): LookupTablesRead {
  return {
    ok: false,
    reason: `the address lookup table ${table} could not be read (${why}), so the accounts the transaction loads through it cannot be checked`,
  };
}

/** Every table `transaction` names, fetched and parsed; the first one that cannot be is the reason. */
export async function readLookupTables(
  transaction: string,
  deps: Pick<PipelineDeps, 'accountInfo'>,
): Promise<LookupTablesRead> {
  const addresses = await addressTableLookupsOf(transaction);
  const [first] = addresses;
  if (first === undefined) return { ok: true, tables: {} };
  const fetch = deps.accountInfo;
  if (!fetch) return unreadable(first, 'no RPC URL is configured to read it (--rpc-url)');
  const accounts = await Promise.all(
    addresses.map(async (table) => {
      try {
        return { table, account: await fetch(table) };
      } catch (err) {
        return { table, error: sanitizeText(err instanceof Error ? err.message : String(err), [], 200) };
      }
    }),
  );
  const tables: Record<string, string[]> = {};
  for (const a of accounts) {
    if ('error' in a) return unreadable(a.table, `the RPC request failed: ${a.error || 'no reason given'}`);
    const read = parseLookupTableAccount(a.account ?? null);
    if (!read.ok) return unreadable(a.table, read.reason);
    tables[a.table] = read.addresses;
  }
  return { ok: true, tables };
}
