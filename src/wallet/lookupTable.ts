// Reads the account of an address lookup table, as the Address Lookup Table program stores it: a
// 56-byte header (u32 state, 1 = an initialised table; deactivation slot; last extended slot and
// its start index; an optional authority; padding), then the table's addresses, 32 bytes each.
// Only an account that program owns is a lookup table: anyone can create an account holding the
// same bytes under another owner, and the runtime would never load it as a table.

import { encodeBase58 } from './base58.js';

export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const LOOKUP_TABLE_META_SIZE = 56;
export const LOOKUP_TABLE_MAX_ADDRESSES = 256;
const STATE_LOOKUP_TABLE = 1;

export interface AccountBytes {
  owner: string;
  data: Uint8Array;
}

export type LookupTableRead = { ok: true; addresses: string[] } | { ok: false; reason: string };

/** The addresses a lookup table holds, in table order; or why the account is not a usable table. */
export function parseLookupTableAccount(account: AccountBytes | null): LookupTableRead {
  if (!account) return { ok: false, reason: 'no account exists at that address' };
  if (account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM) {
    return { ok: false, reason: `the account is owned by ${account.owner}, not by the Address Lookup Table program` };
  }
  const data = account.data;
  if (data.length < LOOKUP_TABLE_META_SIZE || (data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0) {
    return {
      ok: false,
      reason: `its data (${data.length} bytes) is not a lookup table (a ${LOOKUP_TABLE_META_SIZE}-byte header, then 32-byte addresses)`,
    };
  }
  const state = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true);
  if (state !== STATE_LOOKUP_TABLE)
    return { ok: false, reason: `its data is not an initialised lookup table (state ${state})` };
  const count = (data.length - LOOKUP_TABLE_META_SIZE) / 32;
  if (count > LOOKUP_TABLE_MAX_ADDRESSES)
    return {
      ok: false,
      reason: `it holds ${count} addresses, more than a lookup table can (${LOOKUP_TABLE_MAX_ADDRESSES})`,
    };
  const addresses: string[] = [];
  for (let at = LOOKUP_TABLE_META_SIZE; at < data.length; at += 32)
    addresses.push(encodeBase58(data.subarray(at, at + 32)));
  return { ok: true, addresses };
}
