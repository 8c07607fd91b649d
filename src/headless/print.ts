// Plain-text output for headless commands: aligned columns, no colour, no terminal control.

export function printTable(headers: string[], rows: string[][], rightAligned: Set<number> = new Set()): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n') + '\n';
}

export function printJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

export class CommandError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}
