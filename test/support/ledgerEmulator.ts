// An emulated Ledger with the Solana app, at the APDU level, served as the Speculos emulator's REST
// API (POST /apdu {"data": hex} answers {"data": hex + status word}; GET /events lists what the
// screen showed), so that tradedeck's `speculos://HOST:PORT` drives Ledger's real kits against it.
// Its keys are real Ed25519 keys derived from a seed by SLIP-0010 (hardened indexes only, as the
// app does), so the signatures it returns are checked by the simulator like any other.
//
// An APDU is CLA INS P1 P2 [Lc data] (the transport's first one, B0 01 00 00, has no Lc).
// What it answers (the facts are the Solana app's and the OS's):
//   B0 01           the open app and its version (the dashboard is "BOLOS")
//   E0 04           the app's configuration: blind signing, public key display, version
//   E0 05 P1=0|1    GET_PUBKEY for a derivation path; P1=1 shows it and waits for the person
//   E0 06 P1=1      SIGN_MESSAGE in chunks of at most 255 bytes (P2 0x02: more follow, 0x01: this
//                   one extends the message); the last one shows the message hash and waits
//   status words    9000 ok, 6985 refused by the person, 6808 blind signing off (or not asked to
//                   confirm), 5515 locked, 6e00 not the Solana app, 6d00 an instruction it lacks,
//                   6a80 a chunk that extends nothing
// The person at the device is the test: `decide` approves or refuses at once, or holds the answer
// until approve() or refuse() (waitForPrompt() says when something is on its screen).
import { createHash, createHmac, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeBase58 } from '../../src/chain/base58.js';
import { first, nth } from './narrow.js';

const HARDENED = 0x80000000;
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface Prompt {
  kind: 'sign' | 'address';
  /** the derivation path's indexes, hardened bit removed */
  path: number[];
  /** sign: the message that was sent whole, and the hash the screen showed */
  message?: Uint8Array;
  hash?: string;
  /** address: the address the screen showed */
  address?: string;
}

export interface Apdu {
  cla: number;
  ins: number;
  p1: number;
  p2: number;
  length: number;
  /** the status word answered, 4 hex digits */
  status: string;
}

export interface EmulatorState {
  /** the app open on the device ("Solana", "Ethereum", or the dashboard "BOLOS") */
  app: string;
  version: string;
  locked: boolean;
  blindSigning: boolean;
  /** what the person does when something waits for approval */
  decide: 'approve' | 'refuse' | 'hold';
  /** a broken device: it signs the message with its last byte changed */
  tamper: boolean;
}

export interface LedgerEmulator {
  /** http://127.0.0.1:PORT */
  url: string;
  /** speculos://127.0.0.1:PORT, with ?key=... when `key` is given */
  keyUrl(key?: string): string;
  state: EmulatorState;
  /** the address of a derivation path (without the hardened bit): [44, 501, 0] */
  addressOf(path: number[]): string;
  /** every APDU received, in order */
  apdus: Apdu[];
  /** every HTTP request, method and path */
  requests: string[];
  /** everything shown for approval, in order */
  prompts: Prompt[];
  /** resolves with the prompt waiting for approval (held), now or when one comes */
  waitForPrompt(): Promise<Prompt>;
  approve(): void;
  refuse(): void;
  close(): Promise<void>;
}

interface Key {
  privateKey: KeyObject;
  publicKey: Buffer;
}

/** SLIP-0010 for Ed25519: every index hardened. */
function derive(seed: Uint8Array, path: number[]): Key {
  let digest = createHmac('sha512', 'ed25519 seed').update(seed).digest();
  for (const index of path) {
    const data = Buffer.alloc(37);
    digest.copy(data, 1, 0, 32);
    data.writeUInt32BE((index | HARDENED) >>> 0, 33);
    digest = createHmac('sha512', digest.subarray(32)).update(data).digest();
  }
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, digest.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return { privateKey, publicKey: Buffer.from(spki.subarray(spki.length - 32)) };
}

