// The frame writer's cell-level updates, replayed through a terminal emulator (@xterm/headless):
// after every frame of a random sequence, the screen is the same, cell by cell (character,
// colours, bold, faint, inverse, underline), as a fresh repaint of that frame.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import xterm from '@xterm/headless';
import { createFrameSink } from '../../src/terminal/index.js';

const COLS = 30;
const ROWS = 6;

class Screen extends EventEmitter {
  columns = COLS;
  rows = ROWS;
  readonly term = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
  private pending: Promise<void> = Promise.resolve();
  write(chunk: string) {
    this.pending = this.pending.then(() => new Promise<void>((r) => this.term.write(chunk, r)));
    return true;
  }
  async cells(): Promise<string[]> {
    await this.pending;
    const out: string[] = [];
    const b = this.term.buffer.active;
    const cell = b.getNullCell();
    for (let y = 0; y < ROWS; y++) {
      const line = b.getLine(y);
      for (let x = 0; x < COLS; x++) {
        line?.getCell(x, cell);
        const ch = cell.getChars() || ' ';
        // a blank shows only its background and inverse
        const look =
          ch === ' ' && !cell.isInverse() && !cell.isUnderline()
            ? `bg${cell.getBgColorMode()}:${cell.getBgColor()}`
            : `${cell.getFgColorMode()}:${cell.getFgColor()}/${cell.getBgColorMode()}:${cell.getBgColor()}/${cell.isBold()}${cell.isDim()}${cell.isInverse()}${cell.isUnderline()}`;
        out.push(`${y},${x} ${JSON.stringify(ch)} w${cell.getWidth()} ${look}`);
      }
    }
    return out;
  }
}

// a small deterministic generator (the same sequence on every run)
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const STYLES = [
  '',
  '\x1b[1m',
  '\x1b[31m',
  '\x1b[1m\x1b[32m',
  '\x1b[2m',
  '\x1b[7m\x1b[36m\x1b[1m',
  '\x1b[44m',
  '\x1b[4m',
  '\x1b[90m',
  '\x1b[38;5;208m',
  '\x1b[1m\x1b[2m',
];
const GLYPHS = ['a', 'b', 'Z', '7', ' ', ' ', ' ', '▁', '█', '▲', '✓', '漢', '.', '›'];

function randomLine(rnd: () => number): string {
  let line = '';
  let width = 0;
  const target = Math.floor(rnd() * (COLS + 1));
  while (width < target) {
    const style = STYLES[Math.floor(rnd() * STYLES.length)];
    const n = 1 + Math.floor(rnd() * 8);
    let text = '';
    for (let k = 0; k < n && width < target; k++) {
      const g = GLYPHS[Math.floor(rnd() * GLYPHS.length)];
      const w = g === '漢' ? 2 : 1;
      if (width + w > target) break;
      text += g;
      width += w;
    }
    line += style ? `${style}${text}\x1b[0m` : text;
  }
  return line;
}

function mutate(lines: string[], rnd: () => number): string[] {
  return lines.map((l) =>
    rnd() < 0.5 ? l : rnd() < 0.5 ? randomLine(rnd) : l.replace(/[a-z7]/g, (c) => (rnd() < 0.3 ? 'q' : c)),
  );
}

describe('frame writer, replayed through a terminal emulator', () => {
  it('every frame of random sequences ends with the screen a fresh repaint of that frame shows', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = random(seed);
      const screen = new Screen();
      const sink = createFrameSink(screen, 1000);
      let lines = Array.from({ length: 1 + Math.floor(rnd() * ROWS) }, () => randomLine(rnd));
      for (let frame = 0; frame < 12; frame++) {
        sink.write(lines.join('\n'));
        sink.flush();
        const fresh = new Screen();
        const reference = createFrameSink(fresh, 1000);
        reference.write(lines.join('\n'));
        reference.flush();
        assert.deepEqual(
          await screen.cells(),
          await fresh.cells(),
          `seed ${seed}, frame ${frame}:\n${lines.join('\n')}`,
        );
        reference.close();
        lines = mutate(lines, rnd);
        if (rnd() < 0.2) lines = lines.slice(0, 1 + Math.floor(rnd() * ROWS));
        // eslint-disable-next-line no-dupe-else-if -- each rnd() is a new draw
        else if (rnd() < 0.2) lines = [...lines, randomLine(rnd)].slice(0, ROWS);
      }
      sink.close();
    }
  });
});
