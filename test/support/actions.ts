// A world for the signing-action tests: the services as the dashboard builds them (simulator over
// loopback HTTP, a funded key file, the real API and RPC clients, a journal on disk) and a Swap form.
import type { ApiClient } from '../../src/api/index.js';
import type { Order } from '../../src/api/types.js';
import type { SimHandle } from '../../src/sim/index.js';
import type { Services } from '../../src/services/index.js';
import { createSwapStore, type SwapForm, type SwapStore } from '../../src/store/swap.js';
import type { KeypairWallet } from '../../src/wallet/keypair.js';
import { testServices, type TestServicesOptions } from './services.js';
import type { ConfirmItem } from '../../src/store/confirm.js';
import { waitFor } from './wait.js';

export interface World {
  sim: SimHandle;
  wallet: KeypairWallet;
  dir: string;
  journalPath: string;
  /** the services, with the Swap screen's store beside them */
  services: Services & { swap: SwapStore };
  session: Services['session'];
}

export async function world(
  t: { after(fn: () => Promise<void> | void): void },
  over: TestServicesOptions & { form?: Partial<SwapForm>; seed?: number } = {},
): Promise<World> {
  const { form, ...opts } = over;
  const w = await testServices(t, { seed: 11, screen: 'swap', ...opts });
  const services = Object.assign(w.services, { swap: createSwapStore(form) });
  return {
    sim: w.sim,
    wallet: w.wallet,
    dir: w.dir,
    journalPath: w.journalPath,
    services,
    session: w.services.session,
  };
}

/** The requests the simulator received on one path, in order. */
export function received(sim: SimHandle, path: string) {
  return sim.requests().filter((r) => r.path === path);
}

/** Every request that could submit a transaction: an execute of any group, or RPC sendTransaction. */
export function submissions(sim: SimHandle) {
  return sim
    .requests()
    .filter(
      (r) =>
        /\/execute$/.test(r.path) || (r.path === '/rpc' && JSON.stringify(r.body ?? '').includes('sendTransaction')),
    );
}

/** The next confirmation the pipeline asks for, once it is asked (the head of the queue). */
export async function nextConfirmation(s: Pick<Services, 'confirm'>, timeoutMs = 10_000): Promise<ConfirmItem> {
  await waitFor(() => s.confirm.getState().queue[0] !== undefined, 'a confirmation to be asked for', timeoutMs);
  return s.confirm.getState().queue[0]!;
}

/** Answers the next confirmation the pipeline asks for. */
export async function answerNext(s: Pick<Services, 'confirm'>, ok: boolean): Promise<void> {
  const head = await nextConfirmation(s);
  s.confirm.getState().answer(head.id, ok);
}

/**
 * The API with every order of the order route passed through `change` (as a service might send
 * it), whichever generation answers it (GET /swap/v2/order or GET /ultra/v1/order).
 */
export function withOrder(api: ApiClient, change: (o: Order) => Order): ApiClient {
  return {
    ...api,
    ultra: { ...api.ultra, order: async (p, o) => change(await api.ultra.order(p, o)) },
    swapV2: { ...api.swapV2, order: async (p, o) => change(await api.swapV2.order(p, o)) },
  };
}
