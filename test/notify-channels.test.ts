// Off-terminal delivery: an ntfy-style topic, a webhook and a local command each get the event
// once, in the documented shape; a receiver that fails twice gets it on the third try; nothing
// secret is in any delivered body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { commandChannel, ntfyChannel, webhookChannel } from '../src/notify/channels.js';
import { createDelivery } from '../src/notify/deliver.js';
import { makeEvent, EVENT_TYPES, type NotifyEvent } from '../src/notify/event.js';
import { alertsOf } from '../src/alerts/store.js';
import { listKey } from '../src/store/tokens.js';
import { testServices } from './support/services.js';
import { nth } from './support/narrow.js';
import { NATIVE_MINT } from '../src/chain/mints.js';
import { removeTree } from './support/home.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function receiver(statuses: number[] = []): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => (body += d));
    req.on('end', () => {
      got.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/topic`,
    got,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const event = makeEvent({
  type: 'alert.fired',
  source: 'Alerts',
  text: 'SOL above 250: now $251.20 \u001b]52;c;aGk=\u0007',
  mode: 'demo',
  at: Date.UTC(2026, 10, 27, 12, 0, 0),
  key: 'a1@1',
  data: { mint: NATIVE_MINT, symbol: 'SOL', price: 251.2, condition: 'above 250' },
});

test('an event has one stable shape, a stable id per happening, and no control characters', () => {
  assert.deepEqual(Object.keys(event), ['id', 'type', 'time', 'source', 'title', 'text', 'mode', 'data']);
  assert.equal(event.time, '2026-11-27T12:00:00.000Z');
  assert.equal(event.title, 'Price alert');
  assert.match(event.id, /^alert\.fired-[0-9a-f]{8}$/);
  assert.equal(
    makeEvent({ type: 'alert.fired', source: 'Alerts', text: 'other words', mode: 'live', at: 5, key: 'a1@1' }).id,
    event.id,
  );
  assert.notEqual(
    makeEvent({ type: 'alert.fired', source: 'Alerts', text: 'x', mode: 'live', at: 5, key: 'a1@2' }).id,
    event.id,
  );
  assert.doesNotMatch(event.text, /[\u0000-\u001f\u007f-\u009f]/);
  assert.ok(EVENT_TYPES.includes(event.type));
});

test('ntfy gets the text with title, priority and tags headers; the webhook gets the JSON event; once each', async () => {
  const ntfy = await receiver();
  const hook = await receiver();
  try {
    const failures: string[] = [];
    const d = createDelivery([ntfyChannel(ntfy.url, 'tk_secret123'), webhookChannel(hook.url)], {
      onGiveUp: (c, _e, why) => failures.push(`${c}: ${why}`),
      waits: [],
    });
    await d.deliver(event);
    assert.deepEqual(failures, []);
    assert.equal(ntfy.got.length, 1);
    assert.equal(nth(ntfy.got, 0).method, 'POST');
    assert.equal(nth(ntfy.got, 0).body, event.text);
    assert.equal(nth(ntfy.got, 0).headers.title, 'tradedeck: Price alert');
    assert.equal(nth(ntfy.got, 0).headers.priority, 'high');
    assert.equal(nth(ntfy.got, 0).headers.tags, 'bell');
    assert.equal(nth(ntfy.got, 0).headers.authorization, 'Bearer tk_secret123');
    assert.equal(hook.got.length, 1);
    assert.equal(nth(hook.got, 0).headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(nth(hook.got, 0).body), event);
  } finally {
    await ntfy.close();
    await hook.close();
  }
});

test('a receiver that answers 500 twice gets the event on the third try; one that never takes it is told once', async () => {
  const flaky = await receiver([500, 500]);
  const dead = await receiver([500, 500, 500, 500]);
  try {
    const waited: number[] = [];
    const failures: string[] = [];
    const d = createDelivery([webhookChannel(flaky.url)], {
      onGiveUp: (c, _e, why) => failures.push(`${c}: ${why}`),
      sleep: async (ms) => void waited.push(ms),
    });
    await d.deliver(event);
    assert.equal(flaky.got.length, 3);
    assert.deepEqual(waited, [2_000, 8_000]);
    assert.equal(failures.length, 0);
    const d2 = createDelivery([webhookChannel(dead.url)], {
      onGiveUp: (c, _e, why) => failures.push(`${c}: ${why}`),
      sleep: async () => {},
    });
    await d2.deliver(event);
    assert.equal(dead.got.length, 4);
    assert.deepEqual(failures, ['webhook: HTTP 500']);
  } finally {
    await flaky.close();
    await dead.close();
  }
});

test('--notify-cmd runs the program without a shell in a minimal environment: the JSON on stdin, TRADEDECK_EVENT_*, PATH, HOME, locale and TZ, nothing else', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'td-notify-cmd-'));
  const extra: Record<string, string> = {
    TRADEDECK_API_KEY: 'sk-live-should-not-leak',
    AWS_SECRET_ACCESS_KEY: 'aws-should-not-leak',
    SSH_AUTH_SOCK: '/tmp/agent.sock',
    LANG: 'en_GB.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'Europe/Paris',
  };
  const prev = Object.fromEntries(Object.keys(extra).map((k) => [k, process.env[k]]));
  Object.assign(process.env, extra);
  try {
    const out = join(dir, 'got');
    const script = join(dir, 'hook; echo injected');
    // node adds no variable of its own: what it prints is what it was given
    writeFileSync(
      script,
      `#!${process.execPath}\nconst fs = require('fs');\nfs.writeFileSync(${JSON.stringify(`${out}.json`)}, fs.readFileSync(0));\nfs.writeFileSync(${JSON.stringify(`${out}.env`)}, JSON.stringify(process.env));\n`,
    );
    chmodSync(script, 0o700);
    const failures: string[] = [];
    await createDelivery([commandChannel(script)], {
      onGiveUp: (c, _e, why) => failures.push(`${c}: ${why}`),
      waits: [],
    }).deliver(event);
    assert.deepEqual(failures, []);
    assert.deepEqual(JSON.parse(readFileSync(`${out}.json`, 'utf8')), event);
    const env = JSON.parse(readFileSync(`${out}.env`, 'utf8')) as Record<string, string>;
    assert.equal(env.TRADEDECK_EVENT_TYPE, 'alert.fired');
    assert.equal(env.TRADEDECK_EVENT_DATA_SYMBOL, 'SOL');
    assert.equal(env.TRADEDECK_EVENT_DATA_PRICE, '251.2');
    assert.deepEqual(
      [env.PATH, env.HOME, env.LANG, env.LC_ALL, env.TZ],
      [process.env.PATH, process.env.HOME, 'en_GB.UTF-8', 'C.UTF-8', 'Europe/Paris'],
    );
    const allowed = /^(PATH|HOME|LANG|LANGUAGE|TZ|LC_\w+|TRADEDECK_EVENT_\w+)$/;
    assert.deepEqual(
      Object.keys(env).filter((k) => !allowed.test(k)),
      [],
      'nothing else of this process reaches the program',
    );
    assert.doesNotMatch(JSON.stringify(env), /sk-live|aws-should|agent\.sock/);
    const missing: string[] = [];
    await createDelivery([commandChannel(join(dir, 'nope'))], {
      onGiveUp: (c, _e, why) => missing.push(`${c}: ${why}`),
      waits: [],
    }).deliver(event);
    assert.match(nth(missing, 0), /^command: .*nope not found$/);
  } finally {
    for (const [k, v] of Object.entries(prev)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    removeTree(dir);
  }
});

