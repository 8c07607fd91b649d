// The order group's options (receiver, payer, routers left out, referral) and the swap build's
// (wrapping, destination accounts, compute units, expiry, shared accounts, account checks): what
// typed text they accept, what they refuse before any request, what the simulator received, and
// what the confirm dialog says when the output goes to someone else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { encodeBase58 } from '../../src/chain/base58.js';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../src/chain/mints.js';
import { checkForm, swapPath } from '../../src/actions/swapRequest.js';
import { checkOptions, optionByWord, optionValue, swapWords } from '../../src/actions/swapOptions.js';
import { executeSwapForm, fetchInstructions, knownTokens } from '../../src/actions/swapFlow.js';
import { EMPTY_FORM, type SwapForm } from '../../src/store/swap.js';
import type { ConfirmView } from '../../src/store/confirm.js';
import { answerNext, received, submissions, world, type World } from '../support/actions.js';
import { nth } from '../support/narrow.js';
import { waitFor } from '../support/wait.js';

const other = () => encodeBase58(randomBytes(32));
const WALLET = other();
const form = (patch: Partial<SwapForm>): SwapForm => ({
  ...EMPTY_FORM,
  input: 'SOL',
  output: 'USDC',
  amount: '0.1',
  ...patch,
});
const ctx = { wallet: WALLET, inputMint: NATIVE_MINT, outputMint: USDC_MINT, priorityFee: false };

async function nextView(w: World): Promise<ConfirmView> {
  const asked = () => w.services.confirm.getState().queue[0];
  await waitFor(
    () => asked() !== undefined || w.services.swap.getState().outcome !== undefined,
    'a confirmation or an outcome',
    10_000,
  );
  const head = asked();
  if (head) return head.view;
  throw new Error(`no confirmation was asked for (${w.services.swap.getState().outcome?.error ?? 'no outcome'})`);
}

