// A loopback HTTP server that records every request and answers from a queue of replies (or a
// handler when the queue is empty). Used by the API client tests.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nth } from './narrow.js';

export interface RecordedRequest {
  method: string;
  path: string;
  /** the query string as sent, without '?' */
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** parsed JSON body, or undefined when empty / not JSON */
  body: unknown;
}

export interface Reply {
  status?: number;
  /** JSON-encoded unless rawBody is given */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** never answer (until the recorder closes) */
  hang?: boolean;
}

export type Handler = (req: RecordedRequest) => Reply;

export interface Recorder {
  url: string;
  requests: RecordedRequest[];
  /** queue replies, answered in order */
  reply(...replies: Reply[]): void;
  /** answer with this when the queue is empty */
  setHandler(h: Handler): void;
  close(): Promise<void>;
}

export async function startRecorder(handler?: Handler): Promise<Recorder> {
  const requests: RecordedRequest[] = [];
  const queue: Reply[] = [];
  let fallback: Handler = handler ?? (() => ({ status: 500, body: { error: 'recorder: no reply queued' } }));

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const parts = (req.url ?? '/').split(/\?(.*)/s);
      const [path, rawQuery] = [nth(parts, 0), parts[1] ?? ''];
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path,
        rawQuery,
        query: new URLSearchParams(rawQuery),
        headers: req.headers,
        rawBody,
        body,
      };
      requests.push(recorded);
      const r = queue.shift() ?? fallback(recorded);
      if (r.hang) return;
      const text = r.rawBody ?? (r.body === undefined ? '' : JSON.stringify(r.body));
      const headers: Record<string, string> = {
        ...(r.rawBody === undefined ? { 'content-type': 'application/json' } : {}),
        ...r.headers,
      };
      res.writeHead(r.status ?? 200, headers);
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => queue.push(...replies),
    setHandler: (h) => {
      fallback = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
