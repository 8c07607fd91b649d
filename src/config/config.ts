// Configuration: flags > environment > config file > defaults, validated once at start-up.
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  array,
  boolean,
  check,
  maxValue,
  minValue,
  nonEmpty,
  number,
  optional,
  picklist,
  pipe,
  rawTransform,
  regex,
  safeParse,
  strictObject,
  string,
  transform,
  union,
  unknown,
  type GenericSchema,
} from 'valibot';
import { showControls } from '../text/sanitize.js';
import { isAddress } from '../chain/base58.js';
import { isJsonObject, loadStateFileSync, StateFileError, StateFileProblem } from '../state/file.js';
import { isSendableApiKey, maskUrlCredentials } from '../api/errors.js';
import { DEFAULT_PAPER_BALANCE, parsePaperBalance, type PaperBalance } from './paperBalance.js';
import { isDeviceKeyText, parseDeviceKey, signerName, type DeviceKey } from '../wallet/keyUrl.js';
import { API_VERSIONS, describeConfigured, type ApiVersion } from './generation.js';

/** demo: the embedded simulator; live: the configured service; paper: live prices, simulated fills */
export type Mode = 'demo' | 'live' | 'paper';

export interface Config {
  /**
   * demo: no base URL configured, the embedded simulator serves everything; paper: the embedded
   * simulator signs and fills, its market following the base URL's service (reading only)
   */
  mode: Mode;
  /** paper mode: the account's starting balances (used when it is opened) */
  paperBalance?: PaperBalance[];
  baseUrl?: string;
  apiKey?: string;
  /** the first RPC endpoint (absent: none, or the embedded simulator's) */
  rpcUrl?: string;
  /** every RPC endpoint given, in failover order (rpcUrl is the first) */
  rpcUrls: string[];
  /** path of the key file to sign with (live mode only: unset in demo, paper and watch-only mode, where none is read, and with a device) */
  keypairPath?: string;
  /** the hardware key to sign with (keypair usb://ledger..., speculos://HOST:PORT...) */
  keypairDevice?: DeviceKey;
  /** true when the key file path was not chosen by the person (the Solana CLI default) */
  keypairIsDefault: boolean;
  /** watch-only address */
  address?: string;
  readOnly: boolean;
  allowInsecureKeyfile: boolean;
  timeoutMs: number;
  /**
   * the most one API call may take, retries and their waits included (headless commands:
   * HEADLESS_BUDGET_FACTOR x timeoutMs); unset, the dashboard's calls are bounded by timeoutMs and retries alone
   */
  requestBudgetMs?: number;
  /** seed of the embedded simulator in demo mode */
  seed: number;
  timeScale: number;
  /**
   * tests only (never read from flags, the environment or a file): the demo's simulator gives its
   * funded wallets sample positions and invites, as `tradedeck sim` does. A real demo wallet starts
   * with its balances only.
   */
  demoSamples?: boolean;
  /**
   * tests only (never read from flags, the environment or a file): the demo's simulator serves only
   * the service's first generation (`SimOptions.onlyV1`), as a service without /swap/v2 would.
   */
  demoOnlyV1?: boolean;
  /** which generation of the service's swap routes: v1, v2, or auto (what the service serves, found once and kept) */
  apiVersion: ApiVersion;
  /** where a transaction is shown: {sig} is replaced by its signature */
  explorerUrl: string;
  /** how fills and alerts are told: only the log, a flash line and BEL, or also a desktop notification */
  notify: 'off' | 'bell' | 'desktop';
  /** charts and trends in plain ASCII (as with NO_COLOR) */
  ascii?: boolean;
  /** off-terminal channels for fills, alerts and signing events (src/notify) */
  ntfyUrl?: string;
  ntfyToken?: string;
  webhookUrl?: string;
  notifyCmd?: string;
  stateDir: string;
  configPath: string;
}

export class ConfigError extends Error {
  /** each problem as it may be printed: URL credentials masked, control characters made visible */
  readonly problems: string[];
  constructor(problems: string[]) {
    const shown = problems.map((p) => showControls(maskUrlCredentials(p)));
    super(shown.join('\n'));
    this.problems = shown;
    this.name = 'ConfigError';
  }
}

type Kind = 'url' | 'urls' | 'template' | 'choice' | 'string' | 'path' | 'address' | 'boolean' | 'int' | 'number';

