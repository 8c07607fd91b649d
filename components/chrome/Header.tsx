// The top line: app title, mode badge, wallet, API health with its last error, clock.
import { Box, Text } from 'ink';
import { textWidth, truncate } from '../base/text.js';
import { useTheme, type Theme } from '../base/theme.js';

export type HealthStatus = 'ok' | 'degraded' | 'down';

export interface HeaderProps {
  title: string;
  /** e.g. { label: 'SIMULATED', tone: 'sim' } or { label: 'LIVE api.example.com', tone: 'live' } */
  mode: { label: string; tone: 'sim' | 'live' | 'paper' | 'readonly' };
  /** e.g. "AbCd…WxYz 1.25 SOL" or "watch-only AbCd…WxYz"; absent when no wallet is loaded */
  wallet?: string;
  health: { status: HealthStatus; lastError?: string };
  /** extra short badges, e.g. "PAUSED", "READ-ONLY" */
  badges?: string[];
  /** the polling pace and, when it runs low, the request budget left: 'poll 1s', 'poll 20s 5/60 left' */
  pace?: { text: string; low: boolean };
  /** preformatted time (see formatClock) */
  clock?: string;
  width: number;
}

interface Part {
  text: string;
  color?: string;
  bold?: boolean;
  inverse?: boolean;
}

function healthColor(theme: Theme, s: HealthStatus): string | undefined {
  return s === 'ok' ? theme.ok : s === 'degraded' ? theme.warn : theme.danger;
}

/** Lays out the header parts: the error shrinks first, then the wallet goes, then everything is cut. */
export function headerParts(props: HeaderProps, theme: Theme): { left: Part[]; right: string } {
  const { title, mode, wallet, health, badges = [], pace, clock = '', width } = props;
  const modeColor =
    mode.tone === 'live'
      ? theme.danger
      : mode.tone === 'sim'
        ? theme.warn
        : mode.tone === 'paper'
          ? theme.paper
          : theme.accent;
  const healthText = health.status === 'ok' ? 'api ok' : `api ${health.status.toUpperCase()}`;
  const parts: Part[] = [
    { text: title, bold: true, color: theme.accent },
    { text: ` ${mode.label} `, inverse: theme.color, bold: true, color: modeColor },
    ...badges.map((b) => ({ text: `[${b}]`, color: theme.warn, bold: true })),
    ...(wallet ? [{ text: wallet }] : []),
    { text: healthText, color: healthColor(theme, health.status), bold: health.status !== 'ok' },
    ...(pace ? [{ text: pace.text, color: pace.low ? theme.warn : theme.dim, bold: pace.low }] : []),
  ];
  const room = width - (clock ? textWidth(clock) + 1 : 0);
  const total = (ps: Part[]) => ps.reduce((s, p, i) => s + (i > 0 ? 1 : 0) + textWidth(p.text), 0);
  const walletIndex = wallet ? parts.findIndex((p) => p.text === wallet) : -1;
  if (health.status !== 'ok' && health.lastError) {
    // the error wants up to 32 columns; the wallet text shrinks (down to 8) or goes to make room
    const want = Math.min(32, textWidth(health.lastError) + 2);
    let left = room - total(parts) - 1;
    // walletIndex, when not -1, was found in parts just above
    const walletPart = parts[walletIndex];
    if (left < want && walletPart) {
      const walletWidth = textWidth(walletPart.text) - (want - left);
      if (walletWidth >= 8) parts[walletIndex] = { ...walletPart, text: truncate(walletPart.text, walletWidth) };
      else parts.splice(walletIndex, 1);
      left = room - total(parts) - 1;
    }
    if (left >= 8)
      parts.push({ text: '— ' + truncate(health.lastError, left - 2), color: healthColor(theme, health.status) });
  } else if (total(parts) > room && walletIndex >= 0) {
    parts.splice(walletIndex, 1);
  }
  let used = 0;
  const fitted: Part[] = [];
  for (const p of parts) {
    const sep = fitted.length > 0 ? 1 : 0;
    if (used + sep >= room) break;
    const text = truncate(p.text, room - used - sep);
    fitted.push({ ...p, text });
    used += sep + textWidth(text);
  }
  return { left: fitted, right: room >= 0 ? clock : '' };
}

/** One line: "tradedeck  SIMULATED  AbCd…WxYz  api ok                12:00:01". */
export function Header(props: HeaderProps) {
  const theme = useTheme();
  const { left, right } = headerParts(props, theme);
  const used = left.reduce((s, p, i) => s + (i > 0 ? 1 : 0) + textWidth(p.text), 0);
  const gap = Math.max(right ? 1 : 0, props.width - used - textWidth(right));
  // never shrunk away: whatever is below it (a tall dialog on a small terminal) gives way instead
  return (
    <Box flexShrink={0} width={props.width}>
      <Text wrap="truncate">
        {left.map((p, i) => (
          <Text key={i}>
            {i > 0 ? ' ' : ''}
            <Text color={p.color} bold={p.bold} inverse={p.inverse}>
              {p.text}
            </Text>
          </Text>
        ))}
        {' '.repeat(gap)}
        <Text color={theme.dim}>{right}</Text>
      </Text>
    </Box>
  );
}
