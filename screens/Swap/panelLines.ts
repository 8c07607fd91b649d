// Chooses what the Swap screen's panel says, in order of what matters now: suggestions while a
// token is typed, a running action, its outcome, then the live quote (or why there is none).
import type { Token } from '../../src/api/types.js';
import { tokenRef, type FormCheck, type SwapPath } from '../../src/actions/swapRequest.js';
import { IMPACT_WARN_PCT, impactPercent } from '../../src/actions/describe.js';
import { formatPercent } from '../../src/text/format.js';
import { explainError } from '../../src/actions/outcome.js';
import type { PollState } from '../../src/poll/scheduler.js';
import type { QuoteView, SwapOutcome } from '../../src/store/swap.js';
import { BASE, type Generation } from '../../src/config/generation.js';
import { suggestionText } from './notes.js';
import { quoteLines, type PanelLine } from './quoteLines.js';
import { formatAge } from '../../src/text/duration.js';

export interface PanelInput {
  suggestions: Token[];
  suggestion: number;
  running?: string;
  outcome?: SwapOutcome;
  check: FormCheck;
  /** the group `s` swaps through */
  path: SwapPath;
  /** the generation of the service's routes in use, when known */
  generation?: Generation;
  quote?: QuoteView;
  quoteKey?: string;
  poll?: PollState;
  now: number;
  tokens: Record<string, Token>;
  blocked?: string;
  height: number;
}

function outcomeLines(o: SwapOutcome): PanelLine[] {
  const tone =
    o.status === 'success' ? 'ok' : o.status === 'cancelled' ? 'dim' : o.status === 'unknown' ? 'warn' : 'danger';
  const lines: PanelLine[] = [{ text: `${o.via === 'order' ? 'Order' : 'Swap build'}: ${o.title}`, tone }];
  if (o.route) lines.push({ text: `Route ${o.route}`, tone: 'dim' });
  if (o.found) lines.push({ text: o.found, tone: 'warn' });
  if (o.signature) lines.push({ text: `Signature ${o.signature}` });
  for (const l of o.lines) lines.push({ text: l });
  if (o.error) lines.push({ text: o.error, tone: o.status === 'cancelled' ? 'dim' : 'danger' });
  if (o.advice && o.advice !== o.error) lines.push({ text: `What to do: ${o.advice}` });
  // only what was signed has a journal entry to point to
  lines.push({
    text: o.signature
      ? 'Esc dismisses · J opens its journal entry'
      : 'Esc dismisses · nothing was signed, so nothing was journalled',
    tone: 'dim',
  });
  return lines;
}

export function panelLines(p: PanelInput): PanelLine[] {
  if (p.suggestions.length) {
    return [
      { text: `Matches (↑/↓ choose, Enter or Tab take it; a mint address always works)`, tone: 'title' },
      ...p.suggestions.map((t, i) => ({
        text: `${i === p.suggestion ? '›' : ' '} ${suggestionText(t)}`,
        tone: i === p.suggestion ? ('title' as const) : undefined,
      })),
    ];
  }
  const head: PanelLine[] = p.blocked ? [{ text: `Signing disabled: ${p.blocked}`, tone: 'warn' }] : [];
  if (p.running) {
    // Only before the dialog is answered is it true that nothing has been signed.
    const before = /^(Checking|Building|Waiting for your confirmation|The quote)/.test(p.running);
    return [
      ...head,
      { text: p.running, tone: 'warn' },
      ...(before ? [{ text: 'Nothing is signed before y in the confirm dialog.', tone: 'dim' as const }] : []),
    ];
  }
  if (p.outcome) return [...head, ...outcomeLines(p.outcome)];
  if (!p.check.params) {
    const firstError = Object.values(p.check.errors)[0];
    return [
      ...head,
      {
        text: firstError
          ? `Cannot quote: ${firstError}`
          : 'Fill in From, To and Amount for a live quote (Enter or e edits a field; while editing, Tab or ↓ goes to the next field).',
        tone: firstError ? 'danger' : 'dim',
      },
    ];
  }
  const poll = p.poll;
  const fresh = p.quote && p.quote.key === p.quoteKey ? p.quote : undefined;
  let status: string;
  if (poll?.error !== undefined) {
    const msg = explainError(poll.error);
    const retry = poll.nextAt !== undefined ? ` · retry in ${formatAge(Math.max(0, poll.nextAt - p.now) + 999)}` : '';
    status = `Quote failed: ${msg}${retry}`;
  } else if (!fresh) status = 'Quoting…';
  else {
    const next = poll?.inFlight
      ? 'refreshing…'
      : poll?.nextAt !== undefined
        ? `refresh in ${formatAge(Math.max(0, poll.nextAt - p.now) + 999)}`
        : 'paused';
    status = `Quote ${formatAge(p.now - fresh.at)} old · ${next}`;
  }
  const via =
    p.path.via === 'order'
      ? `s swaps via the order group${p.generation ? ` ${BASE[p.generation]}` : ''}`
      : `s swaps via the swap group (${p.path.why.join(', ')})`;
  const statusLine: PanelLine = {
    text: `── ${status} · ${via} ──`,
    tone: poll?.error !== undefined ? 'danger' : 'dim',
  };
  if (!fresh || !p.check.input || !p.check.output) return [...head, statusLine];
  const pct = impactPercent(fresh.order ?? fresh.quote);
  const warn: PanelLine[] =
    pct !== undefined && pct > IMPACT_WARN_PCT
      ? [
          {
            text: `Warning: price impact ${formatPercent(pct)}: you lose that share to the pool; a smaller amount costs less`,
            tone: 'danger',
          },
        ]
      : [];
  const body = quoteLines(
    fresh,
    p.path,
    tokenRef(p.check.input),
    tokenRef(p.check.output),
    p.tokens,
    Math.max(1, p.height - head.length - 1 - warn.length),
  );
  return [...head, statusLine, ...warn, ...body];
}
