// The last frame Ink wrote, as lines and, parsed when first needed, as cells.
import { type Cells, parseLine } from './cells.js';

export class Frame {
  lines: string[] = [];
  cells: Array<Cells | undefined> = [];

  /** row i as cells (undefined past the frame's end, or for a line that is not plain SGR text) */
  cellsOf(i: number): Cells | undefined {
    if (this.cells[i] === undefined && this.lines[i] !== undefined) this.cells[i] = parseLine(this.lines[i]);
    return this.cells[i];
  }

  /** takes a new frame's lines; lines equal to the last frame's keep their parsed cells */
  replace(lines: string[]): void {
    const before = new Map<string, Cells | undefined>();
    this.lines.forEach((l, i) => this.cells[i] !== undefined && before.set(l, this.cells[i]));
    this.lines = lines;
    this.cells = lines.map((l) => before.get(l));
  }
}
