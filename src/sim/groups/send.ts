import { OPERATIONS } from '../../api/contract/index.js';
import type { Invite } from '../../api/types.js';
import type { SimKernel, SimRequest } from '../engine/kernel.js';
import { type PlannedInvite, inviteAt, planInvites } from './send-history.js';
import { Params } from './read-request.js';
import { coreOf } from '../engine/core.js';

export const INVITES_PER_PAGE = 10;

/** Registers the send group's operations on the simulator. */
export function register(kernel: SimKernel): void {
  // histories end at the hour the simulator started, so they do not shift while it runs
  const anchorMs = Math.floor(kernel.clock.nowMs() / 3_600_000) * 3_600_000;
  const plans = new Map<string, PlannedInvite[]>();

  // a sample history of invites, for funded wallets of a simulator that keeps samples (not the demo's)
  const samples = coreOf(kernel).options.samples !== false;
  const invitesOf = (address: string): PlannedInvite[] => {
    if (!samples || !kernel.ledger.isFunded(address)) return [];
    let plan = plans.get(address);
    if (!plan) plans.set(address, (plan = planInvites(kernel.seed, address, anchorMs)));
    return plan;
  };

  const listing = (
    req: SimRequest,
    op: typeof OPERATIONS.inviteHistory,
    pick: (invite: Invite, address: string) => boolean,
  ) => {
    const { address, page = 1 } = new Params(kernel, 'send').query(op, req.query);
    const now = kernel.clock.nowMs();
    const all = invitesOf(address)
      .filter((plan) => plan.createdMs <= now)
      .map((plan) => inviteAt(plan, now))
      .filter((invite) => pick(invite, address));
    const start = (page - 1) * INVITES_PER_PAGE;
    return {
      status: 200,
      body: { invites: all.slice(start, start + INVITES_PER_PAGE), hasMoreData: all.length > start + INVITES_PER_PAGE },
    };
  };

  kernel.router.add('GET', '/send/v1/invite-history', 'send', (req) =>
    listing(
      req,
      OPERATIONS.inviteHistory,
      (invite, address) => invite.sender === address || invite.receiver === address,
    ),
  );
  kernel.router.add('GET', '/send/v1/pending-invites', 'send', (req) =>
    listing(
      req,
      OPERATIONS.pendingInvites,
      (invite, address) => invite.sender === address && invite.action === 'created',
    ),
  );
}
