// Address lookup tables the simulator holds (registered through POST /__sim/lookup-table or
// SimHandle.addLookupTable) and their account as the Address Lookup Table program lays it out on
// chain, for RPC getAccountInfo:
//
//   0   u32 LE  state: 1 = LookupTable (0 would be Uninitialized)
//   4   u64 LE  deactivation slot (u64::MAX while active)
//   12  u64 LE  last extended slot
//   20  u8      index of the first address added by that extension
//   21  u8      authority present (1) or not (0)
//   22  32 B    authority (zeros when absent)
//   54  u16     padding
//   56  32 B    each address, in table order
import { address as toAddress, getAddressEncoder } from '@solana/kit';
import { isAddress } from '../../chain/base58.js';
import { seededAddress } from './random.js';

export const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const LOOKUP_TABLE_META_SIZE = 56;
export const LOOKUP_TABLE_MAX_ADDRESSES = 256;
const ACTIVE = 0xffff_ffff_ffff_ffffn;

export interface SimLookupTable {
  address: string;
  authority: string | null;
  addresses: string[];
  lastExtendedSlot: number;
}

/** What a registration asks for (POST /__sim/lookup-table body, SimHandle.addLookupTable). */
export interface LookupTableRequest {
  addresses: string[];
  /** where the table is; default: a fresh address */
  address?: string;
  /** the table's authority; default none (frozen) */
  authority?: string | null;
}

const FIELDS = ['addresses', 'address', 'authority'];

/** The request checked field by field; a string names the first field that is wrong. */
export function parseLookupTableRequest(v: unknown): LookupTableRequest | string {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'body: must be a JSON object';
  const body = v as Record<string, unknown>;
  const unknown = Object.keys(body).find((k) => !FIELDS.includes(k));
  if (unknown) return `${unknown}: unknown field (use ${FIELDS.join(', ')})`;
  const { addresses, address, authority } = body;
  if (!Array.isArray(addresses) || addresses.length > LOOKUP_TABLE_MAX_ADDRESSES)
    return `addresses: must be an array of at most ${LOOKUP_TABLE_MAX_ADDRESSES} base58 public keys`;
  const bad = addresses.findIndex((a) => typeof a !== 'string' || !isAddress(a));
  if (bad >= 0) return `addresses[${bad}]: must be a base58 public key`;
  if (address !== undefined && (typeof address !== 'string' || !isAddress(address)))
    return 'address: must be a base58 public key';
  if (authority !== undefined && authority !== null && (typeof authority !== 'string' || !isAddress(authority)))
    return 'authority: must be a base58 public key or null';
  return {
    addresses: addresses as string[],
    ...(address !== undefined ? { address: address } : {}),
    ...(authority !== undefined ? { authority: authority } : {}),
  };
}

const addressEncoder = getAddressEncoder();
const addressBytes = (a: string) => new Uint8Array(addressEncoder.encode(toAddress(a)));

/** The table's account data, byte for byte as the program stores it. */
export function lookupTableData(t: SimLookupTable): Uint8Array {
  const data = new Uint8Array(LOOKUP_TABLE_META_SIZE + 32 * t.addresses.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true);
  view.setBigUint64(4, ACTIVE, true);
  view.setBigUint64(12, BigInt(t.lastExtendedSlot), true);
  data[20] = 0;
  if (t.authority) {
    data[21] = 1;
    data.set(addressBytes(t.authority), 22);
  }
  t.addresses.forEach((a, i) => data.set(addressBytes(a), LOOKUP_TABLE_META_SIZE + 32 * i));
  return data;
}

/** The jsonParsed form of the account (what the RPC answers for encoding "jsonParsed"). */
export function lookupTableParsed(t: SimLookupTable): Record<string, unknown> {
  return {
    program: 'address-lookup-table',
    parsed: {
      type: 'lookupTable',
      info: {
        deactivationSlot: ACTIVE.toString(),
        lastExtendedSlot: String(t.lastExtendedSlot),
        lastExtendedSlotStartIndex: 0,
        ...(t.authority ? { authority: t.authority } : {}),
        addresses: [...t.addresses],
      },
    },
    space: LOOKUP_TABLE_META_SIZE + 32 * t.addresses.length,
  };
}

export class SimLookupTables {
  private readonly tables = new Map<string, SimLookupTable>();
  private created = 0;

  constructor(private readonly seed: number) {}

  /** Registers a table at `slot`; a string says which field is wrong. */
  add(request: LookupTableRequest, slot: number): SimLookupTable | string {
    const address = request.address ?? seededAddress(this.seed, `sim-lookup-table:${++this.created}`);
    if (this.tables.has(address)) return `address: ${address} already holds a lookup table`;
    const table: SimLookupTable = {
      address,
      authority: request.authority ?? null,
      addresses: [...request.addresses],
      lastExtendedSlot: slot,
    };
    this.tables.set(address, table);
    return table;
  }

  get(address: string): SimLookupTable | undefined {
    return this.tables.get(address);
  }
}
