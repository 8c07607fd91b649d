// POST /studio/v1/dbc-pool/create-tx, POST /studio/v1/dbc/fee/create-tx.
import { optional, pipe, regex, string, type InferOutput } from 'valibot';
import { address, any, base64, flag, intIn, maybe, numAtLeast, obj, str, text, fields } from './schema.js';
import { op } from './operation.js';

const MAX_BPS = 10_000;
const atLeast0 = numAtLeast(0);

const lockedVesting = fields({
  totalLockedVestingAmount: atLeast0,
  cliffUnlockAmount: atLeast0,
  numberOfVestingPeriod: atLeast0,
  totalVestingDuration: atLeast0,
  cliffDurationFromMigrationTime: atLeast0,
});
export type LockedVestingParam = InferOutput<typeof lockedVesting>;

const IMAGE_TYPE = 'must be an image media type such as image/png';

const dbcPoolCreate = fields({
  buildCurveByMarketCapParam: fields({
    quoteMint: address,
    initialMarketCap: atLeast0,
    migrationMarketCap: atLeast0,
    tokenQuoteDecimal: intIn(0, 30),
    lockedVestingParam: lockedVesting,
  }),
  antiSniping: flag,
  fee: fields({ feeBps: intIn(0, MAX_BPS) }),
  isLpLocked: flag,
  tokenName: text,
  tokenSymbol: text,
  tokenImageContentType: pipe(string(IMAGE_TYPE), regex(/^image\/[A-Za-z0-9.+-]+$/, IMAGE_TYPE)),
  creator: address,
});
export type DbcPoolCreateRequest = InferOutput<typeof dbcPoolCreate>;

/** The contract does not show this response; the simulator and client agree on these fields, all but transaction optional. */
const dbcPoolCreated = obj({
  transaction: base64,
  pool: maybe(str),
  mint: maybe(str),
  imagePresignedUrl: maybe(str),
  /** read only when text (where to put the metadata, and the image's public address) */
  metadataPresignedUrl: optional(any),
  imageUrl: optional(any),
});
export type DbcPoolCreateResponse = InferOutput<typeof dbcPoolCreated>;

const dbcFeeClaim = fields({ ownerWallet: address, poolAddress: address, maxQuoteAmount: atLeast0 });
export type DbcFeeClaimRequest = InferOutput<typeof dbcFeeClaim>;

const dbcFeeClaimed = obj({ transaction: base64 });
export type DbcFeeClaimResponse = InferOutput<typeof dbcFeeClaimed>;

export const STUDIO_OPERATIONS = {
  dbcPoolCreate: op('POST', '/studio/v1/dbc-pool/create-tx', dbcPoolCreate, dbcPoolCreated),
  dbcFeeClaim: op('POST', '/studio/v1/dbc/fee/create-tx', dbcFeeClaim, dbcFeeClaimed),
};
