// The shell's first line: the mode, the wallet, the service's health, the badges that say what is
// different now (paused, read-only, signing paused, unread notifications, the RPC in use), the
// polling pace with the request budget left, and the clock.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/shallow';
import { Header } from '../../components/chrome/Header.js';
import { formatClock, shortAddress } from '../../src/text/format.js';
import { budgetNote, SHOW_REMAINING_SHARE } from '../../src/poll/budget.js';
import type { LiveText } from '../../src/terminal/index.js';
import { useServices, useSession } from '../shared/context.js';
import { usePollState } from '../shared/pollState.js';
import { useRpcHealth } from './polling.js';
import { useTimeText } from './ShellFooter.js';

export function ShellHeader({ width, live }: { width: number; live?: LiveText }) {
  const services = useServices();
  const st = useSession(
    useShallow((s) => ({
      wallet: s.wallet,
      health: s.health,
      modeLabel: s.modeLabel,
      mode: s.mode,
      readOnly: s.readOnly,
      paused: s.paused,
      // several RPC endpoints, one failed: which is in use now; none answering: signing is paused
      rpcNote: s.rpcNote,
      signingPaused: s.signingPaused !== undefined,
      // the pace of the visible screen's first resource and the budget left, once the service told it
      budget: s.budget,
      paceKey: s.resources[s.screen]?.[0],
    })),
  );
  const unread = useStore(services.notifications, (s) => s.items.filter((n) => n.at > s.seenAt).length);
  useRpcHealth();
  const paceMs = usePollState(st.paceKey, (s) => String(s.intervalMs))?.intervalMs;
  const paceText = st.budget ? budgetNote(st.budget, paceMs) : undefined;
  const clock = useTimeText(live, 'clock', 0, width, (t) => formatClock(new Date(t)));
  const { wallet, budget } = st;
  const walletText = wallet
    ? wallet.kind === 'watch'
      ? `watch-only ${shortAddress(wallet.address)}`
      : `${shortAddress(wallet.address)}${wallet.note ? ` (${wallet.note})` : ''}`
    : 'no wallet';
  const badges = [
    ...(st.paused ? ['PAUSED'] : []),
    ...(st.readOnly ? ['READ-ONLY'] : []),
    ...(st.signingPaused ? ['SIGNING PAUSED'] : []),
    ...(unread ? [`${unread} NEW (N)`] : []),
    ...(st.rpcNote ? [st.rpcNote] : []),
  ];
  return (
    <Header
      title="tradedeck"
      mode={{ label: st.modeLabel, tone: st.mode === 'demo' ? 'sim' : st.mode === 'paper' ? 'paper' : 'live' }}
      wallet={walletText}
      health={{ status: st.health.status, lastError: st.health.lastError }}
      badges={badges}
      pace={
        paceText
          ? { text: paceText, low: budget !== undefined && budget.remaining < SHOW_REMAINING_SHARE * budget.limit }
          : undefined
      }
      clock={clock}
      width={width}
    />
  );
}
