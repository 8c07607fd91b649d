// A rewriting proxy in front of the simulator, as a compromised service (or anything between it
// and tradedeck) would be: each request can be changed on its way to the simulator (its query or
// JSON body), and each JSON answer on its way back. Rewrites are set per test; with none it passes
// everything through as it came. Closed after the test.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** the path without its query */
  path: string;
  /** the query, as it will be forwarded (a request rewrite may change it) */
  query: URLSearchParams;
  /** the JSON body, as it will be forwarded (a request rewrite may change it); undefined without one */
  body: unknown;
}

export interface RewritingProxy {
  url: string;
  /** changes a request before it reaches the simulator (edit `query` or return a new body) */
  onRequest?: (req: SeenRequest) => unknown;
  /** changes a JSON answer before it reaches tradedeck: returns the answer to send instead */
  onAnswer?: (req: SeenRequest, answer: unknown) => unknown | Promise<unknown>;
  /** every request as it arrived, "METHOD /path" */
  seen: string[];
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });

export async function startRewritingProxy(
  t: { after(fn: () => unknown): void },
  simUrl: string,
): Promise<RewritingProxy> {
  const proxy: RewritingProxy = { url: '', seen: [] };
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://proxy.invalid');
      const raw = await bodyOf(req);
      let body: unknown;
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
      } catch {
        body = undefined;
      }
      const seen: SeenRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
      proxy.seen.push(`${seen.method} ${seen.path}`);
      const changed = proxy.onRequest?.(seen);
      if (changed !== undefined) seen.body = changed;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !['host', 'accept-encoding', 'content-length', 'connection'].includes(k))
          headers[k] = v;
      const query = seen.query.toString();
      const r = await fetch(`${simUrl}${seen.path}${query ? `?${query}` : ''}`, {
        method: seen.method,
        headers,
        body:
          seen.method === 'GET' || seen.method === 'HEAD'
            ? undefined
            : seen.body !== undefined
              ? JSON.stringify(seen.body)
              : new Uint8Array(raw),
      });
      let text = await r.text();
      if ((r.headers.get('content-type') ?? '').includes('json') && proxy.onAnswer) {
        try {
          text = JSON.stringify(await proxy.onAnswer(seen, JSON.parse(text)));
        } catch (e) {
          if (!(e instanceof SyntaxError)) throw e;
          // not JSON after all: passed on as it came
        }
      }
      const out: Record<string, string> = {};
      r.headers.forEach((v, k) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
      });
      res.writeHead(r.status, out);
      res.end(text);
    } catch (e) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `proxy: ${e instanceof Error ? e.message : String(e)}` }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