test('hostile option text is refused with the field and the rule: bad base58, short keys, empty or unknown routers, ranges', () => {
  const errors = (patch: Partial<SwapForm>) => checkOptions(form(patch), ctx).errors;
  assert.match(
    errors({ receiver: '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl' }).receiver!,
    /^receiver: must be a base58 address of 32 bytes/,
  );
  // base58 that decodes to 31 bytes is not an address
  assert.match(errors({ payer: encodeBase58(randomBytes(31)) }).payer!, /^payer: must be a base58 address of 32 bytes/);
  assert.match(errors({ receiver: USDC_MINT }).receiver!, /^receiver: EPjFWdd5… is a token's mint, not a wallet/);
  assert.match(errors({ excludeRouters: ',' }).excludeRouters!, /^excludeRouters: item 1 is empty/);
  assert.match(errors({ excludeRouters: 'iris,,partnerz' }).excludeRouters!, /item 2 is empty/);
  // which names exist is the service's to say: the contract's and the current ones pass, and any other name
  assert.equal(errors({ excludeRouters: 'iris,jupiterz' }).excludeRouters, undefined);
  assert.equal(errors({ excludeRouters: 'metis, dflow,okx,newrouter' }).excludeRouters, undefined);
  // but not what cannot be a name: spaces inside, control characters
  assert.match(
    errors({ excludeRouters: 'jupiter z' }).excludeRouters!,
    /^excludeRouters: "jupiter z" is not a router name \(letters, digits and _ \. \+ -, without spaces or control characters\)/,
  );
  assert.match(errors({ excludeRouters: 'okx,\u001b[2J' }).excludeRouters!, /is not a router name/);
  assert.match(errors({ excludeRouters: 'iris,iris' }).excludeRouters!, /"iris" is given twice/);
  assert.match(errors({ referralFee: '60' }).referralFee!, /^referralFee: goes with referralAccount/);
  assert.match(
    errors({ referralAccount: other(), referralFee: '49' }).referralFee!,
    /must be from 50 to 255 \(got "49"\)/,
  );
  assert.match(
    errors({ referralAccount: other(), referralFee: '2.5' }).referralFee!,
    /must be a whole number from 50 to 255/,
  );
  assert.match(errors({ blockhashSlotsToExpiry: '0' }).blockhashSlotsToExpiry!, /must be from 1 to 255/);
  assert.match(errors({ blockhashSlotsToExpiry: '256' }).blockhashSlotsToExpiry!, /must be from 1 to 255/);
  assert.match(
    errors({ computeUnitPriceMicroLamports: '-5' }).computeUnitPriceMicroLamports!,
    /must be a whole number/,
  );
  assert.match(
    checkOptions(form({ computeUnitPriceMicroLamports: '1000' }), { ...ctx, priorityFee: true }).errors
      .computeUnitPriceMicroLamports!,
    /either it or a priority fee, not both/,
  );
  assert.match(
    errors({ destinationTokenAccount: WALLET }).destinationTokenAccount!,
    /this wallet's address, not a token account/,
  );
  // the native destination: only for SOL out, with V2 instructions, alone, with wrapping on
  assert.match(
    errors({ nativeDestinationAccount: other(), instructionVersion: 'V2' }).nativeDestinationAccount!,
    /only when To is SOL/,
  );
  const solOut = { ...ctx, inputMint: USDC_MINT, outputMint: NATIVE_MINT };
  assert.match(
    checkOptions(form({ nativeDestinationAccount: other() }), solOut).errors.nativeDestinationAccount!,
    /needs instruction version V2/,
  );
  assert.match(
    checkOptions(
      form({ nativeDestinationAccount: other(), destinationTokenAccount: other(), instructionVersion: 'V2' }),
      solOut,
    ).errors.nativeDestinationAccount!,
    /not both/,
  );
  assert.match(
    checkOptions(form({ nativeDestinationAccount: other(), instructionVersion: 'V2', wrapAndUnwrapSol: false }), solOut)
      .errors.nativeDestinationAccount!,
    /needs wrapAndUnwrapSol on/,
  );
  assert.deepEqual(checkOptions(form({ nativeDestinationAccount: WALLET, instructionVersion: 'V2' }), solOut).build, {
    nativeDestinationAccount: WALLET,
  });
});

test('this wallet as receiver or payer is the default and is left out of the request; another is kept', () => {
  const mine = checkOptions(form({ receiver: WALLET, payer: ` ${WALLET} ` }), ctx);
  assert.deepEqual(mine.errors, {});
  assert.deepEqual(mine.order, {});
  const them = other();
  assert.deepEqual(
    checkOptions(
      form({ receiver: them, excludeRouters: 'partnerz, iris', referralAccount: them, referralFee: '60' }),
      ctx,
    ).order,
    {
      receiver: them,
      excludeRouters: ['partnerz', 'iris'],
      referralAccount: them,
      referralFee: 60,
    },
  );
  // the build's defaults send nothing; a changed one sends exactly it
  assert.deepEqual(checkOptions(form({}), ctx).build, {});
  assert.deepEqual(
    checkOptions(
      form({
        wrapAndUnwrapSol: false,
        dynamicComputeUnitLimit: true,
        computeUnitPriceMicroLamports: '2500',
        blockhashSlotsToExpiry: '30',
        useSharedAccounts: 'false',
        skipUserAccountsRpcCalls: true,
      }),
      ctx,
    ).build,
    {
      wrapAndUnwrapSol: false,
      dynamicComputeUnitLimit: true,
      computeUnitPriceMicroLamports: 2500,
      blockhashSlotsToExpiry: 30,
      useSharedAccounts: false,
      skipUserAccountsRpcCalls: true,
    },
  );
});

test('a build option takes the swap group; an order option there is named instead of dropped', () => {
  assert.deepEqual(swapPath(form({ wrapAndUnwrapSol: false })), { via: 'swap', why: ['no SOL wrapping'] });
  assert.equal(swapPath(form({ receiver: other() })).via, 'order');
  const check = checkForm(form({ receiver: other(), dynamicComputeUnitLimit: true }), knownTokensOf());
  assert.match(
    check.errors.receiver!,
    /^receiver: the order group's \(s\) only, and this form goes through the swap group \(dynamic compute unit limit\)/,
  );
  assert.equal(check.params, undefined);
});

function knownTokensOf() {
  return knownTokens({ catalog: { getState: () => ({ latest: {} }) } } as never);
}

test(':swap words: fee and WORD VALUE pairs set the form, everything else back to its default; a bad word is named', () => {
  const them = other();
  const patch = swapWords([
    'fee',
    'high',
    '50000',
    'receiver',
    them,
    'exclude-routers',
    'iris',
    'use-shared-accounts',
    'false',
  ]);
  assert.equal(patch.priorityFee, 'high 50000');
  assert.equal(patch.receiver, them);
  assert.equal(patch.excludeRouters, 'iris');
  assert.equal(patch.useSharedAccounts, 'false');
  assert.equal(patch.payer, '');
  assert.equal(patch.wrapAndUnwrapSol, true);
  // the form's other fields too: slippage, route controls, mode
  assert.equal(patch.slippageBps, '');
  assert.equal(patch.dexes, '');
  assert.equal(patch.restrictIntermediateTokens, true);
  assert.equal(patch.mode, 'ExactIn');
  assert.equal(swapWords(['slippage', '1%', 'fee', 'high']).slippageBps, '1%');
  assert.equal(swapWords(['fee', 'high', 'slippage', '50bps']).priorityFee, 'high');
  assert.equal(swapWords(['slippage', 'auto']).slippageBps, '');
  assert.throws(() => swapWords(['slippage']), /^Error: slippage: give a value/);
  assert.throws(() => swapWords(['receiver']), /^Error: receiver: needs a value \(ADDR\)$/);
  assert.throws(() => swapWords(['receiver', 'nope']), /receiver: must be a base58 address of 32 bytes \(got "nope"\)/);
  assert.throws(
    () => swapWords(['exclude-routers', 'iris', 'exclude-routers', 'partnerz']),
    /exclude-routers: given twice/,
  );
  assert.throws(
    () => swapWords(['to', them]),
    /unexpected "to" \(after the tokens: slippage 1%, fee auto\|N\|LEVEL \[MAX\], receiver, exclude-routers/,
  );
  assert.throws(() => swapWords(['wrap-and-unwrap-sol', 'no']), /wrap-and-unwrap-sol: true or false \(got "no"\)/);
  assert.equal(optionValue(optionByWord('skip-user-accounts-rpc-calls')!, true), 'needs a value (true|false)');
});

test('s with a receiver: the order request carries it, the dialog says plainly where the output goes, and it arrives there, not here', async (t) => {
  const them = other();
  const w = await world(t, {
    form: {
      input: 'SOL',
      output: 'USDC',
      amount: '0.1',
      receiver: them,
      excludeRouters: 'partnerz',
      referralAccount: them,
      referralFee: '60',
    },
  });
  const mineBefore = w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT);
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  const at = view.summary.findIndex((l) => l.label === 'Output goes to');
  assert.equal(nth(view.summary, at - 1).label, 'Receiver gets');
  assert.equal(nth(view.summary, at).value, `${them} (another wallet, NOT this one)`);
  assert.equal(nth(view.summary, at).emphasis, 'danger');
  assert.equal(view.warnings[0], `The output goes to ${them}, not to this wallet`);
  assert.equal(view.summary.find((l) => l.label === 'Routers')?.value, 'all but partnerz');
  assert.equal(view.summary.find((l) => l.label === 'Referral')?.value, `${them}, 60 bps of the swap`);
  await answerNext(w.services, true);
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  const order = received(w.sim, '/swap/v2/order').at(-1)!.query;
  assert.equal(order.receiver, them);
  assert.equal(order.excludeRouters, 'partnerz');
  assert.equal(order.referralAccount, them);
  assert.equal(order.referralFee, '60');
  assert.ok(w.sim.kernel.ledger.balance(them, USDC_MINT) > 0n, 'the receiver got USDC');
  assert.equal(w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT), mineBefore);
  assert.match(
    nth(w.services.swap.getState().outcome!.lines, 0),
    new RegExp(`^Paid 0\\.1 SOL, [\\d.,]+ USDC went to ${them} \\(not this wallet\\)$`),
  );
});

