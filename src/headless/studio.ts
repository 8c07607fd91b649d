// `tradedeck studio create ...` and `tradedeck studio claim POOL [--max AMOUNT]`: the Studio
// screen's launch and claim without the screen, through the same checks and the same signing
// pipeline. Confirmation as for every signing command: the dialog is printed on stderr and asked
// on the terminal; --yes signs without asking; with no terminal and no --yes nothing is requested
// (exit 2). Exit codes: 0 done, 1 failed or cancelled, 2 usage, a field rule or signing unavailable.
import { paperMark } from './orderSigning.js';
import type { Config } from '../config.js';
import type { Services } from '../services.js';
import { openSigningSession } from './signing.js';
import { signingBlocked } from '../actions/run.js';
import { claimFromForm, launchFromForm, loadLaunched } from '../actions/studioFlow.js';
import { loadTokens } from '../actions/swapFlow.js';
import { presetForm, type StudioForm } from '../studio/preset.js';
import { createStudioStore, DEFAULT_CLAIM, type StudioStore } from '../studio/store.js';
import { FIELD_LABELS, type StudioField } from '../studio/validate.js';
import { clean, CommandError, exitCodeOf, fitText, printJson } from './print.js';

/** The flag of each form field. */
export const STUDIO_FLAGS: Record<StudioField, string> = {
  name: 'name',
  symbol: 'symbol',
  image: 'image',
  quote: 'quote',
  initialCap: 'initial-cap',
  migrationCap: 'migration-cap',
  quoteDecimals: 'quote-decimals',
  feeBps: 'fee-bps',
  antiSniping: 'anti-sniping',
  lpLocked: 'lp-unlocked',
  vestTotal: 'vest-total',
  vestCliff: 'vest-cliff',
  vestPeriods: 'vest-periods',
  vestDuration: 'vest-duration',
  vestCliffAfter: 'vest-cliff-after',
};

const CREATE_ONLY = Object.values(STUDIO_FLAGS);
const CLAIM_ONLY = ['max'];

type Flags = Record<string, string | boolean>;

/** The create form as the flags give it: the preset, with each given flag replacing its field. */
export function formFromFlags(flags: Flags): StudioForm {
  const form = presetForm();
  for (const [field, flag] of Object.entries(STUDIO_FLAGS) as Array<[StudioField, string]>) {
    const v = flags[flag];
    if (v === undefined) continue;
    if (field === 'antiSniping') form.antiSniping = v === true;
    else if (field === 'lpLocked') form.lpLocked = v !== true;
    else if (typeof v === 'string') form[field] = v;
  }
  return form;
}

function checkUsage(positionals: string[], flags: Flags): 'create' | 'claim' {
  const sub = positionals[0];
  if (sub !== 'create' && sub !== 'claim')
    throw new CommandError(`give create or claim (got "${clean(sub ?? '', 20)}"); see tradedeck --help`, 2);
  const wrong = (sub === 'create' ? CLAIM_ONLY : CREATE_ONLY.filter((f) => f !== 'quote')).filter(
    (f) => flags[f] !== undefined,
  );
  if (wrong.length) throw new CommandError(`--${wrong[0]} does not apply to studio ${sub}`, 2);
  if (sub === 'create' && positionals.length > 1)
    throw new CommandError(`unexpected argument "${clean(positionals[1], 40)}" (studio create takes flags only)`, 2);
  if (sub === 'claim' && positionals.length !== 2)
    throw new CommandError('usage: tradedeck studio claim POOL [--max AMOUNT|max] [--quote T] [--yes]', 2);
  return sub;
}

export async function studioCommand(
  positionals: string[],
  flags: Flags,
  config: Config,
  fail: (line: string) => void,
): Promise<number> {
  let sub: 'create' | 'claim';
  try {
    sub = checkUsage(positionals, flags);
  } catch (e) {
    if (e instanceof CommandError) return (fail(e.message), e.exitCode);
    throw e;
  }
  const session = await openSigningSession(config, flags.yes === true, fail);
  if (typeof session === 'number') return session;
  const s = session.services;
  try {
    for (const n of s.notices) fail(n.text);
    const blocked = signingBlocked(s, 'rpc');
    if (blocked) return (fail(blocked), 2);
    const store = createStudioStore();
    if (process.stderr.isTTY)
      store.subscribe(
        (st, prev) => st.running && st.running !== prev.running && process.stderr.write(`${clean(st.running, 300)}\n`),
      );
    await Promise.all([loadTokens(s), loadLaunched(s, store)]);
    // claim has its pool as a second word (checkUsage)
    return sub === 'create' ? await create(s, store, flags) : await claim(s, store, positionals[1]!, flags);
  } finally {
    await session.close();
  }
}

function report(store: StudioStore, flags: Flags, extra: Record<string, unknown>, status: string): void {
  const o = store.getState().outcome;
  if (flags.json)
    process.stdout.write(
      printJson({ status, ...extra, title: o?.title, lines: o?.lines ?? [] }, flags.indent === true),
    );
  else process.stdout.write(fitText([o?.title ?? status, ...(o?.lines ?? [])].map((l) => clean(l, 300)).join('\n')));
}

async function create(s: Services, store: StudioStore, flags: Flags): Promise<number> {
  store.getState().setForm(formFromFlags(flags));
  const r = await launchFromForm(s, store);
  if (!r) {
    const errors = store.getState().errors;
    const fields = (Object.keys(FIELD_LABELS) as StudioField[]).filter((f) => errors[f]);
    for (const f of fields)
      process.stderr.write(`tradedeck studio: --${STUDIO_FLAGS[f]} (${FIELD_LABELS[f]}): ${clean(errors[f], 300)}\n`);
    if (fields.length === 0) process.stderr.write(`tradedeck studio: ${clean(store.getState().outcome?.title, 300)}\n`);
    return 2;
  }
  const st = store.getState();
  const launched =
    r.status === 'success' || r.status === 'unknown' ? st.pools.find((p) => p.pool === st.selected) : undefined;
  report(
    store,
    flags,
    { signature: r.signature, ...paperMark(s), ...(launched ? { pool: launched.pool, mint: launched.mint } : {}) },
    r.status,
  );
  return exitCodeOf(r.status);
}

async function claim(s: Services, store: StudioStore, pool: string, flags: Flags): Promise<number> {
  const known = store.getState().pools.find((p) => p.pool === pool || p.symbol.toLowerCase() === pool.toLowerCase());
  store.setState({
    claim: {
      ...DEFAULT_CLAIM,
      pool: known?.pool ?? pool,
      max: typeof flags.max === 'string' ? flags.max : 'max',
      quote: typeof flags.quote === 'string' ? flags.quote : known?.quoteSymbol || DEFAULT_CLAIM.quote,
    },
  });
  const r = await claimFromForm(s, store);
  if (!r) {
    const flagOf = (l: string) =>
      l
        .replace(/^Pool:/, 'POOL:')
        .replace(/^Max amount:/, '--max:')
        .replace(/^Quote token:/, '--quote:');
    for (const l of store.getState().outcome?.lines ?? [store.getState().outcome?.title ?? 'not sent'])
      process.stderr.write(`tradedeck studio: ${clean(flagOf(l), 300)}\n`);
    return 2;
  }
  report(store, flags, { pool: store.getState().claim.pool, signature: r.signature, ...paperMark(s) }, r.status);
  return exitCodeOf(r.status);
}
