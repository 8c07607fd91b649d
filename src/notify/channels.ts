// The channels that reach a person away from the terminal: an ntfy topic (a plain POST of the
// text with title, priority and tags headers), a webhook (a POST of the event as JSON) and a local
// command (run without a shell, in a minimal environment, the event as JSON on stdin and as
// TRADEDECK_EVENT_* variables).
// A channel's send resolves once the other side took the event and throws a one-line error when
// it did not; deliver.ts retries.
import { httpFetch } from '../api/http.js';
import { eventEnvironment, type EventType, type NotifyEvent } from './event.js';

export interface Channel {
  /** how the channel is named in messages: "ntfy", "webhook", "command" (never its URL's secrets) */
  name: string;
  send(event: NotifyEvent): Promise<void>;
}

/** How long one delivery attempt may take. */
export const SEND_TIMEOUT_MS = 10_000;

const PRIORITY: Partial<Record<EventType, string>> = {
  'alert.fired': 'high',
  'order.filled': 'high',
  'transaction.failed': 'high',
  'signing.paused': 'urgent',
  'standing.fired': 'high',
  'standing.failed': 'urgent',
  'standing.not-executed': 'high',
};

const TAGS: Partial<Record<EventType, string>> = {
  'alert.fired': 'bell',
  'order.filled': 'white_check_mark',
  'order.partly_filled': 'hourglass',
  'transaction.failed': 'x',
  'signing.paused': 'warning',
  'standing.fired': 'white_check_mark',
  'standing.failed': 'x',
  'standing.expired': 'hourglass',
  'standing.not-executed': 'warning',
};

/** A header value carries no line breaks and only Latin-1 (HTTP header rules). */
function headerText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .slice(0, 200);
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<void> {
  const res = await httpFetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  // the answer is read so the connection is free; only its status matters
  await res.text().catch(() => '');
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}

/** An ntfy topic URL (`https://ntfy.example/mytopic`); `token` is sent as a bearer token when given. */
export function ntfyChannel(url: string, token?: string): Channel {
  return {
    name: 'ntfy',
    send: (e) =>
      post(
        url,
        {
          'content-type': 'text/plain; charset=utf-8',
          title: headerText(`tradedeck: ${e.title}`),
          priority: PRIORITY[e.type] ?? 'default',
          ...(TAGS[e.type] ? { tags: TAGS[e.type]! } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        e.text,
      ),
  };
}

/** A URL that takes the event as a JSON POST. */
export function webhookChannel(url: string): Channel {
  return {
    name: 'webhook',
    send: (e) => post(url, { 'content-type': 'application/json' }, JSON.stringify(e)),
  };
}

/** The variables of this process a --notify-cmd program gets: where programs are, home, locale and zone. */
const PASSED = /^(PATH|HOME|LANG|LANGUAGE|TZ|LC_[A-Z_]+)$/;

/**
 * The environment of a --notify-cmd program: PATH, HOME, the locale (LANG, LANGUAGE, LC_*) and TZ of
 * this process, and the event's TRADEDECK_EVENT_* variables; nothing else (no key, no token, no
 * credential another program left in the environment).
 */
export function commandEnvironment(e: NotifyEvent, from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(from)) if (PASSED.test(k) && v !== undefined) env[k] = v;
  return { ...env, ...eventEnvironment(e) };
}

/**
 * A local program, run without a shell: the event as JSON on its stdin and as TRADEDECK_EVENT_*
 * variables, in the minimal environment commandEnvironment makes. Exit 0 is delivered; anything
 * else, or no exit within the time allowed, is a failure.
 */
export function commandChannel(path: string): Channel {
  return {
    name: 'command',
    send: async (e) => {
      // loaded on the first command run: node:child_process costs every start a few ms otherwise
      const { spawn } = await import('node:child_process');
      return new Promise<void>((resolve, reject) => {
        const child = spawn(path, [], {
          env: commandEnvironment(e),
          stdio: ['pipe', 'ignore', 'pipe'],
          shell: false,
        });
        let err = '';
        child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-300)));
        const timer = setTimeout(() => child.kill('SIGKILL'), SEND_TIMEOUT_MS);
        child.on('error', (x) => {
          clearTimeout(timer);
          reject(new Error((x as NodeJS.ErrnoException).code === 'ENOENT' ? `${path} not found` : x.message));
        });
        child.on('close', (code, signal) => {
          clearTimeout(timer);
          if (code === 0) resolve();
          else
            reject(
              new Error(
                signal
                  ? `${path} ended by ${signal}`
                  : `${path} exited ${code}${err.trim() ? `: ${err.trim().split('\n').pop()}` : ''}`,
              ),
            );
        });
        child.stdin.on('error', () => {});
        child.stdin.end(JSON.stringify(e) + '\n');
      });
    },
  };
}
