// The service's orders from the wallet's vault, against the simulator over loopback HTTP with real
// signatures (live mode, the market frozen: only prices set on purpose move, and the keeper runs as
// simulated time is advanced): an OCO placed by the standing orders' words with custody vault (the
// vault registered and the deposit confirmed, each in its dialog), listed, changed, filled by the
// keeper with its fill told as an event; a cancel withdraws to the wallet; a DCA from the vault; a
// hostile service changing the deposit refused before anything is signed; the login token in no
// file of the state directory.
import { test } from 'node:test';
import { nth } from '../support/narrow.js';
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { Services } from '../../src/services/index.js';
import type { SimHandle } from '../../src/sim/index.js';
import { createStanding } from '../../src/orders/standing/create.js';
import type { StandingCommand } from '../../src/orders/standing/input.js';
import { readJournalFile } from '../../src/journal/journal.js';
import { loadTokens } from '../../src/actions/swapFlow.js';
import { cancelVaultOrder, editVaultOrder, createVaultOrder } from '../../src/vault/actions.js';
import { orderRefOf, priceOrderTerms, readVault, vaultBalances, type TokenNames } from '../../src/vault/read.js';
import { vaultSessionOf } from '../../src/vault/session.js';
import { watchVault } from '../../src/vault/events.js';
import { vaultDcaPlanOf } from '../../src/vault/plan.js';
import { parseDcaArgs } from '../../src/actions/orderRequest.js';
import { knownTokens } from '../../src/actions/swapFlow.js';
import { signerServices } from '../support/services.js';
import { startSignerRig } from '../support/cli.js';
import { startRewritingProxy } from '../support/rewritingProxy.js';
import { instruction, replaceInstructions } from '../support/rewrite.js';
import { randomAddress } from '../support/tx.js';

const SYSTEM = '11111111111111111111111111111111';

interface Rig {
  sim: SimHandle;
  dir: string;
  stateDir: string;
  keyPath: string;
  address: string;
}

async function rig(t: { after(fn: () => unknown): void }, seed = 31): Promise<Rig> {
  const r = await startSignerRig(seed, 'td-vault-', { timeScale: 0 });
  t.after(() => r.close());
  return { sim: r.sim, dir: r.home, stateDir: join(r.home, 'state'), keyPath: r.keyPath, address: r.address };
}

async function open(t: { after(fn: () => unknown): void }, r: Rig, baseUrl = r.sim.url) {
  const opened = await signerServices(t, r, { baseUrl });
  await loadTokens(opened.s);
  return opened;
}

/** Answers every dialog the action asks (the vault's registering, then the deposit) with `ok`, until it ends. */
async function confirming<T>(s: Services, run: Promise<T>, ok = true): Promise<T> {
  let done = false;
  void run.finally(() => (done = true));
  while (!done) {
    const head = s.confirm.getState().queue[0];
    if (head) s.confirm.getState().answer(head.id, ok);
    await new Promise((r) => setTimeout(r, 5));
  }
  return run;
}

async function place(s: Services, command: StandingCommand, words: string) {
  return confirming(s, createStanding(s, command, [...words.split(' '), 'custody', 'vault']));
}

const names = (s: Services): TokenNames => ({
  symbol: (m) => s.catalog.getState().latest[m]?.symbol ?? m,
  decimals: (m) => s.catalog.getState().latest[m]?.decimals,
});

const reader = (s: Services) => ({ api: s.api, rpc: s.rpc!, session: vaultSessionOf(s) });
const v2 = (sim: SimHandle) => sim.requests().filter((q) => q.path.startsWith('/trigger/v2/'));

/** Every file under `dir`, read whole. */
async function allFiles(dir: string): Promise<string> {
  let text = '';
  for (const name of await readdir(dir, { recursive: true })) {
    const p = join(dir, name);
    if ((await stat(p)).isFile()) text += await readFile(p, 'utf8');
  }
  return text;
}

