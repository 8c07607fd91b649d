// 4.6 Send: invite listings.
import { guardInviteList } from './guards.js';
import type { CallOptions, HttpClient } from './http.js';
import type { InviteListParams, InviteListResponse } from './types.js';
import { validateInviteList } from './validate.js';

export interface SendApi {
  /** every invite where the address is sender or recipient */
  inviteHistory(p: InviteListParams, o?: CallOptions): Promise<InviteListResponse>;
  /** invites the address sent that are not yet claimed */
  pendingInvites(p: InviteListParams, o?: CallOptions): Promise<InviteListResponse>;
}

export function createSendApi(http: HttpClient): SendApi {
  const list = async (name: string, p: InviteListParams, o?: CallOptions) => {
    validateInviteList(p);
    return http.request(
      {
        method: 'GET',
        endpoint: `GET /send/v1/${name}`,
        path: `/send/v1/${name}`,
        query: { address: p.address, page: p.page },
        auth: true,
        idempotent: true,
        signal: o?.signal,
      },
      guardInviteList,
    );
  };
  return {
    inviteHistory: (p, o) => list('invite-history', p, o),
    pendingInvites: (p, o) => list('pending-invites', p, o),
  };
}
