// Which generation of the service's swap routes tradedeck uses: the current one (GET /swap/v2/order
// + POST /swap/v2/execute, GET /swap/v2/build) or the first (GET /ultra/v1/order + POST
// /ultra/v1/execute, POST /swap/v1/swap and /swap-instructions). The `apiVersion` setting forces
// one (`v1`, `v2`) or leaves it to what the service serves (`auto`): the first order asks the
// current generation, and a service that answers it "not found" is taken to serve only the first.
// What was found is kept per base URL in the state directory (a service on the embedded simulator
// of demo and paper mode, whose address changes at every start, is kept in memory only).
import { join } from 'node:path';
import { ApiError } from '../api/errors.js';
import { maskUrlCredentials } from '../api/errors.js';
import { finite, looseObject, number, optional, picklist, pipe, record, safeParse, string, unknown } from 'valibot';
import { loadStateFileSync, writeStateFile } from '../state/file.js';

export const API_VERSIONS = ['auto', 'v1', 'v2'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export type Generation = 'v1' | 'v2';

/** The state file that keeps what each service was found to serve. */
export const GENERATION_FILE = 'service-generation.json';
/** A service found to serve only the first generation is asked again after this long (it may have gained the current one). */
export const V1_RECHECK_MS = 24 * 60 * 60 * 1000;

export interface Found {
  generation: Generation;
  /** ms since epoch */
  at: number;
}

export interface GenerationState {
  readonly setting: ApiVersion;
  /** what is kept of this service: undefined when it is not asked (forced) or not found yet */
  found(): Found | undefined;
  /**
   * The generation to use now: the forced one, else the one found; undefined when not known yet
   * (then the current one is asked first, and a "not found" falls back to the first).
   */
  current(): Generation | undefined;
  /** keeps what the service was found to serve (nothing is kept when the setting forces one) */
  record(g: Generation): Promise<void>;
  /** one line: the setting and what was found ("auto: /swap/v2 (found 2026-01-05)") */
  describe(): string;
  /** why the first generation is in use, in words (for what it cannot take); undefined when it is not */
  v1Why(): string | undefined;
  /** the service in words, for messages: "127.0.0.1:8899", "the simulator" */
  readonly name: string;
}

/** The paths of each generation's order route, as said to the person. */
export const ORDER_ROUTE: Record<Generation, string> = {
  v2: 'GET /swap/v2/order + POST /swap/v2/execute',
  v1: 'GET /ultra/v1/order + POST /ultra/v1/execute',
};
export const BASE: Record<Generation, string> = { v2: '/swap/v2', v1: '/ultra/v1' };

/**
 * Whether an error says the service does not serve the path at all: an HTTP 404, or an error
 * body whose code is 404 (the gateway's "not found"). Any other error (a refusal of the request,
 * a rate limit, a server error, the network) says nothing about what is served.
 */
export function notServed(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'http' && (err.status === 404 || err.code === 404);
}

type Kept = Record<string, Found>;

const foundSchema = looseObject({ generation: picklist(['v1', 'v2']), at: pipe(number(), finite()) });
/** the file: what each service was found to serve; an entry that is not one is dropped (found again) */
const keptSchema = looseObject({ services: optional(record(string(), unknown()), {}) });

/** What the state file keeps, by service; a file that cannot be read or used keeps nothing (it is found again). */
export function readKept(stateDir: string): Kept {
  try {
    const file = loadStateFileSync(join(stateDir, GENERATION_FILE), keptSchema);
    const kept: Kept = {};
    for (const [k, v] of Object.entries(file?.services ?? {})) {
      const f = safeParse(foundSchema, v);
      if (f.success) kept[k] = { generation: f.output.generation, at: f.output.at };
    }
    return kept;
  } catch {
    return {};
  }
}

/** The key a service is kept under: its base URL without credentials or a trailing slash. */
export function serviceKey(baseUrl: string): string {
  return maskUrlCredentials(baseUrl).replace(/\/+$/, '');
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A found generation in words: "/swap/v2 (found 2026-01-05)". */
function foundText(f: Found): string {
  return `${BASE[f.generation]} (found ${day(f.at)})`;
}

export interface GenerationOptions {
  setting: ApiVersion;
  /** the service's base URL; undefined: the embedded simulator (kept in memory only) */
  baseUrl?: string;
  stateDir: string;
  /** the service in words ("127.0.0.1:8899", "the simulator") */
  name: string;
  now(): number;
  /** told when what was found could not be kept (the state directory) */
  onProblem?(text: string): void;
}

export function createGenerationState(o: GenerationOptions): GenerationState {
  const key = o.baseUrl === undefined ? undefined : serviceKey(o.baseUrl);
  let found: Found | undefined = key === undefined ? undefined : readKept(o.stateDir)[key];
  // a first generation found long ago is asked again (the service may serve the current one now)
  if (found?.generation === 'v1' && o.now() - found.at > V1_RECHECK_MS) found = undefined;
  const state: GenerationState = {
    setting: o.setting,
    found: () => found,
    current: () => (o.setting === 'auto' ? found?.generation : o.setting),
    async record(g) {
      if (o.setting !== 'auto' || found?.generation === g) return;
      found = { generation: g, at: o.now() };
      if (key === undefined) return;
      try {
        const kept = readKept(o.stateDir);
        kept[key] = found;
        await writeStateFile(o.stateDir, GENERATION_FILE, `${JSON.stringify({ services: kept }, null, 2)}\n`);
      } catch (e) {
        o.onProblem?.(`what ${key} serves could not be kept (${(e as Error).message}); it is found again next time`);
      }
    },
    describe: () => describeSetting(o.setting, found, key === undefined),
    v1Why: () =>
      o.setting === 'v1'
        ? 'api-version v1 is set'
        : o.setting === 'auto' && found?.generation === 'v1'
          ? `${o.name} serves only /ultra/v1 (found ${day(found.at)})`
          : undefined,
    name: o.name,
  };
  return state;
}

/**
 * The generation state of a configuration: live mode keeps what its base URL serves in the state
 * directory; demo and paper mode swap through the embedded simulator, kept in memory only.
 */
export function generationFor(
  config: { apiVersion?: ApiVersion; mode: string; baseUrl?: string; stateDir: string },
  now: () => number,
  onProblem?: (text: string) => void,
): GenerationState {
  const live = config.mode === 'live' && config.baseUrl !== undefined;
  return createGenerationState({
    setting: config.apiVersion ?? 'auto',
    ...(live ? { baseUrl: config.baseUrl } : {}),
    stateDir: config.stateDir,
    name: live ? new URL(config.baseUrl!).host : 'the simulator',
    now,
    ...(onProblem ? { onProblem } : {}),
  });
}

/** The setting in one line, with what was found of the service when it is left to it. */
export function describeSetting(setting: ApiVersion, found: Found | undefined, embedded: boolean): string {
  if (setting !== 'auto')
    return `${setting} (${BASE[setting]} forced${setting === 'v1' ? '; the swap group through /swap/v1' : ''})`;
  if (found) return `auto: ${foundText(found)}`;
  return embedded
    ? 'auto: the embedded simulator serves /swap/v2 (found at the first swap)'
    : 'auto: not found yet (the first swap or quote asks /swap/v2, and falls back to /ultra/v1 if it is not served)';
}

/** `tradedeck config`'s line: the setting, and what the state directory keeps of the configured service. */
export function describeConfigured(setting: ApiVersion, stateDir: string, baseUrl: string | undefined): string {
  const found = baseUrl === undefined ? undefined : readKept(stateDir)[serviceKey(baseUrl)];
  return describeSetting(setting, found, baseUrl === undefined);
}
