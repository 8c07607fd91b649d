// The simulator's HTTP front: routing, api-key check, faults, rate limit, group error envelopes,
// request log, JSON-RPC and the loopback-only control routes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { SimGroup, SimResponse } from '../engine/kernel.js';
import type { SimCore } from '../engine/core.js';
import { errorBody, gatewayBody, SimError, statusText } from '../engine/errors.js';
import type { FaultInjector, FaultKind } from './faults.js';
import { queryObject, type RequestLog, type SimRequestLogEntry } from './request-log.js';
import { handleControl } from './control.js';
import { handleRpc } from '../rpc/rpc.js';
import { rpcEndpointOf, staleAnswer, type RpcEndpoints } from '../rpc/endpoints.js';

export interface ServerDeps {
  core: SimCore;
  faults: FaultInjector;
  /** the fault switch of each RPC endpoint (/rpc, /rpc/<name>) */
  rpcEndpoints: RpcEndpoints;
  log: RequestLog;
  /** when set, the only accepted key */
  apiKey?: string;
}

const MAX_BODY = 1024 * 1024;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

interface Reply {
  status: number;
  body: unknown;
  json?: string;
  headers?: Record<string, string>;
}

export function jsonText(body: unknown): string {
  return JSON.stringify(body, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function write(res: ServerResponse, reply: Reply, fault: FaultKind | null = null): void {
  let text = reply.json ?? jsonText(reply.body);
  if (fault === 'truncated') text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  if (fault === 'malformed') text = text.replace(/"/g, "'").replace(/^[[{]/, '<');
  res.writeHead(reply.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}

export function createSimServer(deps: ServerDeps): Server {
  const server = createServer((req, res) => {
    handle(deps, req, res).catch((err: unknown) => {
      if (!res.headersSent)
        write(res, { status: 500, body: gatewayBody(500, `internal error: ${(err as Error)?.message ?? err}`) });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  return server;
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sim.local');
  const path = url.pathname;
  const method = req.method ?? 'GET';
  const raw = await readBody(req);
  const text = raw === null ? null : raw.toString('utf8');
  deps.core.clock.sync();

  if (path.startsWith('/__sim/')) {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? ''))
      return write(res, { status: 403, body: gatewayBody(403, 'control routes are loopback only') });
    const upload = /^\/__sim\/upload\/([^/]+)$/.exec(path);
    if (upload) {
      const reply = deps.core.uploads.handle(method, upload[1]!, url.searchParams, req.headers['content-type'], raw);
      if (!reply.bytes) return write(res, reply);
      res.writeHead(reply.status, { 'content-length': reply.bytes.length, ...reply.headers });
      return void res.end(reply.bytes);
    }
    if (text === null) return write(res, { status: 413, body: gatewayBody(413, 'body too large') });
    return write(res, handleControl(deps, method, path, url.searchParams, text));
  }

  const apiKey = req.headers['x-api-key'];
  const entry: SimRequestLogEntry = {
    method,
    path,
    query: queryObject(url.searchParams),
    status: 0,
    time: new Date().toISOString(),
    body: null,
    apiKeyPresent: typeof apiKey === 'string' && apiKey.length > 0,
  };
  deps.log.add(entry);
  if (text === null) return finish(res, entry, { status: 413, body: gatewayBody(413, 'body too large') });
  const parsed = parseJson(text);
  entry.body = parsed.ok ? (parsed.value ?? null) : text;

  const { latencyMs } = deps.faults.settings;
  if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
  const fault = deps.faults.pick();
  if (fault) entry.fault = fault;
  if (fault === 'reset') {
    entry.status = 0;
    req.socket.destroy();
    return;
  }
  if (fault?.startsWith('status-')) {
    const status = Number(fault.slice(7));
    return finish(res, entry, { status, body: gatewayBody(status, statusText(status)) });
  }

  const endpoint = rpcEndpointOf(path);
  if (endpoint !== null) {
    const sw = deps.rpcEndpoints.mode(endpoint);
    if (sw.mode === 'down')
      return finish(res, entry, {
        status: 503,
        body: gatewayBody(503, `RPC endpoint ${endpoint} is down (simulator fault switch)`),
      });
    if (method !== 'POST')
      return finish(res, entry, { status: 405, body: gatewayBody(405, 'JSON-RPC accepts POST only') });
    const request = parsed.ok ? parsed.value : undefined;
    const answer = await handleRpc(deps.core, request, parsed.ok);
    return finish(
      res,
      entry,
      { status: 200, body: sw.mode === 'stale' ? staleAnswer(answer, request, sw) : answer },
      fault,
    );
  }

  const match = deps.core.routes.match(method, path);
  if (match.kind === 'none')
    return finish(res, entry, { status: 404, body: gatewayBody(404, `no route for ${method} ${path}`) });
  if (match.kind === 'wrong-method') {
    return finish(res, entry, {
      status: 405,
      body: gatewayBody(405, `${method} not allowed on ${path}; use ${match.allowed.join(', ')}`),
      headers: { allow: match.allowed.join(', ') },
    });
  }
  const group = match.route.group;
  if (group !== 'portfolio') {
    const key = typeof apiKey === 'string' ? apiKey.trim() : '';
    if (key === '' || (deps.apiKey !== undefined && key !== deps.apiKey))
      return finish(res, entry, { status: 401, body: gatewayBody(401, 'Unauthorized') });
  }
  let limitHeaders: Record<string, string> = {};
  if (deps.faults.limits(group)) {
    const verdict = deps.faults.admit(Date.now(), typeof apiKey === 'string' ? apiKey.trim() : '');
    limitHeaders = verdict.headers;
    if (!verdict.allowed)
      return finish(res, entry, {
        status: 429,
        body: gatewayBody(429, 'Rate limit exceeded, please slow down'),
        headers: limitHeaders,
      });
  }
  if (!parsed.ok)
    return finish(res, entry, {
      status: 400,
      body: errorBody(group, { status: 400, message: 'request body is not valid JSON' }),
      headers: limitHeaders,
    });

  const reply = await runHandler(group, () =>
    match.route.handler({
      method,
      path,
      params: match.params,
      query: url.searchParams,
      body: parsed.value,
      headers: req.headers,
    }),
  );
  finish(res, entry, { ...reply, headers: { ...limitHeaders, ...reply.headers } }, fault);
}

async function runHandler(group: SimGroup, call: () => SimResponse | Promise<SimResponse>): Promise<Reply> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof SimError) return { status: err.init.status, body: errorBody(group, err.init) };
    return {
      status: 500,
      body: errorBody(group, { status: 500, message: `internal error: ${(err as Error)?.message ?? String(err)}` }),
    };
  }
}

function finish(res: ServerResponse, entry: SimRequestLogEntry, reply: Reply, fault: FaultKind | null = null): void {
  entry.status = reply.status;
  write(res, reply, fault);
}
