// The terminal: entering and leaving the alternate screen (modes.ts), and the frame writer that
// puts Ink's frames on it, rewriting only the cells that changed (sink.ts).
//
// Ink lays the tree out and writes each text into its Output, which the bundle replaces with
// output.ts: the texts go straight into rows of cells, and each frame's rows reach the writer
// (takeInkFrames). Ink itself runs in its debug mode, where it moves no cursor and paces nothing,
// and its text of each frame is empty. Ink's own incremental mode was not used: in Ink 6.8 its
// incremental log-update moves the cursor up one line too few after a frame that ends in a newline
// (every frame shorter than the terminal), so each update lands one row lower and the screen
// scrolls, and a frame as tall as the terminal makes Ink clear the whole screen on every update.
//
//   Ink's renderer ─▶ output.ts (texts into cells, cells.ts + styles.ts) ─▶ sink.ts (coalesce to
//   maxFps) ─▶ live.ts (live text written over) ─▶ diff.ts + pen.ts (changed cells) ─▶ terminal
export { BEL, desktopNotification, ENTER_ALT, LEAVE_ALT, screenModes } from './modes.js';
export { asciiText } from './glyphs.js';
export type { LiveRegion, LiveText } from './live.js';
export { takeInkFrames } from './output.js';
export { createFrameSink, type FrameSink, type FrameTarget } from './sink.js';