test('this wallet as receiver sends no receiver and warns of nothing; a token account as receiver is refused before any request', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.1' } });
  w.services.swap.getState().setForm({ receiver: w.wallet.address, payer: w.wallet.address });
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  assert.equal(
    view.summary.some((l) => l.label === 'Output goes to' || l.label === 'Fees paid by'),
    false,
  );
  assert.equal(
    view.warnings.some((x) => /output goes to/i.test(x)),
    false,
  );
  await answerNext(w.services, false);
  await run;
  const q = received(w.sim, '/swap/v2/order').at(-1)!.query;
  assert.equal('receiver' in q || 'payer' in q, false);

  // another token's mint typed as the receiver (read over RPC: owned by the token program): the output would be lost
  const orders = received(w.sim, '/swap/v2/order').length;
  w.services.swap.getState().setForm({ receiver: USDT_MINT, payer: '' });
  assert.equal(await executeSwapForm(w.services, w.services.swap, 'order'), undefined);
  assert.match(
    w.services.swap.getState().outcome!.error!,
    new RegExp(`^receiver: ${USDT_MINT} is a token account or a mint, not a wallet`),
  );
  assert.equal(received(w.sim, '/swap/v2/order').length, orders);
  // b has no receiver: refused, not dropped
  w.services.swap.getState().setForm({ receiver: other() });
  assert.equal(await executeSwapForm(w.services, w.services.swap, 'swap'), undefined);
  assert.match(
    w.services.swap.getState().outcome!.error!,
    /^receiver: the order group's only \(s\); the swap group \(b\) has no such parameter/,
  );
  assert.equal(received(w.sim, '/swap/v1/quote').length, 0);
  assert.equal(submissions(w.sim).length, 0);
});

