// A hostile service for tests: every family of terminal control sequence, carried in a token's
// symbol and name and in an error message, by a small proxy in front of the simulator that rewrites
// what the simulator answers. And the check that none of it reached a terminal.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Each family of sequence, with a payload a leak would show. */
export const FAMILIES: Array<[string, string]> = [
  ['OSC 52 clipboard write, BEL', '\x1b]52;c;SE9TVElMRQ==\x07'],
  ['OSC 0 window title, BEL', '\x1b]0;PWNED-TITLE\x07'],
  ['CSI erase display', '\x1b[2J'],
  ['DCS … ST', '\x1bP1$qPWNED-DCS\x1b\\'],
  ['APC … ST', '\x1b_PWNED-APC\x1b\\'],
  ['PM … ST', '\x1b^PWNED-PM\x1b\\'],
  ['SOS … ST', '\x1bXPWNED-SOS\x1b\\'],
  ['8-bit CSI', '\u009b2J'],
  ['8-bit OSC', '\u009d0;PWNED-C1\u0007'],
  ['right-to-left override', '\u202e'],
  ['zero-width space', '\u200b'],
];
const ALL = FAMILIES.map(([, s]) => s).join('');

export const JUP_MINT = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
/** JUP's symbol and name as the hostile service sends them: "JUP" and "Jupiter" once sanitised. */
export const HOSTILE_SYMBOL = `JU${ALL}P`;
export const HOSTILE_NAME = `Jupi${ALL}ter`;
/** An error message carrying every family: "order book closed" once sanitised. */
export const HOSTILE_ERROR = `order book${ALL} closed`;

/**
 * Asserts that `raw` (every byte a program wrote to its terminal) holds none of the hostile
 * sequences: no string sequence introducer (the program writes none of its own), no 8-bit
 * control, no bidi override or zero-width space, no payload, and an erase-display only where the
 * frame writer repaints (after cursor-home).
 */
export function assertNoHostileBytes(raw: string, where: string): void {
  for (const bad of [
    '\x1b]',
    '\x1bP',
    '\x1b_',
    '\x1b^',
    '\x1bX',
    '\u009b',
    '\u009d',
    '\u202e',
    '\u200b',
    'PWNED',
    'SE9TVElMRQ',
  ]) {
    const at = raw.indexOf(bad);
    assert.equal(
      at,
      -1,
      `${where}: ${JSON.stringify(bad)} reached the terminal: …${JSON.stringify(raw.slice(Math.max(0, at - 60), at + 60))}…`,
    );
  }
  for (let at = raw.indexOf('\x1b[2J'); at !== -1; at = raw.indexOf('\x1b[2J', at + 1)) {
    assert.ok(
      raw.slice(at - 3, at) === '\x1b[H',
      `${where}: an erase-display outside a repaint: ${JSON.stringify(raw.slice(Math.max(0, at - 60), at + 20))}`,
    );
  }
}

/** Replaces JUP's symbol and name wherever a JSON answer holds them. */
function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (!value || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = rewrite(v);
  if (o.symbol === 'JUP') out.symbol = HOSTILE_SYMBOL;
  if (o.name === 'Jupiter') out.name = HOSTILE_NAME;
  return out;
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });

export interface HostileProxy {
  url: string;
  /** requests whose "METHOD /path" is listed answer 400 with HOSTILE_ERROR instead of reaching the simulator */
  failing: Set<string>;
}

/** A loopback proxy in front of the simulator at `simUrl` that makes it hostile (see above); closed after the test. */
export async function startHostileProxy(t: { after(fn: () => unknown): void }, simUrl: string): Promise<HostileProxy> {
  const failing = new Set<string>();
  const server = createServer(async (req, res) => {
    try {
      const path = (req.url ?? '/').split('?')[0];
      const body = await bodyOf(req);
      if (failing.has(`${req.method} ${path}`)) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: HOSTILE_ERROR, code: 400 }));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !['host', 'accept-encoding', 'content-length', 'connection'].includes(k))
          headers[k] = v;
      const r = await fetch(simUrl + req.url, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
      });
      let text = await r.text();
      const type = r.headers.get('content-type') ?? '';
      if (type.includes('json')) {
        try {
          text = JSON.stringify(rewrite(JSON.parse(text)));
        } catch {
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
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, failing };
}
