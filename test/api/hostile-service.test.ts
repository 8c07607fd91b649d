// A hostile stand-in for the service: a loopback server in front of the simulator that passes
// requests on, or answers them itself with a redirect to another origin (another loopback port)
// or with a compression bomb. What must hold: the other origin receives neither the API key nor a
// body (nothing at all), a refused redirect is one line naming where it pointed and is not
// retried, and a body past 20 MB (as sent or once decompressed) stops the read at once.
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';
import { ApiError, createApiClient, ResponseShapeError, type ApiClient } from '../../src/api/index.js';
import { createRpcClient, RpcError } from '../../src/rpc/client.js';
import { MAX_RESPONSE_BYTES } from '../../src/api/http.js';
import { putPresigned, UploadError } from '../../src/studio/upload.js';
import { startRecorder, type Recorder } from '../support/recorder.js';
import { CLI, cleanEnv } from '../support/cli.js';
import { API_KEY, SOL, USDC, newWallet, rig, signed, type Rig } from '../support/clientSim.js';
import { nth } from '../support/narrow.js';
import { removeTree } from '../support/home.js';

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** what the stand-in does with a request: pass it to the simulator, or answer it itself */
type Rule = (
  req: Seen,
) => 'pass' | { status: number; headers?: Record<string, string>; body?: Buffer | string } | 'silent';

