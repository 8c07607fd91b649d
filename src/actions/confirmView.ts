// Turns the pipeline's confirm request (the action's own description plus what inspecting every
// transaction found) into what the dialog shows: the human summary first, then the facts.
import type { Built, ConfirmRequest } from '../pipeline/types.js';
import { changesText, type BalanceEffect } from '../pipeline/effect.js';
import { NATIVE_MINT } from '../chain/mints.js';
import type { InspectionOk } from '../wallet/inspect.js';
import { lamportsText } from '../wallet/instructions.js';
import { shortAddress } from '../text/format.js';
import type { ConfirmLine, ConfirmView } from '../store/confirm.js';
import { formatAge } from '../text/duration.js';

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
    const programs = ins.programs
      .map((p) =>
        ins.unknownPrograms.includes(p.id)
          ? `${p.name ? `"${p.name}" ` : 'UNKNOWN '}${shortAddress(p.id)}`
          : (p.name ?? shortAddress(p.id)),
      )
      .join(', ');
    facts.push(
      `${prefix}Programs: ${programs} · ${ins.instructionCount} instructions, ${ins.writable.length} writable accounts${ins.lookupTables.count ? `, ${ins.lookupTables.count} lookup tables` : ''} · ${ins.version === 'legacy' ? 'legacy' : `v${ins.version}`}`,
    );
    // read from the transaction: what it sends out of the wallet as the tip asked
    if (ins.costs.tipLamports > 0n)
      facts.push(
        `${prefix}Tip ${lamportsText(ins.costs.tipLamports)} from you to ${ins.costs.tipTo.map((a) => shortAddress(a)).join(', ')} (leaves the wallet; counted in your balances)`,
      );
    for (const id of ins.unknownPrograms) {
      const name = ins.programs.find((p) => p.id === id)?.name;
      warnings.push(
        `${prefix}calls a program not on tradedeck's list: ${id}${name ? ` (named "${name}" by the service)` : ''}; it is handed neither the wallet nor its accounts`,
      );
    }
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

const raw = (v: unknown): bigint | undefined => (typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : undefined);

/**
 * The balance lines the simulation measured, and whether the service's own figures (its "You pay"
 * and "You receive" lines, from the amounts in the build's summary) agree with them: a figure that
 * does not is left out of the dialog.
 */