test('an OCO from the vault: registered and deposited in two dialogs, listed, changed, filled by the keeper (stop-loss leg), told as an event; the token in no file', async (t) => {
  const r = await rig(t);
  // a proxy that passes everything through, keeping the token the service issued, to look for it afterwards
  const proxy = await startRewritingProxy(t, r.sim.url);
  const tokens: string[] = [];
  proxy.onAnswer = (req, answer) => {
    if (req.path === '/trigger/v2/auth/verify') tokens.push((answer as { token: string }).token);
    return answer;
  };
  const { s, events } = await open(t, r, proxy.url);
  const walletSolBefore = r.sim.kernel.ledger.balance(r.address, NATIVE_MINT);
  const asked: string[] = [];
  s.confirm.subscribe(
    (st) => st.queue[0] && !asked.includes(st.queue[0].view.title) && asked.push(st.queue[0].view.title),
  );
  const made = await place(s, 'oco', '0.5 SOL tp 250 sl 100 USDC');
  assert.equal(made.status, 'success', made.message);
  const id = made.vault!.id!;
  assert.match(nth(asked, 0), /^Register a vault for wallet/);
  assert.match(
    nth(asked, 1),
    /^OCO from the vault: when SOL is at or above \$250\.00 \(take-profit\) or at or below \$100\.00/,
  );
  // the service's requests: the login, the vault, the deposit, the create
  const paths = v2(r.sim).map((q) => `${q.method} ${q.path}`);
  for (const p of [
    'POST /trigger/v2/auth/challenge',
    'POST /trigger/v2/auth/verify',
    'GET /trigger/v2/vault/register',
    'POST /trigger/v2/deposit/craft',
    'POST /trigger/v2/orders/price',
  ])
    assert.ok(paths.includes(p), `${p} in ${paths.join(', ')}`);
  const create = v2(r.sim).find((q) => q.path === '/trigger/v2/orders/price')!.body as Record<string, unknown>;
  assert.equal(create.orderType, 'oco');
  assert.equal(create.tpPriceUsd, 250);
  assert.equal(create.slPriceUsd, 100);
  assert.equal(create.inputAmount, '500000000');
  assert.equal(typeof create.expiresAt, 'number');
  assert.equal('tpSlippageBps' in create, false, "no slippage given: the service's defaults");

  // the vault holds the deposit (read from the chain), the wallet paid it and a fee
  const reading = await readVault(reader(s), 'active');
  const vault = reading.vault!.vaultPubkey;
  assert.deepEqual((await vaultBalances(s.rpc!, vault)).find((b) => b.mint === NATIVE_MINT)?.raw, 500_000_000n);
  const paid = walletSolBefore - r.sim.kernel.ledger.balance(r.address, NATIVE_MINT);
  assert.ok(paid >= 500_000_000n && paid < 500_100_000n, String(paid));
  assert.deepEqual(
    reading.price.map((o) => o.id),
    [id],
  );
  // journalled under the vault group, with the deposit's signature
  const journal = await readJournalFile(join(r.stateDir, 'journal.jsonl'));
  const entry = journal.entries.find((e) => e.group === 'vault');
  assert.equal(entry?.action, 'create-oco');
  assert.equal(entry?.status, 'success');

  // changed: the take-profit higher (PATCH, nothing signed)
  const ref = orderRefOf(reading, id, names(s))!;
  const edited = await confirming(s, editVaultOrder(s, ref, { tpPriceUsd: 260 }));
  assert.equal(edited.status, 'success', edited.message);
  const patch = v2(r.sim).find((q) => q.method === 'PATCH')!;
  assert.deepEqual(patch.body, { orderType: 'oco', tpPriceUsd: 260 });
  // a take-profit under the stop-loss is refused before sending
  const before = v2(r.sim).length;
  const wrong = await editVaultOrder(s, ref, { tpPriceUsd: 90 });
  assert.equal(wrong.status, 'refused');
  assert.match(wrong.message, /tp \$90\.00 would not be above sl \$100\.00/);
  assert.equal(v2(r.sim).length, before, 'nothing sent');

  // the keeper fills the stop-loss leg once the price crosses it
  const watch = watchVault(s.api, vaultSessionOf(s), () => names(s));
  assert.deepEqual(await watch.read(), [], 'the first reading only learns');
  r.sim.setPrice(NATIVE_MINT, 99);
  r.sim.advance(4);
  const changes = await watch.read();
  assert.equal(changes.length, 1, JSON.stringify(changes));
  assert.equal(nth(changes, 0).event.type, 'order.filled');
  assert.equal(nth(changes, 0).event.data?.orderContext, 'stop_loss');
  assert.match(nth(changes, 0).text, /stop-loss filled: 0\.5 SOL for [\d.]+ USDC/);
  for (const c of changes) s.notify('Orders', c.text, c.event);
  assert.equal(events.find((e) => e.type === 'order.filled')?.data.order, id);
  const past = await readVault(reader(s), 'past');
  const filled = past.price.find((o) => o.id === id)!;
  assert.equal(filled.orderState, 'filled');
  assert.equal((await vaultBalances(s.rpc!, vault)).find((b) => b.mint === NATIVE_MINT)?.raw, 0n);

  // the token the service issued is in no file of the state directory, nor any event
  const token = tokens[0];
  assert.ok(token && token.split('.').length === 3, 'the service issued a token');
  assert.equal((await allFiles(r.stateDir)).includes(token!), false);
  assert.equal(JSON.stringify(events).includes(token!), false);
  assert.equal(JSON.stringify(vaultSessionOf(s)).includes(token!), false);
});