interface StandIn {
  url: string;
  seen: Seen[];
  rule: Rule;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startStandIn(target: string): Promise<StandIn> {
  const upstream = new URL(target);
  const stand: StandIn = { url: '', seen: [], rule: () => 'pass', close: async () => {} };
  const server = createServer((req, res) => {
    const seen: Seen = { method: req.method ?? '', path: req.url ?? '/', headers: req.headers };
    stand.seen.push(seen);
    const what = stand.rule(seen);
    if (what === 'silent') return;
    if (what !== 'pass') {
      req.resume();
      res.writeHead(what.status, what.headers);
      res.end(what.body);
      return;
    }
    const path = seen.path.replace(/^\/via/, '');
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: upstream.host },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  stand.url = await listen(server);
  stand.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stand;
}

let r: Rig;
let front: StandIn;
let other: Recorder;
let api: ApiClient;
before(async () => {
  r = await rig();
  front = await startStandIn(r.sim.url);
  other = await startRecorder(() => ({ status: 200, body: {} }));
  api = createApiClient({ baseUrl: front.url, apiKey: API_KEY, timeoutMs: 5000, sleep: async () => {} });
});
after(async () => {
  await front.close();
  await other.close();
  await r.stop();
});

const listTokens = () => api.tokens.list({ category: 'toptraded', interval: '1h' });

async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ApiError, `expected an ApiError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected the call to fail');
}

/** the stand-in answers `status` to every request whose path starts with `prefix`, pointing at the same path on `origin` */
function redirect(prefix: string, status: number, origin: string): void {
  front.rule = (req) =>
    req.path.startsWith(prefix) ? { status, headers: { location: `${origin}${req.path}` } } : 'pass';
}

describe('redirects', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    test(`a GET redirected (${status}) to another origin is not followed: that origin receives nothing`, async () => {
      redirect('/tokens/', status, other.url);
      const before = front.seen.length;
      const e = await apiError(listTokens());
      assert.equal(
        e.message,
        `the service redirected GET /tokens/v2/{category}/{interval} to ${other.url}/tokens/v2/toptraded/1h; not followed`,
      );
      assert.equal(e.retryable, false);
      assert.equal(front.seen.length - before, 1, 'not retried');
      assert.deepEqual(other.requests, []);
    });
  }

  test('a GET redirected within the same origin is followed, with the key', async () => {
    front.rule = (req) =>
      req.path.startsWith('/tokens/') ? { status: 307, headers: { location: `/via${req.path}` } } : 'pass';
    const m = r.mark();
    const list = await listTokens();
    assert.ok(list.length > 0);
    const got = r.since(m);
    assert.equal(got.length, 1);
    assert.equal(nth(got, 0).path, '/tokens/v2/toptraded/1h');
    assert.ok(front.seen.some((s) => s.path.startsWith('/via/tokens/') && s.headers['x-api-key'] === API_KEY));
    assert.deepEqual(other.requests, []);
  });

  test('the same host and port under another scheme is another origin (no https to http, nor back)', async () => {
    const sameHostHttps = front.url.replace(/^http:/, 'https:');
    redirect('/tokens/', 307, sameHostHttps);
    const e = await apiError(listTokens());
    assert.match(
      e.message,
      /^the service redirected GET \/tokens\/v2\/\{category\}\/\{interval\} to https:\/\/127\.0\.0\.1:\d+\/tokens\/v2\/toptraded\/1h; not followed$/,
    );
  });

  test('createOrder and execute redirected to another origin: neither the key nor the signed transaction goes there, and nothing executes', async () => {
    front.rule = () => 'pass';
    const w = await newWallet(r.sim);
    const created = await api.trigger.create({
      inputMint: SOL,
      outputMint: USDC,
      maker: w.address,
      payer: w.address,
      params: { makingAmount: '100000000', takingAmount: '1000000000' },
    });
    const signedTx = await signed(created.transaction, w);
    const m = r.mark();
    for (const status of [301, 302, 303, 307, 308]) {
      redirect('/trigger/', status, other.url);
      const before = front.seen.length;
      const exec = await apiError(api.trigger.execute({ requestId: created.requestId, signedTransaction: signedTx }));
      assert.equal(
        exec.message,
        `the service redirected POST /trigger/v1/execute to ${other.url}/trigger/v1/execute; not followed`,
        `${status}`,
      );
      assert.equal(exec.retryable, false);
      const create = await apiError(
        api.trigger.create({
          inputMint: SOL,
          outputMint: USDC,
          maker: w.address,
          payer: w.address,
          params: { makingAmount: '100000000', takingAmount: '1000000000' },
        }),
      );
      assert.match(
        create.message,
        /^the service redirected POST \/trigger\/v1\/createOrder to http:\/\/127\.0\.0\.1:\d+\/trigger\/v1\/createOrder; not followed$/,
      );
      assert.equal(front.seen.length - before, 2, `${status}: each sent once, not retried`);
    }
    // a redirect within the origin is not followed for a POST either
    front.rule = (req) =>
      req.path.startsWith('/trigger/') ? { status: 307, headers: { location: `/via${req.path}` } } : 'pass';
    const same = await apiError(api.trigger.execute({ requestId: created.requestId, signedTransaction: signedTx }));
    assert.equal(
      same.message,
      `the service redirected POST /trigger/v1/execute to ${front.url}/via/trigger/v1/execute; not followed`,
    );
    assert.deepEqual(other.requests, [], 'the other origin received nothing: no key, no body');
    assert.deepEqual(r.since(m), [], 'the simulator received no execute');
  });

  test('the redirect target is shown without credentials', async () => {
    front.rule = () => ({
      status: 307,
      headers: { location: `http://user:hunter2@127.0.0.1:1/x?api-key=${API_KEY}&q=1` },
    });
    const e = await apiError(listTokens());
    assert.equal(
      e.message,
      'the service redirected GET /tokens/v2/{category}/{interval} to http://***@127.0.0.1:1/x?api-key=***&q=1; not followed',
    );
  });

  test('the RPC: a redirect of its POST is not followed, the other origin receives nothing', async () => {
    for (const status of [307, 308]) {
      front.rule = () => ({ status, headers: { location: `${other.url}/rpc` } });
      const rpc = createRpcClient({ url: `${front.url}/rpc`, timeoutMs: 5000 });
      await assert.rejects(rpc.getSlot(), (e: unknown) => {
        assert.ok(e instanceof RpcError);
        assert.equal(e.message, `getSlot: the RPC endpoint redirected POST to ${other.url}/rpc; not followed`);
        return true;
      });
    }
    assert.deepEqual(other.requests, []);
  });

  test('a presigned upload (PUT) redirected anywhere is not followed: the file goes nowhere else', async () => {
    for (const location of [`${other.url}/bucket/logo.png`, '/elsewhere/logo.png']) {
      front.rule = () => ({ status: 307, headers: { location } });
      await assert.rejects(
        putPresigned(`${front.url}/bucket/logo.png?sig=abc`, new Uint8Array([1, 2, 3]), 'image/png', 'image'),
        (e: unknown) => {
          assert.ok(e instanceof UploadError);
          assert.match(
            e.message,
            /^image upload: 127\.0\.0\.1:\d+ redirected PUT to http:\/\/127\.0\.0\.1:\d+\/(bucket|elsewhere)\/logo\.png; not followed$/,
          );
          return true;
        },
      );
    }
    assert.deepEqual(other.requests, []);
  });
});

