// Loopback-only control routes under /__sim/: fund, request log, faults, time jumps, balances.
// Never faulted, rate limited or logged.
import { isAddress } from '@solana/web3.js';
import type { ServerDeps } from './server.js';
import { gatewayBody } from './errors.js';

interface Reply {
  status: number;
  body: unknown;
}

const bad = (message: string): Reply => ({ status: 400, body: { error: message } });

function objectBody(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function handleControl(deps: ServerDeps, method: string, path: string, query: URLSearchParams, text: string): Reply {
  const { core } = deps;
  const route = `${method} ${path}`;
  if (route === 'GET /__sim/requests') return { status: 200, body: deps.log.all() };
  if (route === 'GET /__sim/state') {
    return { status: 200, body: { slot: core.clock.slot(), time: core.clock.nowIso(), seed: core.options.seed, faults: deps.faults.settings } };
  }
  if (route === 'GET /__sim/balances') {
    const address = query.get('address') ?? '';
    if (!isAddress(address)) return bad('address: must be a base58 public key');
    return { status: 200, body: { address, balances: core.ledger.holdings(address).map((h) => ({ mint: h.mint, amount: h.amount.toString() })) } };
  }
  if (method !== 'POST' || !['/__sim/fund', '/__sim/faults', '/__sim/advance'].includes(path)) {
    return { status: 404, body: gatewayBody(404, `no control route ${route}`) };
  }
  const body = objectBody(text);
  if (!body) return bad('body: must be a JSON object');
  if (path === '/__sim/fund') {
    const { address, mint, amount } = body;
    if (typeof address !== 'string' || !isAddress(address)) return bad('address: must be a base58 public key');
    if (mint !== undefined && (typeof mint !== 'string' || !core.market.token(mint))) return bad('mint: unknown mint');
    if (amount !== undefined && (typeof amount !== 'string' || !/^\d{1,20}$/.test(amount))) return bad('amount: must be a string of base units');
    if (amount !== undefined && mint === undefined) return bad('amount: requires mint');
    core.fund(address, mint as string | undefined, amount === undefined ? undefined : BigInt(amount as string));
    return { status: 200, body: { address, balances: core.ledger.holdings(address).map((h) => ({ mint: h.mint, amount: h.amount.toString() })) } };
  }
  if (path === '/__sim/faults') {
    const error = deps.faults.update(body);
    return error ? bad(error) : { status: 200, body: deps.faults.settings };
  }
  const seconds = body.seconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > 30 * 86_400) return bad('seconds: must be a number 0..2592000');
  core.clock.advance(seconds);
  return { status: 200, body: { slot: core.clock.slot(), time: core.clock.nowIso() } };
}
