// Turns the pipeline's confirm request (the action's own description plus what inspecting every
// transaction found) into what the dialog shows: the human summary first, then the facts.
import type { Built, ConfirmRequest } from '../pipeline/types.js';
import type { InspectionOk } from '../wallet/inspect.js';
import { formatAge, shortAddress } from '../format.js';
import type { ConfirmLine, ConfirmView } from '../store/confirm.js';

/** What an action's describe() may add to the pipeline's ConfirmRequest. */
export interface DescribedRequest extends ConfirmRequest {
  summary?: ConfirmLine[];
  warnings?: string[];
  confirmLabel?: string;
  /** the button that signs nothing ("Keep the order"); default Cancel */
  cancelLabel?: string;
  /** what ages in the dialog: a quote (a swap's amounts) or, for the rest, the built transaction */
  ages?: 'quote' | 'transaction';
  /** when the service stops honouring what was built (ms since epoch), if before the blockhash lifetime ends */
  expiresAt?: number;
  /** why it ends then, in words ("the market maker's quote expires") */
  expiresWhy?: string;
  /** paper mode: said first, before anything else (the pipeline adds it) */
  paperNote?: string;
}

export interface ConfirmContext {
  wallet: string;
  now: number;
  /** the blockhash lifetime the pipeline allows a build to wait, ms */
  maxAgeMs: number;
  /** current block height, when the RPC answered */
  blockHeight?: number;
}

function who(address: string, wallet: string): string {
  return address === wallet ? 'you' : shortAddress(address);
}

/**
 * How long the dialog may stay up, ms after the build: the blockhash lifetime, or less when the
 * service says what it built ends sooner (an RFQ order's expireAt).
 */
export function lifetimeMs(
  built: Built,
  ctx: Pick<ConfirmContext, 'maxAgeMs'>,
  expiresAt?: number,
): { ms: number; why?: 'service' } {
  if (expiresAt !== undefined && Number.isFinite(expiresAt) && expiresAt - built.builtAt < ctx.maxAgeMs)
    return { ms: Math.max(0, expiresAt - built.builtAt), why: 'service' };
  return { ms: ctx.maxAgeMs };
}

export function inspectionFacts(
  inspections: InspectionOk[],
  built: Built,
  ctx: ConfirmContext,
  ends?: Pick<DescribedRequest, 'expiresAt' | 'expiresWhy' | 'ages'>,
): { facts: string[]; warnings: string[] } {
  const facts: string[] = [];
  const warnings: string[] = [];
  inspections.forEach((ins, n) => {
    const prefix = inspections.length > 1 ? `Tx ${n + 1}: ` : '';
    const others = ins.signers.filter((s) => s !== ctx.wallet);
    const signerText =
      others.length === 0
        ? 'you only'
        : `you + ${others.map((s) => `${shortAddress(s)}${ins.unsignedSigners.includes(s) ? ' (signs at execute)' : ''}`).join(', ')}`;
    facts.push(
      `${prefix}Fee payer ${who(ins.feePayer, ctx.wallet)}${ins.feePayer === ctx.wallet ? '' : ' (named by the service)'} · signers: ${signerText}`,
    );
    const programs = ins.programs.map((p) => p.name ?? `UNKNOWN ${shortAddress(p.id)}`).join(', ');
    facts.push(
      `${prefix}Programs: ${programs} · ${ins.instructionCount} instructions, ${ins.writable.length} writable accounts${ins.lookupTables.count ? `, ${ins.lookupTables.count} lookup tables` : ''} · ${ins.version === 'legacy' ? 'legacy' : `v${ins.version}`}`,
    );
    for (const id of ins.unknownPrograms) warnings.push(`${prefix}calls a program tradedeck does not know: ${id}`);
  });
  const age = formatAge(Math.max(0, ctx.now - built.builtAt));
  const life = lifetimeMs(built, ctx, ends?.expiresAt);
  const lifetime = `${formatAge(life.ms)}${life.why ? ` (${ends?.expiresWhy ?? "the service's quote expires"})` : ''}`;
  const blockhash = inspections[0]?.blockhash ?? '';
  let validity = `built ${age} ago; ${ends?.ages === 'transaction' ? 'built again' : 're-quoted'} if not confirmed within ${lifetime}`;
  if (built.lastValidBlockHeight !== undefined) {
    validity +=
      ctx.blockHeight !== undefined
        ? ` · ${Math.max(0, built.lastValidBlockHeight - ctx.blockHeight)} blocks left`
        : ` · valid to block ${built.lastValidBlockHeight}`;
  }
  facts.push(`Blockhash ${shortAddress(blockhash, 6, 4)} ${validity}`);
  return { facts, warnings };
}

/** The new summary beside the one it replaces: a changed value reads "new (was old)". */
function besideOld(summary: ConfirmLine[], old: ConfirmLine[]): ConfirmLine[] {
  return summary.map((l) => {
    const before = old.find((o) => o.label === l.label);
    return before && before.value !== l.value
      ? { ...l, value: `${l.value}  (was ${before.value})`, emphasis: l.emphasis ?? 'warn' }
      : l;
  });
}

/** A confirm button in paper mode: "Sign and send" is "Fill on paper", "Sign the cancel" "Cancel on paper". */
export function onPaper(label: string): string {
  if (label === 'Sign and send') return 'Fill on paper';
  const rest = label.replace(/^Sign (and|the) /, '');
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)} on paper`;
}

export function confirmViewOf(
  req: DescribedRequest & { inspections: InspectionOk[]; built: Built; previous?: DescribedRequest },
  ctx: ConfirmContext,
): ConfirmView {
  const { facts, warnings } = inspectionFacts(req.inspections, req.built, ctx, req);
  const lines = (r: DescribedRequest) => r.summary ?? r.lines.map((l) => ({ label: '', value: l }));
  const requoted = req.previous
    ? [
        'The quote expired while this dialog was open, so it was fetched again: check the new amounts (was: the old ones) and confirm again.',
      ]
    : [];
  return {
    title: req.title,
    summary: [
      ...(req.paperNote ? [{ label: 'PAPER', value: req.paperNote, emphasis: 'warn' as const }] : []),
      ...(req.previous ? besideOld(lines(req), lines(req.previous)) : lines(req)),
    ],
    facts,
    warnings: [...requoted, ...(req.warnings ?? []), ...warnings],
    typedConfirmation: req.typedConfirmation,
    // paper mode signs nothing real: the button says what happens instead
    confirmLabel: req.paperNote ? onPaper(req.confirmLabel ?? 'Sign and send') : (req.confirmLabel ?? 'Sign and send'),
    ...(req.cancelLabel ? { cancelLabel: req.cancelLabel } : {}),
    ages: req.ages ?? 'quote',
    builtAt: req.built.builtAt,
    expiresAt: req.built.builtAt + lifetimeMs(req.built, ctx, req.expiresAt).ms,
  };
}
