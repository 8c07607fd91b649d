// The confirm dialog's body lines, fitted to the space it has.
import { padCell, textWidth, wrapText } from '../base/text.js';

export interface SummaryLine {
  label: string;
  value: string;
  emphasis?: 'warn' | 'danger';
}

export interface BodyLine {
  text: string;
  tone?: 'warn' | 'danger' | 'dim' | 'title';
}

/**
 * Title, summary, facts and warnings as lines of `width`, at most `maxLines` of them.
 * Warnings are never dropped; facts are cut first, then the summary, each with an "… N more" line.
 */
export function dialogBody(
  title: string,
  summary: SummaryLine[],
  facts: string[],
  warnings: string[],
  width: number,
  maxLines: number,
  colorless: boolean,
): BodyLine[] {
  const labelWidth = Math.min(Math.floor(width / 2), Math.max(0, ...summary.map((s) => textWidth(s.label))));
  // A long value wraps under itself instead of being cut.
  const valueWidth = Math.max(8, width - labelWidth - 3);
  const summaryLines: BodyLine[] = summary.flatMap((s) =>
    wrapText(s.value, valueWidth).map((part, i) => ({
      text: padCell(
        `${i === 0 && colorless && s.emphasis ? '!' : ' '}${padCell(i === 0 ? s.label : '', labelWidth)}  ${part}`,
        width,
      ),
      tone: s.emphasis,
    })),
  );
  const factLines: BodyLine[] = facts.flatMap((f) =>
    wrapText(f, width - 1).map((l) => ({ text: padCell(' ' + l, width), tone: 'dim' as const })),
  );
  const warnLines = warningLines(warnings, width);
  // the title says what is signed (a DCA's whole schedule): wrapped, never cut
  const head: BodyLine[] = wrapText(title, width).map((l) => ({ text: padCell(l, width), tone: 'title' as const }));
  let room = Math.max(0, maxLines - head.length - warnLines.length);
  const take = (ls: BodyLine[], what: string): BodyLine[] => {
    if (ls.length <= room) {
      room -= ls.length;
      return ls;
    }
    if (room <= 0) return [];
    const kept = ls.slice(0, room - 1);
    const more = { text: padCell(` … ${ls.length - kept.length} more ${what}`, width), tone: 'dim' as const };
    room = 0;
    return [...kept, more];
  };
  const s = take(summaryLines, 'lines');
  const f = take(factLines, 'facts');
  return [...head, ...s, ...f, ...warnLines].slice(0, Math.max(1, maxLines));
}

/** Warnings as lines of `width`, each starting with ⚠. */
export function warningLines(warnings: string[], width: number): BodyLine[] {
  return warnings.flatMap((w) =>
    wrapText(w, width - 2).map((l, i) => ({
      text: padCell((i === 0 ? '⚠ ' : '  ') + l, width),
      tone: 'warn' as const,
    })),
  );
}