/** A setting: how it is given (its kind decides the rule its value is read with), and where from. */
interface KeySpec {
  kind: Kind;
  env?: string;
  flag?: string;
  min?: number;
  max?: number;
  secret?: boolean;
  /** the values a 'choice' takes */
  choices?: readonly string[];
}

/** Every setting: its config-file key, environment variable and flag. */
export const SETTINGS: Record<string, KeySpec> = {
  baseUrl: { kind: 'url', env: 'TRADEDECK_BASE_URL', flag: '--base-url' },
  apiKey: { kind: 'string', env: 'TRADEDECK_API_KEY', flag: '--api-key', secret: true },
  rpcUrl: { kind: 'urls', env: 'TRADEDECK_RPC_URL', flag: '--rpc-url' },
  keypair: { kind: 'path', env: 'TRADEDECK_KEYPAIR', flag: '--keypair' },
  address: { kind: 'address', env: 'TRADEDECK_ADDRESS', flag: '--address' },
  readOnly: { kind: 'boolean', flag: '--read-only' },
  allowInsecureKeyfile: { kind: 'boolean', flag: '--allow-insecure-keyfile' },
  timeoutMs: { kind: 'int', flag: '--timeout-ms', min: 100, max: 120_000 },
  seed: { kind: 'int', flag: '--seed', min: 0, max: 2 ** 31 - 1 },
  timeScale: { kind: 'number', flag: '--time-scale', min: 0.01, max: 10_000 },
  apiVersion: { kind: 'choice', env: 'TRADEDECK_API_VERSION', flag: '--api-version', choices: API_VERSIONS },
  explorerUrl: { kind: 'template', env: 'TRADEDECK_EXPLORER_URL', flag: '--explorer-url' },
  notify: { kind: 'choice', env: 'TRADEDECK_NOTIFY', flag: '--notify', choices: ['off', 'bell', 'desktop'] },
  ascii: { kind: 'boolean', env: 'TRADEDECK_ASCII', flag: '--ascii' },
  ntfy: { kind: 'url', env: 'TRADEDECK_NTFY', flag: '--ntfy' },
  // a secret: from the environment or the config file only, never the command line
  ntfyToken: { kind: 'string', env: 'TRADEDECK_NTFY_TOKEN', secret: true },
  webhook: { kind: 'url', env: 'TRADEDECK_WEBHOOK', flag: '--webhook' },
  notifyCmd: { kind: 'path', env: 'TRADEDECK_NOTIFY_CMD', flag: '--notify-cmd' },
  paper: { kind: 'boolean', env: 'TRADEDECK_PAPER', flag: '--paper' },
  paperBalance: { kind: 'string', flag: '--paper-balance' },
};

/** A headless command gives up on a request after this many times --timeout-ms, retries included (15 s by default). */
export const HEADLESS_BUDGET_FACTOR = 1.5;

export const DEFAULT_EXPLORER_URL = 'https://solscan.io/tx/{sig}';

/** The explorer link of a transaction signature. */
export function explorerLink(template: string, signature: string): string {
  return template.replaceAll('{sig}', encodeURIComponent(signature));
}

/**
 * The mode a journal entry was signed in: its own field, or for an entry of an older journal, what
 * its network says ("simulator": demo; "paper <host>": paper; a service's host: live).
 */
export function modeOf(e: { mode?: Mode; network?: string }): Mode {
  if (e.mode) return e.mode;
  if (e.network === 'simulator') return 'demo';
  return e.network?.startsWith('paper ') ? 'paper' : 'live';
}