export function balanceLines(
  effect: BalanceEffect,
  built: Built,
): { lines: [mine: ConfirmLine, receiver?: ConfirmLine]; agrees: (label: string) => boolean } {
  const expect = built.expect;
  const lines: [mine: ConfirmLine, receiver?: ConfirmLine] = [
    { label: 'Your balances', value: changesText(effect, expect, !effect.receiver) },
  ];
  if (effect.receiver)
    lines.push({
      label: 'Receiver gets',
      value: `${changesText(effect.receiver, expect, true)}, NOT this wallet`,
      emphasis: 'danger',
    });
  const sum = built.summary;
  const inputMint = typeof sum.inputMint === 'string' ? sum.inputMint : undefined;
  const outputMint = typeof sum.outputMint === 'string' ? sum.outputMint : undefined;
  const claimedIn = raw(sum.inAmount) ?? raw(sum.makingAmount);
  const claimedOut = raw(sum.outAmount);
  const paid = (mint: string) => (mint === NATIVE_MINT ? -effect.sol : -(effect.tokens[mint] ?? 0n));
  const to = effect.receiver ?? effect;
  const got = (mint: string) =>
    mint === NATIVE_MINT ? to.sol + (effect.receiver ? 0n : effect.fees) : (to.tokens[mint] ?? 0n);
  const agrees = (label: string): boolean => {
    if (label === 'You pay' && inputMint && claimedIn !== undefined) {
      const p = paid(inputMint);
      // SOL paid includes the fees and rent stated beside it
      return inputMint === NATIVE_MINT ? p >= claimedIn && p <= claimedIn + effect.fees : p === claimedIn;
    }
    if ((label === 'You receive' || label === 'Receiver gets') && outputMint && claimedOut !== undefined) {
      const least = expect.receives[outputMint];
      return least === undefined || got(outputMint) >= least;
    }
    return true;
  };
  return { lines, agrees };
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

/**
 * The summary with the simulation's balance lines in the place of the service's. A swap's "You
 * pay" and "You receive" (the service's figures) become "Your balances" (what the simulation
 * measured) and "Quoted" (the service's figures, those that agree with it); a receiver's line
 * replaces the service's "Receiver gets"; a cancel's "Effect" becomes "Your balances". An action
 * whose lines are the person's own terms (a new order's) gets "Your balances" before them. A
 * service figure that disagrees is left out.
 */
function withBalances(
  summary: ConfirmLine[],
  balance: ReturnType<typeof balanceLines>,
  quoted: boolean,
): { summary: ConfirmLine[]; left: string[] } {
  const left = summary.filter((l) => !balance.agrees(l.label)).map((l) => l.label);
  const [mine, theirs] = balance.lines;
  const pay = summary.find((l) => l.label === 'You pay');
  const receive = summary.find((l) => l.label === 'You receive');
  if (quoted && pay && (receive || theirs)) {
    const figures = [pay, ...(receive ? [receive] : [])].filter((l) => balance.agrees(l.label)).map((l) => l.value);
    return {
      summary: summary.flatMap((l) => {
        if (l === pay) return [mine];
        if (l === receive) return figures.length ? [{ label: 'Quoted', value: figures.join(' for ') }] : [];
        if (l.label === 'Receiver gets') return theirs ? [theirs] : [];
        return [l];
      }),
      left,
    };
  }
  // the receiver's line takes the place of the service's, beside where the output goes; a cancel's
  // "Effect" (what returns to the wallet, in words) becomes what the simulation says returns
  const effect = summary.find((l) => l.label === 'Effect');
  const kept = summary.flatMap((l) =>
    l.label === 'Receiver gets' ? (theirs ? [theirs] : []) : l === effect ? [mine] : balance.agrees(l.label) ? [l] : [],
  );
  if (effect) return { summary: kept, left };
  const placed = theirs && !kept.includes(theirs) ? [mine, theirs] : [mine];
  let at = kept.findIndex((l) => l.label === 'You pay' || l.label === 'You deposit' || l.label === 'DCA');
  if (at < 0) at = kept.findIndex((l) => !/RISK|^Safety/.test(l.label));
  if (at < 0) at = kept.length;
  return { summary: [...kept.slice(0, at), ...placed, ...kept.slice(at)], left };
}

/** A confirm button in paper mode: "Sign and send" is "Fill on paper", "Sign the cancel" "Cancel on paper". */
export function onPaper(label: string): string {
  if (label === 'Sign and send') return 'Fill on paper';
  const rest = label.replace(/^Sign (and|the) /, '');
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)} on paper`;
}

export function confirmViewOf(
  req: DescribedRequest & {
    inspections: InspectionOk[];
    built: Built;
    effect: BalanceEffect;
    previous?: DescribedRequest;
  },
  ctx: ConfirmContext,
): ConfirmView {
  const { facts, warnings } = inspectionFacts(req.inspections, req.built, ctx, req);
  const balance = balanceLines(req.effect, req.built);
  let left: string[] = [];
  const lines = (r: DescribedRequest) => {
    const own = r.summary ?? r.lines.map((l) => ({ label: '', value: l }));
    if (r !== req) return own;
    // a swap's summary states the service's figures (its quote's amounts); an order's states the person's own terms
    const quoted = typeof req.built.summary.inAmount === 'string' && typeof req.built.summary.outAmount === 'string';
    const placed = withBalances(own, balance, quoted);
    left = placed.left;
    return placed.summary;
  };
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
    warnings: [
      ...requoted,
      ...(left.length
        ? [
            `The service's own figures (${left.join(', ')}) do not match the simulation and are left out: the balance lines are what the transaction does`,
          ]
        : []),
      ...(req.warnings ?? []),
      ...warnings,
    ],
    typedConfirmation: req.typedConfirmation,
    // paper mode signs nothing real: the button says what happens instead
    confirmLabel: req.paperNote ? onPaper(req.confirmLabel ?? 'Sign and send') : (req.confirmLabel ?? 'Sign and send'),
    ...(req.cancelLabel ? { cancelLabel: req.cancelLabel } : {}),
    ages: req.ages ?? 'quote',
    builtAt: req.built.builtAt,
    expiresAt: req.built.builtAt + lifetimeMs(req.built, ctx, req.expiresAt).ms,
  };
}
