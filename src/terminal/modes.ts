// How the dashboard takes the terminal and gives it back, and the sequences that reach the terminal
// outside frames (a bell, a desktop notification).
import { sanitize } from '../text/sanitize.js';

export const ENTER_ALT = '\x1b[?1049h\x1b[H\x1b[?25l';
export const LEAVE_ALT = '\x1b[?25h\x1b[?1049l';

/** BEL: the terminal (and tmux, which marks the window) is told something happened. */
export const BEL = '\x07';

/**
 * A desktop notification by escape sequence: OSC 777 (title and body) and OSC 9 (body), which
 * terminals that know neither ignore. Inside tmux it is wrapped for passthrough (allow-passthrough on).
 * The text is sanitised and its `;` replaced, so nothing can end the sequence early.
 */
export function desktopNotification(title: string, body: string, env: NodeJS.ProcessEnv = process.env): string {
  const clean = (t: string) => sanitize(t).replace(/;/g, ' ').slice(0, 200);
  const seq = `\x1b]777;notify;${clean(title)};${clean(body)}\x07\x1b]9;${clean(title)}: ${clean(body)}\x07`;
  if (!env.TMUX) return seq;
  // eslint-disable-next-line no-control-regex -- ESC is what tmux's passthrough doubles
  return `\x1bPtmux;${seq.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`;
}

/**
 * How the dashboard takes the terminal and gives it back: the alternate screen, the cursor hidden;
 * on TERM=dumb (which declares no alternate screen) the screen is cleared instead and, on leaving,
 * the cursor put below the last frame.
 */
export function screenModes(env: NodeJS.ProcessEnv = process.env): { enter: string; leave: string } {
  if (env.TERM === 'dumb') return { enter: '\x1b[H\x1b[2J\x1b[?25l', leave: '\x1b[999;1H\r\n\x1b[?25h' };
  return { enter: ENTER_ALT, leave: LEAVE_ALT };
}
