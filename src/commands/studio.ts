// `tradedeck studio create ...` and `tradedeck studio claim POOL [--max AMOUNT]`: the Studio
// screen's launch and claim without the screen, through the same checks and the same signing
// pipeline. Confirmation as for every signing command: the dialog is printed on stderr and asked
// on the terminal; --yes signs without asking; with no terminal and no --yes nothing is requested
// (exit 2). Exit codes: 0 done, 1 failed or cancelled, 2 usage, a field rule or signing unavailable.
import { paperMark } from './orderSigning.js';
import type { Config } from '../config/config.js';
import type { Services } from '../services/index.js';
import { openSigningSession } from './signing.js';
import { signingBlocked } from '../actions/run.js';
import { claimFromForm, launchFromForm, loadLaunched } from '../actions/studioFlow.js';
import { loadTokens } from '../actions/swapFlow.js';
import { presetForm, type StudioForm } from '../studio/preset.js';
import { createStudioStore, DEFAULT_CLAIM, type StudioStore } from '../studio/store.js';
import { FIELD_LABELS, type StudioField } from '../studio/validate.js';
import { clean, CommandError, exitCodeOf, fitText, printJson } from './print.js';
import type { OptionsOf } from '../commands/registry.js';

type StudioOptions = OptionsOf<'studio'>;

/** The create form's fields in the order of its options; all but the two switches are text. */
const FIELDS = [
  'name',
  'symbol',
  'image',
  'quote',
  'initialCap',
  'migrationCap',
  'quoteDecimals',
  'feeBps',
  'antiSniping',
  'lpLocked',
  'vestTotal',
  'vestCliff',
  'vestPeriods',
  'vestDuration',
  'vestCliffAfter',
] as const satisfies readonly StudioField[];

/** The option of each form field, for messages: --initial-cap; the LP lock is --lp-unlocked. */
const optionOf = (field: StudioField): string =>
  field === 'lpLocked' ? '--lp-unlocked' : `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** What the options say of a field: its text, true for a switch given, undefined when not given. */
const givenFor = (opts: StudioOptions, field: StudioField): string | true | undefined =>
  field === 'lpLocked' ? opts.lpUnlocked : opts[field];

/** The create form as the options give it: the preset, with each given option replacing its field. */
export function formFromOptions(opts: StudioOptions): StudioForm {
  const form = presetForm();
  for (const field of FIELDS) {
    const v = givenFor(opts, field);
    if (v === undefined) continue;
    if (field === 'antiSniping') form.antiSniping = true;
    else if (field === 'lpLocked') form.lpLocked = false;
    else if (typeof v === 'string') form[field] = v;
  }
  return form;
}

function checkUsage(positionals: string[], opts: StudioOptions): 'create' | 'claim' {
  const sub = positionals[0];
  if (sub !== 'create' && sub !== 'claim')
    throw new CommandError(`give create or claim (got "${clean(sub ?? '', 20)}"); see tradedeck --help`, 2);
  // --quote goes with either, --max with claim only, the others with create only
  const wrong =
    sub === 'create'
      ? opts.max !== undefined
        ? ['--max']
        : []
      : FIELDS.filter((f) => f !== 'quote' && givenFor(opts, f) !== undefined).map(optionOf);
  if (wrong.length) throw new CommandError(`${wrong[0]} does not apply to studio ${sub}`, 2);
  if (sub === 'create' && positionals.length > 1)
    throw new CommandError(`unexpected argument "${clean(positionals[1], 40)}" (studio create takes flags only)`, 2);
  if (sub === 'claim' && positionals.length !== 2)
    throw new CommandError('usage: tradedeck studio claim POOL [--max AMOUNT|max] [--quote T] [--yes]', 2);
  return sub;
}

export async function studioCommand(
  positionals: string[],
  opts: StudioOptions,
  config: Config,
  fail: (line: string) => void,
): Promise<number> {
  let sub: 'create' | 'claim';
  try {
    sub = checkUsage(positionals, opts);
  } catch (e) {
    if (e instanceof CommandError) return (fail(e.message), e.exitCode);
    throw e;
  }
  const session = await openSigningSession(config, opts.yes === true, fail);
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
    return sub === 'create'
      ? await create(s, store, opts) // claim has its pool as a second word (the registry checked it)
      : await claim(s, store, positionals[1]!, opts);
  } finally {
    await session.close();
  }
}

function report(store: StudioStore, opts: StudioOptions, extra: Record<string, unknown>, status: string): void {
  const o = store.getState().outcome;
  if (opts.json)
    process.stdout.write(printJson({ status, ...extra, title: o?.title, lines: o?.lines ?? [] }, opts.indent));
  else process.stdout.write(fitText([o?.title ?? status, ...(o?.lines ?? [])].map((l) => clean(l, 300)).join('\n')));
}

async function create(s: Services, store: StudioStore, opts: StudioOptions): Promise<number> {
  store.getState().setForm(formFromOptions(opts));
  const r = await launchFromForm(s, store);
  if (!r) {
    const errors = store.getState().errors;
    const fields = (Object.keys(FIELD_LABELS) as StudioField[]).filter((f) => errors[f]);
    for (const f of fields)
      process.stderr.write(`tradedeck studio: ${optionOf(f)} (${FIELD_LABELS[f]}): ${clean(errors[f], 300)}\n`);
    if (fields.length === 0) process.stderr.write(`tradedeck studio: ${clean(store.getState().outcome?.title, 300)}\n`);
    return 2;
  }
  const st = store.getState();
  const launched =
    r.status === 'success' || r.status === 'unknown' ? st.pools.find((p) => p.pool === st.selected) : undefined;
  report(
    store,
    opts,
    { signature: r.signature, ...paperMark(s), ...(launched ? { pool: launched.pool, mint: launched.mint } : {}) },
    r.status,
  );
  return exitCodeOf(r.status);
}

async function claim(s: Services, store: StudioStore, pool: string, opts: StudioOptions): Promise<number> {
  const known = store.getState().pools.find((p) => p.pool === pool || p.symbol.toLowerCase() === pool.toLowerCase());
  store.setState({
    claim: {
      ...DEFAULT_CLAIM,
      pool: known?.pool ?? pool,
      max: typeof opts.max === 'string' ? opts.max : 'max',
      quote: typeof opts.quote === 'string' ? opts.quote : known?.quoteSymbol || DEFAULT_CLAIM.quote,
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
  report(store, opts, { pool: store.getState().claim.pool, signature: r.signature, ...paperMark(s) }, r.status);
  return exitCodeOf(r.status);
}
