// What of a simulator outlives its process (demo mode keeps it in the state directory): balances,
// limit and DCA orders, the current generation's vaults and orders, studio pools, the identifier
// stream and the simulated time. The market (prices, charts, pool depths) is not kept: each start
// walks its seeded path again from the catalogue's prices. The text is JSON; amounts (bigint) are written as {"$big":"123"}.
import { array, finite, literal, looseObject, minValue, number, pipe, safeInteger, safeParse, unknown } from 'valibot';
import type { SimCore } from './engine/core.js';
import type { LearnedToken } from './engine/listing.js';
import { recurringBookOf, type RecurringRecord } from './groups/recurring-book.js';
import { studioBookOf, type StudioPool } from './groups/studio-pools.js';
import { triggerBookOf, type TriggerRecord } from './groups/trigger-book.js';
import { triggerV2Of } from './groups/trigger-v2.js';
import type { VaultRecord } from './groups/trigger-v2-vault.js';
import type { PriceRecord } from './groups/trigger-v2-price.js';
import type { DcaRecord } from './groups/trigger-v2-dca.js';

export const SNAPSHOT_VERSION = 1;

export interface SimSnapshot {
  version: typeof SNAPSHOT_VERSION;
  seed: number;
  /** simulated wall time when it was taken (ms since epoch) */
  nowMs: number;
  /** position of the identifier stream */
  ids: number;
  ledger: { balances: Array<[string, Array<[string, bigint]>]>; funded: string[] };
  trigger: { seq: number; records: TriggerRecord[] };
  recurring: { seq: number; records: RecurringRecord[] };
  studio: Array<Omit<StudioPool, 'rng'> & { rng: number }>;
  /** the current generation's vaults and orders (absent from snapshots taken before it was served) */
  triggerV2?: {
    vaults: VaultRecord[];
    prices: { seq: number; records: PriceRecord[] };
    dcas: { seq: number; records: DcaRecord[] };
  };
  /** paper mode: the tokens learned from the followed service, learned again before the rest */
  market?: { learned: LearnedToken[] };
}

const PART = 'is missing or of the wrong kind';
const list = array(unknown(), PART);
const counter = pipe(number(PART), safeInteger(PART), minValue(0, PART));
/** What a snapshot must hold before its parts are restored (the parts are the simulator's own records). */
const snapshotShape = looseObject(
  {
    version: literal(
      SNAPSHOT_VERSION,
      (issue) => `format version ${String(issue.input)}, this tradedeck reads ${SNAPSHOT_VERSION}`,
    ),
    seed: number(PART),
    nowMs: pipe(number(PART), finite(PART)),
    ids: counter,
    ledger: looseObject({ balances: list, funded: list }, PART),
    trigger: looseObject({ seq: number(PART), records: list }, PART),
    recurring: looseObject({ seq: number(PART), records: list }, PART),
    studio: list,
  },
  (issue) => (issue.path ? PART : 'not a simulator snapshot'),
);

/** A snapshot that cannot be used: the message says why. */
export class SnapshotError extends Error {}

export function takeSnapshot(core: SimCore): SimSnapshot {
  const { kernel } = core;
  return {
    version: SNAPSHOT_VERSION,
    seed: core.options.seed,
    nowMs: core.clock.nowMs(),
    ids: core.ids.position(),
    ledger: core.ledger.exportState(),
    trigger: triggerBookOf(kernel)?.exportState() ?? { seq: 0, records: [] },
    recurring: recurringBookOf(kernel)?.exportState() ?? { seq: 0, records: [] },
    studio: studioBookOf(kernel)?.exportState() ?? [],
    ...triggerV2State(core),
    ...(core.market.paper ? { market: { learned: core.market.learned() } } : {}),
  };
}

/** Puts a snapshot into a freshly built core (its groups registered, nothing served yet). */
export function restoreSnapshot(core: SimCore, snap: SimSnapshot): void {
  const { kernel } = core;
  // the stream may have moved while the groups were registered (keepers); never step back
  core.ids.seek(Math.max(core.ids.position(), snap.ids));
  core.ledger.importState(snap.ledger);
  triggerBookOf(kernel)?.importState(snap.trigger);
  recurringBookOf(kernel)?.importState(snap.recurring);
  studioBookOf(kernel)?.importState(snap.studio);
  const v2 = triggerV2Of(kernel);
  if (v2 && snap.triggerV2) {
    v2.vaults.importState(snap.triggerV2.vaults);
    v2.prices.importState(snap.triggerV2.prices);
    v2.dcas.importState(snap.triggerV2.dcas);
  }
}

function triggerV2State(core: SimCore): Pick<SimSnapshot, 'triggerV2'> {
  const v2 = triggerV2Of(core.kernel);
  return v2
    ? { triggerV2: { vaults: v2.vaults.exportState(), prices: v2.prices.exportState(), dcas: v2.dcas.exportState() } }
    : {};
}

export function encodeSnapshot(snap: SimSnapshot): string {
  return `${JSON.stringify(snap, (_k, v: unknown) => (typeof v === 'bigint' ? { $big: v.toString() } : v))}\n`;
}

function isBig(v: unknown): v is { $big: string } {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.keys(v).length === 1 &&
    typeof (v as { $big?: unknown }).$big === 'string'
  );
}

/** Reads a snapshot's text; throws SnapshotError naming what is wrong (not JSON, another version or seed). */
export function decodeSnapshot(text: string, seed: number): SimSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text, (_k, v: unknown) => {
      if (!isBig(v)) return v;
      if (!/^-?\d+$/.test(v.$big)) throw new SnapshotError(`amount "${v.$big.slice(0, 40)}" is not an integer`);
      return BigInt(v.$big);
    });
  } catch (e) {
    throw e instanceof SnapshotError ? e : new SnapshotError('not valid JSON (cut short?)');
  }
  const r = safeParse(snapshotShape, value, { abortEarly: true });
  if (!r.success) {
    const issue = r.issues[0];
    const key = issue.path?.map((p) => String(p.key)).join('.');
    // a part by its key; the version's own words say which it is
    throw new SnapshotError(key && issue.type !== 'literal' ? `${key}: ${issue.message}` : issue.message);
  }
  if (r.output.seed !== seed) throw new SnapshotError(`made with seed ${String(r.output.seed)}, not ${seed}`);
  // the records themselves are the simulator's own, written by encodeSnapshot: read as they are
  return value as SimSnapshot;
}