function readPath(data: Buffer, at: number): { path: number[]; end: number } | undefined {
  const count = data[at];
  if (count === undefined || count < 2 || count > 5 || data.length < at + 1 + count * 4) return undefined;
  const path: number[] = [];
  for (let i = 0; i < count; i++) path.push(data.readUInt32BE(at + 1 + i * 4) & ~HARDENED);
  return { path, end: at + 1 + count * 4 };
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

export async function startLedgerEmulator(
  options: Partial<EmulatorState> & { seed?: Uint8Array } = {},
): Promise<LedgerEmulator> {
  const seed = options.seed ?? createHash('sha256').update('tradedeck emulated ledger').digest();
  const state: EmulatorState = {
    app: options.app ?? 'Solana',
    version: options.version ?? '1.12.1',
    locked: options.locked ?? false,
    blindSigning: options.blindSigning ?? true,
    decide: options.decide ?? 'approve',
    tamper: options.tamper ?? false,
  };
  const apdus: Apdu[] = [];
  const requests: string[] = [];
  const prompts: Prompt[] = [];
  const events: Array<{ text: string; x: number; y: number }> = [];
  let signing: { path: number[]; chunks: Buffer[] } | undefined;
  let held: { prompt: Prompt; answer: (approved: boolean) => void } | undefined;
  const promptWaiters: Array<(p: Prompt) => void> = [];

  const show = (lines: string[]) => {
    events.length = 0;
    lines.forEach((text, i) => events.push({ text, x: 0, y: i * 16 }));
  };

  /** Shows a prompt and answers once the person decides: `ok` when approved, 6985 when refused. */
  const ask = (prompt: Prompt, ok: () => string): Promise<string> => {
    prompts.push(prompt);
    if (state.decide !== 'hold') return Promise.resolve(state.decide === 'approve' ? ok() : '6985');
    return new Promise((resolve) => {
      held = {
        prompt,
        answer: (approved) => {
          held = undefined;
          resolve(approved ? ok() : '6985');
        },
      };
      for (const w of promptWaiters.splice(0)) w(prompt);
    });
  };

  const answer = async (apdu: Buffer): Promise<string> => {
    const [cla, ins, p1, p2] = first(apdu, 4);
    const data = apdu.subarray(5, 5 + (apdu[4] ?? 0));
    if (state.locked) return '5515';
    if (cla === 0xb0 && ins === 0x01) {
      const name = Buffer.from(state.app);
      const version = Buffer.from(state.version);
      return `${hex(Buffer.concat([Buffer.from([1, name.length]), name, Buffer.from([version.length]), version, Buffer.from([1, 0])]))}9000`;
    }
    if (cla !== 0xe0 || state.app !== 'Solana') return '6e00';
    if (ins === 0x04) {
      const [major, minor, patch] = first(state.version.split('.').map(Number), 3);
      return `${hex(Buffer.from([state.blindSigning ? 1 : 0, 0, major, minor, patch]))}9000`;
    }
    if (ins === 0x05) {
      const read = readPath(data, 0);
      if (!read) return '6a80';
      const key = derive(seed, read.path);
      if (p1 === 0) return `${hex(key.publicKey)}9000`;
      const address = encodeBase58(key.publicKey);
      show(['Verify Solana address', address]);
      return ask({ kind: 'address', path: read.path, address }, () => `${hex(key.publicKey)}9000`);
    }
    if (ins === 0x06) {
      if (p1 !== 1) return '6808';
      if ((p2 & 0x01) === 0) {
        // the first chunk: one signer, its derivation path, then the message
        const read = data[0] === 1 ? readPath(data, 1) : undefined;
        if (!read) return '6a80';
        signing = { path: read.path, chunks: [data.subarray(read.end)] };
      } else if (signing) signing.chunks.push(Buffer.from(data));
      else return '6a80';
      if (p2 & 0x02) return '9000';
      const { path, chunks } = signing;
      signing = undefined;
      const message = Buffer.concat(chunks);
      // every transaction tradedeck sends calls a program the app cannot describe: blind signing
      if (!state.blindSigning) return '6808';
      const hash = encodeBase58(createHash('sha256').update(message).digest());
      show(['Unrecognized format', 'Message Hash', hash, 'Approve', 'Reject']);
      const signed = state.tamper
        ? Buffer.concat([message.subarray(0, -1), Buffer.from([nth(message, message.length - 1) ^ 1])])
        : message;
      return ask(
        { kind: 'sign', path, message, hash },
        () => `${hex(sign(null, signed, derive(seed, path).privateKey))}9000`,
      );
    }
    return '6d00';
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      requests.push(`${req.method} ${path}`);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && path === '/events') return json(200, { events });
      if (req.method !== 'POST' || path !== '/apdu') return json(404, { error: 'not found' });
      let apdu: Buffer;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: unknown };
        if (typeof body.data !== 'string' || !/^([0-9a-f]{2})+$/i.test(body.data) || body.data.length < 8)
          throw new Error('data');
        apdu = Buffer.from(body.data, 'hex');
      } catch {
        return json(400, { error: 'expected {"data": "<apdu hex>"}' });
      }
      void answer(apdu).then((reply) => {
        apdus.push({
          cla: nth(apdu, 0),
          ins: nth(apdu, 1),
          p1: nth(apdu, 2),
          p2: nth(apdu, 3),
          length: apdu[4] ?? 0,
          status: reply.slice(-4),
        });
        json(200, { data: reply });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    keyUrl: (key) => `speculos://127.0.0.1:${port}${key === undefined ? '' : `?key=${key}`}`,
    state,
    addressOf: (path) => encodeBase58(derive(seed, path).publicKey),
    apdus,
    requests,
    prompts,
    waitForPrompt: () => (held ? Promise.resolve(held.prompt) : new Promise((resolve) => promptWaiters.push(resolve))),
    approve: () => {
      if (!held) throw new Error('nothing waits for approval on the emulated Ledger');
      held.answer(true);
    },
    refuse: () => {
      if (!held) throw new Error('nothing waits for approval on the emulated Ledger');
      held.answer(false);
    },
    close: async () => {
      held?.answer(false);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
