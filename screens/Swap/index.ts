// The Swap screen module: the form, its live quote (a polled resource like any other) and the
// :swap command, which fills the form and runs the same order-group swap as the s key.
import type { Order, Quote, QuoteParams } from '../../src/api/types.js';
import type { Generation } from '../../src/config/generation.js';
import type { OrderExtras } from '../../src/actions/swapOptions.js';
import { checkForm, liveQuoteKey, orderAsked } from '../../src/actions/swapRequest.js';
import { formGeneration, formPath, knownTokens, swapFromCommand } from '../../src/actions/swapFlow.js';
import { orderOnRoute } from '../../src/actions/swapRoute.js';
import { SWAP_OPTIONS, swapWords } from '../../src/actions/swapOptions.js';
import { barUsage, SHARED_COMMANDS } from '../../src/actions/sharedCommands.js';
import { createSwapStore, type SwapState } from '../../src/store/swap.js';
import { CommandError, knownSymbols } from '../shared/commandArgs.js';
import type { ScreenModule } from '../shared/types.js';
import { SWAP_KEYS, SWAP_SCREEN } from './keys.js';
import { SwapScreen } from './SwapScreen.js';

export const QUOTE_INTERVAL_MS = 10_000;

/** What the pane quotes: the request of the group `s` will swap through. */
interface LiveQuote {
  via: 'order' | 'swap';
  params: QuoteParams;
  /** the order route's receiver, payer, routers, referral, fees, tip and slippage (they change its quote) */
  order: OrderExtras & { slippageBps?: number };
}

/** An order-group answer read as a quote: the fields the pane and the dialog share. */
export function orderAsQuote(o: Order): Quote {
  return {
    ...o,
    swapMode: o.swapMode === 'ExactOut' ? 'ExactOut' : 'ExactIn',
    routePlan: o.routePlan as Quote['routePlan'],
  };
}

/** The `:swap` option words of one group, each with its value. */
const wordsOf = (group: 'order' | 'quote' | 'build') =>
  SWAP_OPTIONS.filter((o) => o.group === group)
    .map((o) => `${o.word} ${o.value}`)
    .join(', ');

export const swapScreen: ScreenModule<SwapState> = {
  id: SWAP_SCREEN,
  title: 'Swap',
  key: '2',
  createStore: () => createSwapStore(),
  resources: [
    {
      id: 'quote',
      intervalMs: QUOTE_INTERVAL_MS,
      // typing "1.5" asks once, not for "1", "1." and "1.5"
      settleMs: 400,
      params: ({ store, services }): LiveQuote | undefined => {
        const st = store.getState();
        // no amount, no quote: the token universe (rebuilt on every catalog change, every list
        // refresh of any screen) is not needed to say so
        if (st.instructionsOpen || st.form.amount.trim() === '') return undefined;
        const check = checkForm(st.form, knownTokens(services), services.wallet?.address, formGeneration(services));
        // the order route's current generation takes the slippage typed
        return check.params && { via: formPath(services, st.form).via, params: check.params, order: orderAsked(check) };
      },
      key: (p: LiveQuote) => liveQuoteKey(p.via, p.params, p.order),
      fetch: async (
        p: LiveQuote,
        signal,
        { services },
      ): Promise<{ quote: Quote; order?: Order; generation?: Generation }> => {
        if (p.via === 'swap') return { quote: await services.api.swap.quote(p.params, { signal }) };
        // Without a taker the order route answers with its quote and no transaction (through the
        // generation in use: the first quote finds it, as the first swap would).
        const { inputMint, outputMint, amount, excludeDexes } = p.params;
        const { order, generation } = await orderOnRoute(
          services,
          { inputMint, outputMint, amount, ...(excludeDexes ? { excludeDexes } : {}), ...p.order },
          { signal },
        );
        return { quote: orderAsQuote(order), order, generation };
      },
      apply: (p: LiveQuote, data: { quote: Quote; order?: Order; generation?: Generation }, at, { store }) =>
        store.getState().setQuote({ key: liveQuoteKey(p.via, p.params, p.order), via: p.via, ...data, at }),
    },
  ],
  keys: SWAP_KEYS,
  commands: [
    {
      name: 'swap',
      // the arguments and the summary: as `tradedeck swap`'s (src/actions/sharedCommands.ts); the options are words here
      usage: barUsage('swap', '[slippage 1%] [fee auto|N|high [max]] [option value]…'),
      help: `${SHARED_COMMANDS.swap.summary}, e.g. :swap 1.5 SOL USDC slippage 1% (confirm first). Each option is a word and its value, and every option not named goes back to its default: slippage 1%|50bps|auto and fee auto|N|high [max] (either takes the swap group); the order group's ${wordsOf('order')}; ${wordsOf('quote')}; the swap build's ${wordsOf('build')} (any of these takes the swap group)`,
      complete: (index, _p, ctx) =>
        index === 1 || index === 2
          ? knownSymbols(ctx)
          : index >= 3 && index % 2 === 1
            ? ['slippage', 'fee', ...SWAP_OPTIONS.map((o) => o.word)]
            : [],
      async run(args, ctx) {
        if (args.length < 3) throw new CommandError('give the amount, the token you pay and the token you get');
        let options;
        try {
          options = swapWords(args.slice(3));
        } catch (e) {
          throw new CommandError((e as Error).message);
        }
        // The form first: the Swap screen then opens on a filled form, not in a field being edited.
        ctx.store.getState().setForm({ amount: args[0], input: args[1], output: args[2], mode: 'ExactIn', ...options });
        ctx.goto(SWAP_SCREEN);
        const shown = ctx.store.getState().outcome;
        const result = await swapFromCommand(ctx.services, ctx.store, args);
        // what arrived leads the line (the pane has the signature and the rest)
        if (result?.status === 'success')
          return ctx.flash(
            'success',
            `${ctx.services.mode === 'paper' ? 'swap filled on paper' : 'swap done'}: ${ctx.store.getState().outcome?.lines[0] ?? ''} · ${result.signature ?? ''}`,
          );
        // refused or failed: the pane says why, and so does the flash line, as for every command
        const outcome = ctx.store.getState().outcome;
        if (outcome && outcome !== shown && outcome.status !== 'success' && outcome.error)
          ctx.flash('error', `swap: ${outcome.error}`);
      },
    },
  ],
  Component: SwapScreen,
};