test('a trigger under a cent is stated with its digits and the other way round, in the dialog and the listing, and sent as typed', async (t) => {
  const r = await rig(t);
  const { s } = await open(t, r);
  const views: Array<{ title: string; lines: string[] }> = [];
  s.confirm.subscribe((st) => {
    const v = st.queue[0]?.view;
    if (v && !views.some((w) => w.title === v.title))
      views.push({ title: v.title, lines: v.summary.map((l) => `${l.label} ${l.value}`) });
  });
  // the price written the other way round by mistake (USDC per SOL): far under the market, said as such
  const made = await place(s, 'stop', '0.5 SOL @0.0066 USDC');
  assert.equal(made.status, 'success', made.message);
  const dialog = views.find((v) => v.title.startsWith('Stop-loss from the vault'));
  assert.ok(dialog, views.map((v) => v.title).join(' | '));
  assert.match(dialog.title, /^Stop-loss from the vault: when SOL is at or below \$0\.006600, sell 0\.5 SOL for USDC/);
  assert.ok(
    dialog.lines.includes('Trigger SOL at or below $0.006600 (the service watches its USD price; $1 = 151.52 SOL)'),
    dialog.lines.join('\n'),
  );
  assert.ok(
    dialog.lines.some((l) => /^Market now SOL \$\d+\.\d\d \(token list USD price\)$/.test(l)),
    dialog.lines.join('\n'),
  );
  const create = v2(r.sim).find((q) => q.path === '/trigger/v2/orders/price')!.body as Record<string, unknown>;
  assert.equal(create.triggerPriceUsd, 0.0066);
  const reading = await readVault(reader(s), 'active');
  assert.deepEqual(
    reading.price.map((o) => priceOrderTerms(o)),
    ['below 0.006600'],
  );
});

test('a cancel: the order stops and its withdrawal, signed once confirmed, returns the funds to the wallet; declined, nothing is signed', async (t) => {
  const r = await rig(t, 32);
  const { s } = await open(t, r);
  const made = await place(s, 'stop', '0.5 SOL @100 USDC slippage 1%');
  assert.equal(made.status, 'success', made.message);
  const create = v2(r.sim).find((q) => q.path === '/trigger/v2/orders/price')!.body as Record<string, unknown>;
  assert.equal(create.slippageBps, 100, "the person's own slippage");
  assert.equal(create.triggerCondition, 'below');
  const id = made.vault!.id!;
  const reading = await readVault(reader(s), 'active');
  const ref = orderRefOf(reading, id, names(s))!;
  const walletBefore = r.sim.kernel.ledger.balance(r.address, NATIVE_MINT);
  const declined = await confirming(s, cancelVaultOrder(s, ref), false);
  assert.equal(declined.status, 'cancelled');
  assert.equal(
    v2(r.sim).filter((q) => q.path.includes('confirm-cancel')).length,
    0,
    'declined: no withdrawal handed over',
  );
  const done = await confirming(s, cancelVaultOrder(s, ref));
  assert.equal(done.status, 'success', done.message);
  const got = r.sim.kernel.ledger.balance(r.address, NATIVE_MINT) - walletBefore;
  assert.ok(got > 499_000_000n && got <= 500_000_000n, String(got));
  const past = await readVault(reader(s), 'past');
  assert.equal(past.price.find((o) => o.id === id)?.orderState, 'cancelled');
});

test("the vault's DCA: each round worth 10 USD or more, placed and cancelled with its withdrawal", async (t) => {
  const r = await rig(t, 33);
  const { s } = await open(t, r);
  const plan = vaultDcaPlanOf(parseDcaArgs(['40', 'USDC', 'SOL', '2', '1h'], knownTokens(s), s.now(), false), s.now());
  const made = await confirming(s, createVaultOrder(s, plan));
  assert.equal(made.status, 'success', made.message);
  const body = v2(r.sim).find((q) => q.path === '/trigger/v2/orders/dca')!.body as Record<string, unknown>;
  assert.equal(body.orderCount, 2);
  assert.equal(body.intervalSeconds, 3600);
  assert.equal(body.inputAmount, '40000000');
  const reading = await readVault(reader(s), 'active');
  const ref = orderRefOf(reading, made.id!, names(s))!;
  assert.equal(ref.family, 'dca');
  const before = r.sim.kernel.ledger.balance(r.address, USDC_MINT);
  const done = await confirming(s, cancelVaultOrder(s, ref));
  assert.equal(done.status, 'success', done.message);
  assert.ok(r.sim.kernel.ledger.balance(r.address, USDC_MINT) > before);
  assert.throws(
    () => vaultDcaPlanOf(parseDcaArgs(['15', 'USDC', 'SOL', '2', '1h'], knownTokens(s), s.now(), false), s.now()),
    /total: \$15\.00 is under the service's minimum of 20 USD|rounds would be \$7\.50/,
  );
});

