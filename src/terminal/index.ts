// The terminal: entering and leaving the alternate screen (modes.ts), and the frame writer that
// puts Ink's frames on it, rewriting only the cells that changed (sink.ts).
//
// Why not Ink's own incrementalRendering: in Ink 6.8 its incremental log-update moves the cursor
// up one line too few after a frame that ends in a newline (every frame shorter than the
// terminal), so each update lands one row lower and the screen scrolls (seen in tmux: headers
// repeated, footers doubled). And a frame as tall as the terminal makes Ink clear the whole screen on every update. So Ink
// renders complete frames into the sink, which keeps what the terminal shows as cells:
//
//   Ink frame ─▶ sink.ts (coalesce to maxFps, sanitize) ─▶ frame.ts + cells.ts (lines as cells,
//   styles.ts) ─▶ live.ts (live text written over) ─▶ diff.ts + pen.ts (changed cells) ─▶ terminal
export { BEL, desktopNotification, ENTER_ALT, LEAVE_ALT, screenModes } from './modes.js';
export { asciiText } from './glyphs.js';
export type { LiveRegion, LiveText } from './live.js';
export { createFrameSink, type FrameSink, type FrameTarget } from './sink.js';
