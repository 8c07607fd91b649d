// GET /send/v1/invite-history, GET /send/v1/pending-invites.
// Nothing is signed from an invite listing: the row's key, mint, amount and expiry (countdowns)
// and the page flag are needed; everything else is optional.
import { boolean, nullable, optional, picklist, union, type InferOutput } from 'valibot';
import { address, arr, bool, maybe, must, nonEmptyStr, obj, page, str, fields } from './schema.js';
import { op } from './operation.js';

const CONFIRMED = must('a boolean (or 0/1)');

const invite = obj({
  invite_pda: nonEmptyStr,
  mint: nonEmptyStr,
  amount: str,
  invite_signer: maybe(str),
  sender: maybe(str),
  /** the expiry countdown needs it */
  expiry: str,
  creation_time: maybe(str),
  creation_tx: maybe(str),
  deletion_tx: optional(nullable(str)),
  receiver: optional(nullable(str)),
  deletion_time: optional(nullable(str)),
  /** `created`, `claimed` in the contract; `clawback`, `expired` seen; other text kept */
  action: maybe(str),
  /** boolean in the contract; 0/1 seen on the real service */
  confirmed: maybe(union([boolean(CONFIRMED), picklist([0, 1], CONFIRMED)], CONFIRMED)),
});
export type Invite = InferOutput<typeof invite>;

const inviteList = obj({ invites: arr(invite), /** paging needs it */ hasMoreData: bool });
export type InviteListResponse = InferOutput<typeof inviteList>;

const inviteListParams = fields({ address, page: optional(page) });
export type InviteListParams = InferOutput<typeof inviteListParams>;

export const SEND_OPERATIONS = {
  inviteHistory: op('GET', '/send/v1/invite-history', inviteListParams, inviteList),
  pendingInvites: op('GET', '/send/v1/pending-invites', inviteListParams, inviteList),
};