test('a hostile service changing the deposit: sent elsewhere, or more than asked, or a vault of its choosing: refused, nothing signed, no order made', async (t) => {
  const r = await rig(t, 34);
  const proxy = await startRewritingProxy(t, r.sim.url);
  const { s } = await open(t, r, proxy.url);
  const attacker = randomAddress();
  const u64 = (n: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(n);
    return b;
  };
  const transfer = (to: string, lamports: bigint) =>
    instruction(
      SYSTEM,
      [
        [r.address, 'ws'],
        [to, 'w'],
      ],
      Buffer.concat([Buffer.from(new Uint32Array([2]).buffer), u64(lamports)]),
    );
  const cases: Array<[string, (d: Record<string, any>) => Record<string, any>, RegExp]> = [
    [
      'the deposit sent to another account',
      (d) => ({ ...d, transaction: replaceInstructions(d.transaction, transfer(attacker, 500_000_000n)) }),
      /sends 0\.5 SOL from the wallet to \S+, which is not the wallet's own account/,
    ],
    [
      'twice the deposit to the vault',
      (d) => ({ ...d, transaction: replaceInstructions(d.transaction, transfer(d.receiverAddress, 1_000_000_000n)) }),
      /moves 1 SOL out of the wallet, more than the 0\.5 SOL quoted/,
    ],
    [
      'the deposit to a vault the service names instead',
      (d) => ({
        ...d,
        receiverAddress: attacker,
        transaction: replaceInstructions(d.transaction, transfer(attacker, 500_000_000n)),
      }),
      /the deposit pays \S+, not the wallet's vault \S+; nothing was signed/,
    ],
  ];
  // the vault made first, honestly
  const first = await place(s, 'oco', '0.5 SOL tp 250 sl 100 USDC');
  assert.equal(first.status, 'success', first.message);
  for (const [name, change, refusal] of cases) {
    proxy.onAnswer = (req, answer) =>
      req.path === '/trigger/v2/deposit/craft' ? change(answer as Record<string, any>) : answer;
    const creates = v2(r.sim).filter((q) => q.path === '/trigger/v2/orders/price').length;
    const signedBefore = (await readJournalFile(join(r.stateDir, 'journal.jsonl'))).entries.length;
    const made = await place(s, 'oco', '0.5 SOL tp 251 sl 101 USDC');
    assert.equal(made.status, 'refused', `${name}: ${made.message}`);
    assert.match(made.message, refusal, name);
    assert.equal(v2(r.sim).filter((q) => q.path === '/trigger/v2/orders/price').length, creates, `${name}: no create`);
    assert.equal(
      (await readJournalFile(join(r.stateDir, 'journal.jsonl'))).entries.length,
      signedBefore,
      `${name}: nothing journalled or signed`,
    );
  }
});

test('an order worth more than the keeper sells at once fills in parts: each part told as partly filled with its leg, the last as filled; the listing says partly filled', async (t) => {
  const r = await rig(t, 35);
  const { s } = await open(t, r);
  const made = await place(s, 'oco', '2 SOL tp 250 sl 100 USDC');
  assert.equal(made.status, 'success', made.message);
  const id = made.vault!.id!;
  const watch = watchVault(s.api, vaultSessionOf(s), () => names(s));
  await watch.read();
  r.sim.setPrice(NATIVE_MINT, 99);
  r.sim.advance(2);
  const first = await watch.read();
  assert.ok(first.length >= 1, 'a part filled');
  assert.ok(first.every((c) => c.event.type === 'order.partly_filled' && c.event.data?.orderContext === 'stop_loss'));
  assert.match(nth(first, 0).text, /stop-loss filled in part: 0\.5 SOL for [\d.]+ USDC/);
  const open1 = (await readVault(reader(s), 'active')).price.find((o) => o.id === id);
  const { priceOrderJson } = await import('../../src/vault/read.js');
  const listed = priceOrderJson(open1!);
  assert.equal(listed.partiallyFilled, true);
  assert.equal(listed.fills.length, first.length);
  r.sim.advance(20);
  const rest = await watch.read();
  assert.equal(nth(rest, rest.length - 1).event.type, 'order.filled');
  assert.equal(
    first.length + rest.length,
    4,
    'four parts in all, each told once: ' + [...first, ...rest].map((c) => c.text).join(' | '),
  );
});