test('b with build options: the swap body carries each, the dialog lists them and lasts only the slots asked for', async (t) => {
  const w = await world(t, {
    form: {
      input: 'SOL',
      output: 'USDC',
      amount: '0.1',
      dynamicComputeUnitLimit: true,
      computeUnitPriceMicroLamports: '2500',
      blockhashSlotsToExpiry: '30',
      useSharedAccounts: 'false',
      skipUserAccountsRpcCalls: true,
    },
  });
  const run = executeSwapForm(w.services, w.services.swap, 'swap');
  const view = await nextView(w);
  assert.equal(
    view.summary.find((l) => l.label === 'Build')?.value,
    'compute unit limit from a simulation · valid for 30 slots (about 12 s) · shared accounts off · no user account checks',
  );
  assert.match(
    view.summary.find((l) => l.label === 'Priority fee')!.value,
    /^compute unit price 2,500 micro-lamports asked; the build set/,
  );
  assert.equal(view.expiresAt! - view.builtAt!, 12_000);
  assert.match(
    view.facts.join('\n'),
    /re-quoted if not confirmed within 12s \(it was built to expire after 30 slots\)/,
  );
  await answerNext(w.services, false);
  await run;
  const body = received(w.sim, '/swap/v1/swap').at(-1)!.body as Record<string, unknown>;
  assert.equal(body.dynamicComputeUnitLimit, true);
  assert.equal(body.computeUnitPriceMicroLamports, 2500);
  assert.equal(body.blockhashSlotsToExpiry, 30);
  assert.equal(body.useSharedAccounts, false);
  assert.equal(body.skipUserAccountsRpcCalls, true);
  assert.equal('wrapAndUnwrapSol' in body, false);
});

test('V2 with a native destination: the quote asks V2, the build sends the SOL there, and it arrives there', async (t) => {
  const them = other();
  const w = await world(t, {
    form: { input: 'USDC', output: 'SOL', amount: '20', instructionVersion: 'V2', nativeDestinationAccount: them },
  });
  const run = executeSwapForm(w.services, w.services.swap, 'swap');
  const view = await nextView(w);
  assert.equal(
    view.summary.find((l) => l.label === 'SOL goes to')?.value,
    `${them} (another account, NOT this wallet)`,
  );
  assert.ok(view.warnings.includes(`The SOL bought goes to ${them}, not to this wallet`));
  await answerNext(w.services, true);
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  assert.equal(received(w.sim, '/swap/v1/quote').at(-1)!.query.instructionVersion, 'V2');
  assert.equal(
    (received(w.sim, '/swap/v1/swap').at(-1)!.body as Record<string, unknown>).nativeDestinationAccount,
    them,
  );
  assert.ok(w.sim.kernel.ledger.balance(them, NATIVE_MINT) > 0n, 'the SOL arrived at the native destination');
  assert.match(
    nth(w.services.swap.getState().outcome!.lines, 0),
    new RegExp(`the output went to ${them} \\(not this wallet\\)`),
  );
});

test('wrapAndUnwrapSol off reaches the build request as false', async (t) => {
  const w = await world(t, { form: { input: 'USDC', output: 'SOL', amount: '20', wrapAndUnwrapSol: false } });
  const run = executeSwapForm(w.services, w.services.swap, 'swap');
  const view = await nextView(w);
  assert.match(view.summary.find((l) => l.label === 'Build')!.value, /no SOL wrapping/);
  await answerNext(w.services, false);
  await run;
  // the swap group's current generation: GET /swap/v2/build, with the parameter in its query
  assert.equal(received(w.sim, '/swap/v2/build').at(-1)!.query.wrapAndUnwrapSol, 'false');
});

test('i: the swap instructions are asked with the priority fee and build options of the form', async (t) => {
  const w = await world(t, {
    form: { input: 'SOL', output: 'USDC', amount: '0.1', priorityFee: 'high 50000', useSharedAccounts: 'true' },
  });
  await fetchInstructions(w.services, w.services.swap);
  assert.ok(w.services.swap.getState().instructions, w.services.swap.getState().outcome?.error);
  const body = received(w.sim, '/swap/v1/swap-instructions').at(-1)!.body as Record<string, unknown>;
  assert.deepEqual(body.prioritizationFeeLamports, {
    priorityLevelWithMaxLamports: { priorityLevel: 'high', maxLamports: 50000 },
  });
  assert.equal(body.useSharedAccounts, true);
});