/** Whether a host (`127.0.0.1:8899`, `[::1]`, `localhost`) is this machine: `tradedeck sim` or another local stand-in. */
export function isLocalHost(host: string): boolean {
  const name = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/**
 * A transaction's explorer link, only where the explorer can show it: a live transaction sent to a
 * real service (not demo, not paper, not a service on this machine). Undefined otherwise.
 */
export function explorerFor(
  template: string,
  signature: string,
  mode: Mode,
  network: string | undefined,
): string | undefined {
  if (mode !== 'live' || (network !== undefined && isLocalHost(network))) return undefined;
  return explorerLink(template, signature);
}

export const DEFAULT_LIVE_RPC = 'https://api.mainnet-beta.solana.com';

/**
 * The RPC when none is given: a base URL on this machine (127.x, ::1, localhost) is `tradedeck sim`
 * or another local stand-in, whose JSON-RPC is <base>/rpc; a transaction built there must never go
 * to the public mainnet RPC unasked. Any other base URL: the public mainnet RPC.
 */
export function defaultRpcFor(baseUrl: string): string {
  return isLocalHost(new URL(baseUrl).host) ? `${baseUrl.replace(/\/+$/, '')}/rpc` : DEFAULT_LIVE_RPC;
}

export interface ConfigSources {
  /** flag values by setting name (already parsed from argv) */
  flags: Record<string, string | boolean>;
  env: Record<string, string | undefined>;
  /** explicit --config path */
  configPath?: string;
  home?: string;
}

// The rule of each kind of setting, as read from text (a flag, the environment) or from the
// config file's JSON; the first message is the problem printed.
const URL_TEXT = 'must be a URL string';
const url = pipe(
  string(URL_TEXT),
  check((v) => v.trim() !== '', URL_TEXT),
  check(
    (v) => URL.canParse(v),
    (issue) => `"${String(issue.input)}" is not a valid URL`,
  ),
  check(
    (v) => /^https?:$/.test(new URL(v).protocol),
    (issue) => `must be an http or https URL (got ${new URL(String(issue.input)).protocol})`,
  ),
  transform((v) => v.replace(/\/+$/, '')),
);
const URLS = 'must be a URL, or several separated by commas';
/** several endpoints, comma-separated (or a list in the config file), in failover order */
const urls = pipe(
  union(
    [
      array(string(URLS)),
      pipe(
        string(URLS),
        transform((v) => v.split(',').map((u) => u.trim())),
      ),
    ],
    URLS,
  ),
  check((list) => list.length > 0 && list.every((u) => u !== ''), URLS),
  array(url),
);
const TEMPLATE = 'must be an http or https URL';
const template = pipe(
  string(TEMPLATE),
  regex(/^https?:\/\/\S+$/, TEMPLATE),
  check((v) => v.includes('{sig}'), 'must contain {sig}, where the signature goes (e.g. https://solscan.io/tx/{sig})'),
);
const NON_EMPTY = 'must be a non-empty string';
const text = pipe(string(NON_EMPTY), nonEmpty(NON_EMPTY));
/** the keypair: a key file's path, or a device's keypair URL (usb://ledger?key=0, speculos://HOST:PORT) */
const keypair = pipe(
  text,
  rawTransform(({ dataset, addIssue, NEVER }) => {
    if (!isDeviceKeyText(dataset.value)) return dataset.value;
    try {
      return parseDeviceKey(dataset.value);
    } catch (e) {
      addIssue({ message: e instanceof Error ? e.message : String(e) });
      return NEVER;
    }
  }),
);
const ADDRESS = 'must be a base58 wallet address';
const address = pipe(
  string(ADDRESS),
  check((v) => isAddress(v), ADDRESS),
);
const BOOLEAN = 'must be true or false';
const flag = union(
  [
    boolean(BOOLEAN),
    pipe(
      picklist(['true', '1', 'false', '0'], BOOLEAN),
      transform((v) => v === 'true' || v === '1'),
    ),
  ],
  BOOLEAN,
);
function numeric(spec: KeySpec) {
  const what = spec.kind === 'int' ? 'must be a whole number' : 'must be a number';
  return pipe(
    union(
      [
        number(what),
        pipe(
          string(what),
          check((v) => v.trim() !== '', what),
          transform(Number),
        ),
      ],
      what,
    ),
    check((n) => Number.isFinite(n) && (spec.kind !== 'int' || Number.isInteger(n)), what),
    minValue(spec.min ?? -Infinity, `must be at least ${spec.min}`),
    maxValue(spec.max ?? Infinity, `must be at most ${spec.max}`),
  );
}

function ruleOf(name: string, spec: KeySpec): GenericSchema {
  switch (spec.kind) {
    case 'url':
      return url;
    case 'urls':
      return urls;
    case 'template':
      return template;
    case 'choice':
      return picklist(spec.choices ?? [], `must be one of ${spec.choices?.join(', ')}`);
    case 'string':
    case 'path':
      return name === 'keypair' ? keypair : text;
    case 'address':
      return address;
    case 'boolean':
      return flag;
    case 'int':
    case 'number':
      return numeric(spec);
  }
}

/** The config file: an object of known settings, each read by its rule (every problem is listed). */
const configFile = pipe(
  unknown(),
  check(isJsonObject, 'must hold a JSON object'),
  strictObject(
    Object.fromEntries(Object.entries(SETTINGS).map(([name, spec]) => [name, optional(ruleOf(name, spec))])),
    `unknown key (known: ${Object.keys(SETTINGS).join(', ')})`,
  ),
);

export function defaultConfigPath(env: Record<string, string | undefined>, home: string): string {
  const base = env.XDG_CONFIG_HOME || join(home, '.config');
  return join(base, 'tradedeck', 'config.json');
}

export function defaultStateDir(env: Record<string, string | undefined>, home: string): string {
  const base = env.XDG_STATE_HOME || join(home, '.local', 'state');
  return join(base, 'tradedeck');
}

function readConfigFile(path: string, explicit: boolean, problems: string[]): Record<string, unknown> {
  try {
    // never through a link, never a FIFO or device: a regular file of this user (see src/state/file.ts)
    const file = loadStateFileSync(path, configFile, { every: true });
    if (file === undefined && explicit) problems.push(`${path}: config file not found`);
    return file ?? {};
  } catch (e) {
    if (e instanceof StateFileProblem) problems.push(...e.problems);
    else if (e instanceof StateFileError) problems.push(e.message);
    else throw e;
    return {};
  }
}

/** Resolves the configuration; throws ConfigError listing every problem found. */
export function loadConfig(src: ConfigSources): Config {
  const home = src.home ?? homedir();
  const problems: string[] = [];
  const configPath = src.configPath ?? defaultConfigPath(src.env, home);
  const file = readConfigFile(configPath, src.configPath !== undefined, problems);
  const values: Record<string, unknown> = {};

  for (const [name, spec] of Object.entries(SETTINGS)) {
    let raw: unknown;
    let where: string;
    if (src.flags[name] !== undefined) {
      raw = src.flags[name];
      where = `flag ${spec.flag}`;
    } else if (spec.env && src.env[spec.env] !== undefined && src.env[spec.env] !== '') {
      raw = src.env[spec.env];
      where = `environment ${spec.env}`;
    } else if (file[name] !== undefined) {
      // read with its rule already, as the whole file was
      values[name] = file[name];
      continue;
    } else continue;
    const checked = safeParse(ruleOf(name, spec), raw, { abortEarly: true });
    if (checked.success) values[name] = checked.output;
    else problems.push(`${where}: ${name}: ${checked.issues[0].message}`);
  }
  // sent as a header: a newline or control character in it is refused here, never repeated
  if (typeof values.apiKey === 'string' && !isSendableApiKey(values.apiKey)) {
    problems.push('apiKey: must be printable ASCII without spaces or control characters (a newline pasted with it?)');
  }
  if (values.keypair !== undefined && values.address !== undefined) {
    problems.push('keypair and address: give one of them (address alone means watch-only)');
  }
  const paper = (values.paper as boolean | undefined) ?? false;
  let paperBalance: PaperBalance[] | undefined;
  if (paper && values.baseUrl === undefined)
    problems.push('paper: needs a service to take prices from: give --base-url (or baseUrl)');
  if (!paper && values.paperBalance !== undefined) problems.push('paperBalance: is for paper mode (--paper)');
  // demo and paper mode sign with their own key in the state directory: a key file of the
  // person's is never read there, so a simulated trade is never recorded under a real address
  if (src.flags.keypair !== undefined && (paper || values.baseUrl === undefined))
    problems.push(
      paper
        ? '--keypair: paper mode signs with its own paper key (kept in the state dir) and never reads a key file; drop --keypair, or --paper to trade live'
        : '--keypair: demo mode signs with its own demo key (kept in the state dir) and never reads a key file; give --base-url to trade live with it',
    );
  if (paper) {
    try {
      paperBalance = parsePaperBalance((values.paperBalance as string | undefined) ?? DEFAULT_PAPER_BALANCE);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  if (problems.length) throw new ConfigError(problems);

  const baseUrl = values.baseUrl as string | undefined;
  const expand = (p: string) => (p.startsWith('~/') ? join(home, p.slice(2)) : p);
  const keypairDevice = typeof values.keypair === 'object' ? (values.keypair as DeviceKey) : undefined;
  const explicitKeypair = keypairDevice ? undefined : (values.keypair as string | undefined);
  const ascii = (values.ascii as boolean | undefined) ?? false;
  const address = values.address as string | undefined;
  const mode: Mode = paper ? 'paper' : baseUrl ? 'live' : 'demo';
  const ownKey = mode === 'live' && !address;
  return {
    mode,
    ...(paperBalance ? { paperBalance } : {}),
    baseUrl,
    apiKey: values.apiKey as string | undefined,
    rpcUrl: (values.rpcUrl as string[] | undefined)?.[0] ?? (baseUrl ? defaultRpcFor(baseUrl) : undefined),
    rpcUrls: (values.rpcUrl as string[] | undefined) ?? (baseUrl ? [defaultRpcFor(baseUrl)] : []),
    keypairPath:
      ownKey && !keypairDevice ? expand(explicitKeypair ?? join(home, '.config', 'solana', 'id.json')) : undefined,
    ...(ownKey && keypairDevice ? { keypairDevice } : {}),
    keypairIsDefault: ownKey && !keypairDevice && explicitKeypair === undefined,
    address,
    readOnly: (values.readOnly as boolean | undefined) ?? false,
    allowInsecureKeyfile: (values.allowInsecureKeyfile as boolean | undefined) ?? false,
    timeoutMs: (values.timeoutMs as number | undefined) ?? 10_000,
    seed: (values.seed as number | undefined) ?? 7,
    timeScale: (values.timeScale as number | undefined) ?? 1,
    apiVersion: (values.apiVersion as ApiVersion | undefined) ?? 'auto',
    explorerUrl: (values.explorerUrl as string | undefined) ?? DEFAULT_EXPLORER_URL,
    notify: (values.notify as Config['notify'] | undefined) ?? 'bell',
    ascii,
    ntfyUrl: values.ntfy as string | undefined,
    ntfyToken: values.ntfyToken as string | undefined,
    webhookUrl: values.webhook as string | undefined,
    notifyCmd: values.notifyCmd === undefined ? undefined : expand(values.notifyCmd as string),
    stateDir: defaultStateDir(src.env, home),
    configPath,
  };
}

/** The off-terminal channels in one line: URLs without their path and query (a topic name or a token may be in them). */
function channelsText(c: Config, mask: (s: string) => string): string {
  const origin = (u: string) => {
    const url = new URL(u);
    return `${url.protocol}//${url.host}/…`;
  };
  const list = [
    c.ntfyUrl ? `ntfy ${origin(c.ntfyUrl)}${c.ntfyToken ? ` (token ${mask(c.ntfyToken)})` : ''}` : '',
    c.webhookUrl ? `webhook ${origin(c.webhookUrl)}` : '',
    c.notifyCmd ? `command ${c.notifyCmd}` : '',
  ].filter(Boolean);
  return list.length ? list.join(', ') : '(none)';
}

/** A printable view of the configuration: the API key and URL credentials masked, never the key file's contents. */
export function describeConfig(c: Config, mask: (s: string) => string): Record<string, string> {
  return {
    mode:
      c.mode === 'demo'
        ? 'demo (embedded simulator)'
        : c.mode === 'paper'
          ? `paper (prices from the service, fills simulated; starting balance ${c.paperBalance?.map((b) => b.text).join(', ')})`
          : 'live',
    baseUrl: c.baseUrl ? maskUrlCredentials(c.baseUrl) : '(embedded simulator)',
    apiKey: c.apiKey ? mask(c.apiKey) : '(none)',
    rpcUrl: c.rpcUrls.length ? c.rpcUrls.map(maskUrlCredentials).join(', ') : '(embedded simulator)',
    wallet: c.address
      ? `watch-only ${c.address}`
      : c.keypairDevice
        ? `${c.keypairDevice.text} (${signerName(c.keypairDevice)}; the address: tradedeck wallet)`
        : (c.keypairPath ?? '(none)'),
    readOnly: String(c.readOnly),
    apiVersion: describeConfigured(c.apiVersion ?? 'auto', c.stateDir, c.mode === 'live' ? c.baseUrl : undefined),
    explorerUrl: maskUrlCredentials(c.explorerUrl),
    notify: c.notify,
    channels: channelsText(c, mask),
    ascii: String(c.ascii ?? false),
    stateDir: c.stateDir,
    configFile: c.configPath,
  };
}
