// 4.2 Swap group: quote, build a transaction, or build the separate instructions.
import { guardProgramIdToLabel, guardQuote, guardSwapInstructions, guardSwapResponse } from './guards.js';
import { JsonInteger, postRequest, type CallOptions, type HttpClient } from './http.js';
import type { ProgramIdToLabel, Quote, QuoteParams, SwapInstructionsResponse, SwapRequest, SwapResponse } from './types.js';
import { validateQuote, validateSwapRequest, type QuoteOrigin } from './validate.js';

export interface SwapApi {
  quote(p: QuoteParams, o?: CallOptions): Promise<Quote>;
  swap(b: SwapRequest, o?: CallOptions): Promise<SwapResponse>;
  instructions(b: SwapRequest, o?: CallOptions): Promise<SwapInstructionsResponse>;
  /**
   * GET /swap/v1/program-id-to-label: program id -> DEX label, to name the programs a transaction
   * calls (and the labels `dexes` / `excludeDexes` accept). Read-only and cacheable for a session.
   */
  programIdToLabel(o?: CallOptions): Promise<ProgramIdToLabel>;
}

export function createSwapApi(http: HttpClient): SwapApi {
  // The quote body does not say which instruction version, platform fee or transaction kind it
  // was asked for; remembering it lets swap() check the rules that depend on it.
  const origins = new WeakMap<object, QuoteOrigin>();

  const build = <T>(path: string, b: SwapRequest, o: CallOptions | undefined, guard: (x: unknown, e: string) => T) => {
    validateSwapRequest(b, origins.get(b.quoteResponse));
    // a u64 given as a digit string still goes on the wire as the JSON integer the contract asks for
    const price = b.computeUnitPriceMicroLamports;
    const body = typeof price === 'string' ? { ...b, computeUnitPriceMicroLamports: new JsonInteger(price) } : b;
    return http.request(postRequest(path, body, o), guard);
  };

  return {
    async quote(p, o) {
      validateQuote(p);
      const quote = await http.request(
        {
          method: 'GET',
          endpoint: 'GET /swap/v1/quote',
          path: '/swap/v1/quote',
          query: {
            inputMint: p.inputMint,
            outputMint: p.outputMint,
            amount: p.amount,
            slippageBps: p.slippageBps,
            swapMode: p.swapMode,
            dexes: p.dexes,
            excludeDexes: p.excludeDexes,
            restrictIntermediateTokens: p.restrictIntermediateTokens,
            onlyDirectRoutes: p.onlyDirectRoutes,
            asLegacyTransaction: p.asLegacyTransaction,
            platformFeeBps: p.platformFeeBps,
            maxAccounts: p.maxAccounts,
            instructionVersion: p.instructionVersion,
            dynamicSlippage: p.dynamicSlippage,
          },
          auth: true,
          idempotent: true,
          signal: o?.signal,
        },
        guardQuote,
      );
      origins.set(quote, {
        instructionVersion: p.instructionVersion ?? 'V1',
        platformFeeBps: p.platformFeeBps,
        asLegacyTransaction: p.asLegacyTransaction ?? false,
      });
      return quote;
    },
    async swap(b, o) {
      return build('/swap/v1/swap', b, o, guardSwapResponse);
    },
    async instructions(b, o) {
      return build('/swap/v1/swap-instructions', b, o, guardSwapInstructions);
    },
    async programIdToLabel(o) {
      return http.request(
        {
          method: 'GET',
          endpoint: 'GET /swap/v1/program-id-to-label',
          path: '/swap/v1/program-id-to-label',
          auth: true,
          idempotent: true,
          signal: o?.signal,
        },
        guardProgramIdToLabel,
      );
    },
  };
}