/** `tradedeck ARGS...` with node's peak resident set size (VmHWM, kB) reported at exit on stderr */
function runMeasured(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; err: string; peakKb: number; ms: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'td-hwm-'));
  const probe = join(dir, 'hwm.cjs');
  writeFileSync(
    probe,
    `process.on('exit', () => { const s = require('fs').readFileSync('/proc/self/status', 'utf8'); require('fs').writeSync(2, 'VmHWM ' + /VmHWM:\\s+(\\d+)/.exec(s)[1] + '\\n'); });\n`,
  );
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', probe, CLI, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      removeTree(dir);
      const peak = /^VmHWM (\d+)$/m.exec(err);
      resolve({
        code,
        err: err.replace(/^VmHWM \d+\n/m, ''),
        peakKb: peak ? Number(peak[1]) : NaN,
        ms: Date.now() - started,
      });
    });
  });
}

describe('response size', () => {
  const MB = 1024 * 1024;
  // 60 gzip members of 10 MB of zeros each: ~600 KB on the wire, 600 MB once decompressed
  const member = gzipSync(Buffer.alloc(10 * MB), { level: 9 });
  const bomb = Buffer.concat(Array.from({ length: 60 }, () => member));

  test('a compression bomb: `tokens` fails at once with one line, peak memory far below the bomb', async (t) => {
    assert.ok(bomb.length < 700 * 1024, `the bomb is ${bomb.length} bytes`);
    front.rule = (req) =>
      req.path.startsWith('/tokens/')
        ? { status: 200, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: bomb }
        : 'pass';
    const before = front.seen.length;
    const home = mkdtempSync(join(tmpdir(), 'td-bomb-'));
    try {
      const run = await runMeasured(['tokens', '--base-url', front.url], {
        ...cleanEnv(home),
        TRADEDECK_API_KEY: API_KEY,
      });
      t.diagnostic(`peak RSS ${Math.round(run.peakKb / 1024)} MB, ${run.ms} ms`);
      assert.equal(run.code, 1, run.err);
      assert.equal(
        run.err,
        'tradedeck tokens: GET /tokens/v2/{category}/{interval}: the response is larger than 20 MB once decompressed; not read\n',
      );
      assert.ok(run.peakKb < 300 * 1024, `peak RSS ${Math.round(run.peakKb / 1024)} MB`);
      assert.equal(front.seen.length - before, 1, 'not retried');
    } finally {
      removeTree(home);
    }
  });

  test('deflate and br bombs, and a plain body past the limit (declared or not), are refused and not retried', async () => {
    const zeros = Buffer.alloc(MAX_RESPONSE_BYTES + MB);
    const cases: Array<{ name: string; headers: Record<string, string>; body: Buffer; message: string }> = [
      {
        name: 'deflate',
        headers: { 'content-encoding': 'deflate' },
        body: deflateSync(zeros),
        message: 'larger than 20 MB once decompressed',
      },
      {
        name: 'br',
        headers: { 'content-encoding': 'br' },
        body: brotliCompressSync(zeros, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } }),
        message: 'larger than 20 MB once decompressed',
      },
      { name: 'plain, chunked', headers: {}, body: zeros, message: 'larger than 20 MB; not read' },
    ];
    for (const c of cases) {
      front.rule = () => ({
        status: 200,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...c.headers },
        body: c.body,
      });
      const before = front.seen.length;
      const e = await apiError(listTokens());
      assert.ok(
        e.message.startsWith('GET /tokens/v2/{category}/{interval}: the response is ') && e.message.includes(c.message),
        `${c.name}: ${e.message}`,
      );
      assert.equal(e.retryable, false);
      assert.equal(front.seen.length - before, 1, `${c.name}: not retried`);
    }
    // a length declared past the limit is refused before the body is read (the stand-in sends none)
    front.rule = () => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_RESPONSE_BYTES + 1) },
    });
    const e = await apiError(listTokens());
    assert.equal(e.message, 'GET /tokens/v2/{category}/{interval}: the response is larger than 20 MB; not read');
    // and the RPC the same
    front.rule = () => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: bomb,
    });
    await assert.rejects(createRpcClient({ url: `${front.url}/rpc` }).getSlot(), (err: unknown) => {
      assert.ok(err instanceof RpcError);
      assert.equal(err.message, 'getSlot: the response is larger than 20 MB once decompressed; not read');
      return true;
    });
  });

  test('a gzip body within the limit is read as before', async () => {
    front.rule = () => 'pass';
    const list = await listTokens();
    assert.ok(list.length > 0);
    const body = JSON.stringify([]);
    front.rule = () => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(body),
    });
    assert.deepEqual(await listTokens(), []);
    front.rule = () => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: '',
    });
    // an empty body with an encoding header is empty (not a broken gzip stream), and so not JSON
    await assert.rejects(
      listTokens(),
      (e: unknown) =>
        e instanceof ResponseShapeError && e.message === 'GET /tokens/v2/{category}/{interval}: (body) must be JSON',
    );
  });
});