test('an alert that fires reaches the ntfy topic and the webhook once each; a refresh after it sends nothing more; no secret in any body', async (t) => {
  const ntfy = await receiver();
  const hook = await receiver();
  t.after(() => Promise.all([ntfy.close(), hook.close()]));
  const w = await testServices(t, {
    config: { ntfyUrl: ntfy.url, ntfyToken: 'tk_notify_secret', webhookUrl: hook.url, apiKey: 'sk-api-secret-value' },
  });
  const s = w.services;
  const alerts = alertsOf(s);
  const params = { category: 'toptraded', interval: '24h', limit: 100 } as const;
  const list = await s.api.tokens.list(params);
  const token = list.find((x) => typeof x.usdPrice === 'number' && x.usdPrice > 0)!;
  alerts.getState().add(token.id, token.symbol, { kind: 'above', level: token.usdPrice! / 2 });
  s.catalog.getState().applyList(listKey(params), list, s.now());
  await s.delivery.idle();
  assert.equal(ntfy.got.length, 1);
  assert.equal(hook.got.length, 1);
  const body = JSON.parse(nth(hook.got, 0).body) as NotifyEvent;
  assert.equal(body.type, 'alert.fired');
  assert.equal(body.mode, 'demo');
  assert.equal(body.data.mint, token.id);
  assert.match(body.text, /rose above/);
  assert.equal(nth(ntfy.got, 0).body, body.text);
  s.catalog.getState().applyList(listKey(params), await s.api.tokens.list(params), s.now());
  await s.delivery.idle();
  assert.equal(ntfy.got.length + hook.got.length, 2);
  // the key file's secret in the forms it could leak in, and the API key
  const secret = Uint8Array.from(JSON.parse(readFileSync(w.wallet.path, 'utf8')) as number[]);
  const forms = [
    [...secret].join(','),
    Buffer.from(secret.subarray(0, 32)).toString('base64'),
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('hex'),
    'sk-api-secret-value',
  ];
  for (const r of [...ntfy.got, ...hook.got])
    for (const f of forms) assert.ok(!r.body.includes(f) && !JSON.stringify(r.headers).includes(f));
});
