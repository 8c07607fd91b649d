// Live text: time-dependent text (the header clock, the footer's "3s ago") would otherwise cost a
// whole React render and Ink frame every second for a few characters. A component that draws
// such text registers where it drew it (row, column, the text as drawn) and how to compute it for
// another moment; the writer then overwrites those cells itself on tick(), keeping the styles Ink
// drew them with, and on every later frame. It does so only while the frame still holds the text
// as drawn there, and only for text of the same width; otherwise it tells the component, which
// renders again (a new width, a moved layout).
import stringWidth from 'string-width';
import type { Cells } from './cells.js';
import { asciiText, PRINTABLE_ASCII } from './glyphs.js';

/** Text drawn by a component that the writer keeps current between renders (see above). */
export interface LiveRegion {
  /** 0-based row and column where the text was drawn */
  row: number;
  col: number;
  /** the text as the component drew it (plain, no escapes) */
  drawn: string;
  /** the text at `now` (ms since the epoch) */
  text(now: number): string;
  /** the writer cannot show text(now) in place: the component must render again */
  redraw(): void;
}

export interface LiveText {
  /** registers (or with undefined removes) a region under `id` */
  setLive(id: string, region: LiveRegion | undefined): void;
  /** brings every region up to `now`, writing only the cells that change */
  tick(now?: number): void;
}

/** A text's glyphs (code points), and whether each takes exactly one column (live regions hold
 * plain text, no escapes). */
interface Glyphs {
  chars: string[];
  single: boolean;
}
const glyphsOf = (text: string, ascii: boolean): Glyphs => {
  const t = ascii ? asciiText(text) : text;
  const chars = [...t];
  return { chars, single: chars.every((ch) => PRINTABLE_ASCII.test(ch)) || stringWidth(t) === chars.length };
};

/** The live regions of a frame sink, and the frame's cells with their text at a moment written over. */
export class LiveRegions {
  readonly regions = new Map<string, LiveRegion>();
  /** A region's drawn text as glyphs, worked out once per region (a render registers a new one). */
  private readonly drawnGlyphs = new WeakMap<LiveRegion, Glyphs>();
  /** Each region's text at `textsAt`, worked out once for a tick and the draw that follows it. */
  private textsAt = NaN;
  private readonly texts = new Map<LiveRegion, Glyphs>();

  constructor(
    /** the frame's rows as the writer has them now */
    private readonly frame: () => readonly Cells[],
    private readonly ascii: boolean,
  ) {}

  set(id: string, region: LiveRegion | undefined): void {
    if (region) this.regions.set(id, region);
    else this.regions.delete(id);
  }

  private drawnOf(r: LiveRegion): Glyphs {
    let g = this.drawnGlyphs.get(r);
    if (g === undefined) this.drawnGlyphs.set(r, (g = glyphsOf(r.drawn, this.ascii)));
    return g;
  }

  private textOf(r: LiveRegion, now: number): Glyphs {
    if (now !== this.textsAt) {
      this.textsAt = now;
      this.texts.clear();
    }
    let g = this.texts.get(r);
    if (g === undefined) this.texts.set(r, (g = glyphsOf(r.text(now), this.ascii)));
    return g;
  }

  /** Whether a region's cells in the frame still hold the text as drawn. */
  private inPlace(r: LiveRegion): boolean {
    const c = this.frame()[r.row];
    if (!c) return false;
    const drawn = this.drawnOf(r);
    if (!drawn.single) return false;
    for (let k = 0; k < drawn.chars.length; k++) if (c.chars[r.col + k] !== drawn.chars[k]) return false;
    return true;
  }

  /** Whether a region's text at `now` can be written over its drawn cells: one column per glyph, as many glyphs. */
  fits(r: LiveRegion, now: number): boolean {
    if (!this.inPlace(r)) return false;
    const text = this.textOf(r, now);
    return text.single && text.chars.length === this.drawnOf(r).chars.length;
  }

  /** Asks every region whose text at `now` does not fit in place to render again. */
  redrawMisfits(now: number): void {
    for (const r of this.regions.values()) if (!this.fits(r, now)) r.redraw();
  }

  /** The frame's cells of row i with every region of `live` that fits written over them (the frame's own cells when none does). */
  withLive(i: number, now: number, live: readonly LiveRegion[]): Cells | undefined {
    const own = this.frame()[i];
    let c = own;
    if (!c) return c;
    for (const r of live) {
      if (r.row !== i || !this.fits(r, now)) continue;
      const text = this.textOf(r, now).chars;
      if (c === own) c = { chars: c.chars.slice(), styles: c.styles };
      for (let k = 0; k < text.length; k++) c.chars[r.col + k] = text[k]!;
    }
    return c;
  }
}