describe('headless commands against a hostile service', () => {
  test('`tokens` redirected to another origin: one line, exit 1, the other origin receives nothing', async () => {
    redirect('/tokens/', 307, other.url);
    const home = mkdtempSync(join(tmpdir(), 'td-redir-'));
    try {
      const run = await runMeasured(['tokens', '--base-url', front.url], {
        ...cleanEnv(home),
        TRADEDECK_API_KEY: API_KEY,
      });
      assert.equal(run.code, 1);
      assert.equal(
        run.err,
        `tradedeck tokens: the service redirected GET /tokens/v2/{category}/{interval} to ${other.url}/tokens/v2/toporganicscore/24h; not followed\n`,
      );
      assert.deepEqual(other.requests, []);
    } finally {
      removeTree(home);
    }
  });

  test('a silent service: a command gives up within 1.5 x --timeout-ms, says so, exit 1', async () => {
    front.rule = () => 'silent';
    const before = front.seen.length;
    const home = mkdtempSync(join(tmpdir(), 'td-silent-'));
    try {
      const run = await runMeasured(['tokens', '--base-url', front.url, '--timeout-ms', '1000'], {
        ...cleanEnv(home),
        TRADEDECK_API_KEY: API_KEY,
      });
      assert.equal(run.code, 1);
      assert.match(
        run.err,
        /^tradedeck tokens: GET \/tokens\/v2\/\{category\}\/\{interval\}: no response within \d+ ms \(after [12] attempts?; 1\.5 s allowed in all\)\n$/,
      );
      // without the budget: 4 attempts of 1 s and the waits between them
      assert.ok(front.seen.length - before <= 2, `${front.seen.length - before} attempts`);
    } finally {
      removeTree(home);
    }
  });
});
