// The root component: header, tab bar, the active screen, flash messages and the footer; the
// global keys, the help overlay, the command bar and the quit confirmation.
import { Box, useApp } from 'ink';
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { CommandBar } from '../components/CommandBar.js';
import { Footer } from '../components/Footer.js';
import { Header } from '../components/Header.js';
import { HelpOverlay } from '../components/HelpOverlay.js';
import { GLOBAL_SCOPE, KeyDispatcher, KeyRouterProvider, useCommands, type Hint, type Keymap } from '../components/keys/index.js';
import { Tabs } from '../components/Tabs.js';
import { ThemeContext, type Theme } from '../components/theme.js';
import { Toasts, useToasts, type ToastKind } from '../components/Toasts.js';
import { useRefState } from '../components/useRefState.js';
import { SCREENS } from '../screens/index.js';
import { completeCommandLine, runCommandLine, type CommandContext } from './commands.js';
import { formatClock, shortAddress } from './format.js';
import { ServicesProvider, useSession, type AppServices, type Flash } from './hooks/services.js';
import { pollStatusText, usePollState } from './hooks/usePolled.js';
import { useTerminalSize, type Size } from './hooks/useTerminalSize.js';
import { buildKeymap, stepInterval } from './keymap.js';
import { ActionsLayer, useActionsOverlay } from './actions/ActionsLayer.js';
import { ActionsProvider, type ActionServices } from './actions/services.js';

/** The one keymap of the app. */
export const KEYMAP: Keymap = buildKeymap(SCREENS);

export interface AppProps {
  services: Omit<AppServices, 'keymap'>;
  theme: Theme;
  /** a fixed size (tests); otherwise the terminal's, following resizes */
  size?: Size;
  /** called once when the person quits (after any confirmation) */
  onQuit?: () => void;
  /** messages to flash once the app is up (wallet fallbacks, an unreadable watchlist) */
  notices?: ReadonlyArray<{ kind: ToastKind; text: string }>;
  /** receives the flash function, for messages from outside React (a failed watchlist save) */
  onFlashReady?: (flash: (kind: ToastKind, text: string) => void) => void;
  /** wallet, journal, RPC and confirm queue for signing actions (absent: signing screens say so) */
  actions?: ActionServices;
}

export function App({ services, theme, size, onQuit, notices, onFlashReady, actions }: AppProps) {
  const [dispatcher] = useState(() => new KeyDispatcher());
  const full = useMemo(() => ({ ...services, keymap: KEYMAP }), [services]);
  // Screens get a stable flash function; the toast list lives in the shell.
  const flashTo = useRef<Flash>(() => {});
  const flash = useCallback<Flash>((kind, text) => flashTo.current(kind, text), []);
  return (
    <ThemeContext.Provider value={theme}>
      <KeyRouterProvider dispatcher={dispatcher}>
        <ServicesProvider services={full} flash={flash}>
          <ActionsProvider services={actions}>
            <Shell services={full} size={size} onQuit={onQuit} notices={notices} onFlashReady={onFlashReady} flashTo={flashTo} />
          </ActionsProvider>
        </ServicesProvider>
      </KeyRouterProvider>
    </ThemeContext.Provider>
  );
}

// Footer hints in this order first (the rest after), so the most useful survive at 80 columns.
const HINT_ORDER = ['filter', 'sort', 'detail', 'category', 'window', 'star', 'starred', 'cmd', 'refresh', 'pause', 'quit'];
function orderHints(hints: Hint[]): Hint[] {
  const rank = (h: Hint) => {
    const i = HINT_ORDER.indexOf(h.label);
    return i === -1 ? HINT_ORDER.length : i;
  };
  return hints.slice().sort((a, b) => rank(a) - rank(b));
}

const LIST_HINTS = ['filter', 'sort', 'detail'];

const SCOPE_TITLES: Record<string, string> = Object.fromEntries([...SCREENS.map((s) => [s.id, `${s.title} screen`]), ['global', 'Everywhere']]);

type ShellProps = Pick<AppProps, 'size' | 'onQuit' | 'notices' | 'onFlashReady'> & { services: AppServices; flashTo: React.MutableRefObject<Flash> };

function Shell({ services, size, onQuit, notices, onFlashReady, flashTo }: ShellProps) {
  const { exit } = useApp();
  const { columns: width, rows } = useTerminalSize(size);
  const toasts = useToasts();
  const flash = toasts.push;
  flashTo.current = flash;
  const { stores, scheduler, keymap } = services;
  const session = stores.session;

  const screenId = useSession((s) => s.screen);
  const paused = useSession((s) => s.paused);
  const now = useSession((s) => s.now);
  const resources = useSession((s) => s.resources[s.screen]);
  const subtitle = useSession((s) => s.subtitles[s.screen]);
  const pending = useSession((s) => s.pendingSubmissions);
  const poll = usePollState(resources?.[0]);

  const [helpOpen, setHelpOpen] = useRefState(false);
  const [askQuit, setAskQuit] = useRefState(false);
  const quitting = useRef(false);

  useEffect(() => {
    for (const n of notices ?? []) flash(n.kind, n.text);
    onFlashReady?.(flash);
    // once, at start
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const timer = setInterval(() => session.getState().tick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [session]);

  const quit = (force = false) => {
    if (quitting.current) return;
    if (!force && session.getState().pendingSubmissions > 0) return setAskQuit(true);
    quitting.current = true;
    onQuit?.();
    exit();
  };
  const goto = (id: string) => {
    if (!SCREENS.some((s) => s.id === id)) return;
    session.getState().setScreen(id);
  };
  const shift = (by: number) => {
    const i = SCREENS.findIndex((s) => s.id === session.getState().screen);
    goto(SCREENS[(i + by + SCREENS.length) % SCREENS.length].id);
  };
  const changeInterval = (direction: 1 | -1) => {
    const s = session.getState();
    const keys = s.resources[s.screen] ?? [];
    if (keys.length === 0) {
      flash('info', 'this screen polls nothing');
      return;
    }
    const current = s.intervals[s.screen] ?? scheduler.state(keys[0])?.intervalMs ?? 10_000;
    const next = stepInterval(current, direction);
    s.setInterval(s.screen, next);
    const rpm = scheduler.requestsPerMinute() + keys.filter((k) => scheduler.isActive(k)).length * (60_000 / next - 60_000 / current);
    flash(rpm > 50 ? 'error' : 'info', `${s.screen} every ${next / 1000}s (about ${Math.round(rpm)} requests a minute in all${rpm > 50 ? '; the service allows about 60' : ''})`);
  };

  const commandContext = (): CommandContext => ({
    services,
    flash,
    screens: SCREENS,
    screen: session.getState().screen,
    goto,
    quit: () => quit(),
  });
  const [barOpen, setBarOpen] = useRefState(false);
  const commandHistory = useRef<string[]>([]);
  // The registry completes the word under the cursor; the bar wants whole replacement lines.
  const completeLine = (text: string): string[] => {
    const { prefix, candidates } = completeCommandLine(text, commandContext());
    return candidates.map((c) => prefix + c + (candidates.length === 1 ? ' ' : ''));
  };
  const submitCommand = (text: string) => {
    setBarOpen(false);
    commandHistory.current = [...commandHistory.current.filter((h) => h !== text), text].slice(-50);
    void runCommandLine(text, commandContext());
  };

  const gotoActions = Object.fromEntries(SCREENS.map((s) => [`goto:${s.id}`, () => goto(s.id)]));
  useCommands(
    keymap,
    GLOBAL_SCOPE,
    {
      ...gotoActions,
      nextScreen: () => shift(1),
      prevScreen: () => shift(-1),
      refresh: () => {
        const keys = session.getState().resources[session.getState().screen] ?? [];
        for (const k of keys) scheduler.refresh(k);
      },
      pause: () => {
        const on = !scheduler.isPaused();
        if (on) scheduler.pause();
        else scheduler.resume();
        session.getState().setPaused(on);
        flash('info', on ? 'polling paused (p resumes, r refreshes once)' : 'polling resumed');
      },
      slower: () => changeInterval(1),
      faster: () => changeInterval(-1),
      command: () => setBarOpen(true),
      help: () => setHelpOpen(true),
      quit: () => quit(),
    },
    'global',
  );

  const wallet = session.getState().wallet;
  const walletText = wallet ? (wallet.kind === 'watch' ? `watch-only ${shortAddress(wallet.address)}` : `${shortAddress(wallet.address)}${wallet.note ? ` (${wallet.note})` : ''}`) : 'no wallet';
  const health = useSession((s) => s.health);
  const modeLabel = useSession((s) => s.modeLabel);
  const mode = useSession((s) => s.mode);
  const readOnly = useSession((s) => s.readOnly);
  const badges = [...(paused ? ['PAUSED'] : []), ...(readOnly ? ['READ-ONLY'] : [])];

  // Exactly the terminal's height: frames go through the line-diffing writer (src/hooks/frameWriter.ts).
  const budget = Math.max(4, rows);
  const flashLines = toasts.toasts.length > 0 ? 1 : 0;
  const barLines = barOpen() ? 1 : 0;
  const screenHeight = Math.max(1, budget - 2 - 1 - flashLines - barLines);
  const screen = SCREENS.find((s) => s.id === screenId) ?? SCREENS[0];
  const Screen = screen.Component;
  const actionsOverlay = useActionsOverlay();
  const overlay = helpOpen() || askQuit() || actionsOverlay;

  const tabs = SCREENS.map((s) => ({ id: s.id, title: s.title, badge: s.id === screenId ? subtitle : undefined }));
  const header = (
    <Header
      title="tradedeck"
      mode={{ label: modeLabel, tone: mode === 'demo' ? 'sim' : 'live' }}
      wallet={walletText}
      health={{ status: health.status, lastError: health.lastError }}
      badges={badges}
      clock={formatClock(new Date(now))}
      width={width}
    />
  );

  return (
    <>
      <Box flexDirection="column" width={width} height={budget}>
        {header}
        <Tabs tabs={tabs} activeId={screenId} width={width} />
        <Box display={overlay ? 'none' : 'flex'} flexDirection="column" height={overlay ? 0 : screenHeight}>
          <Screen width={width} height={screenHeight} />
        </Box>
        {helpOpen() ? (
          <HelpOverlay keymap={keymap} scope={screenId} scopeTitles={SCOPE_TITLES} width={width} height={screenHeight} onClose={() => setHelpOpen(false)} />
        ) : null}
        {askQuit() ? (
          <ConfirmDialog
            title="Quit while a transaction is in flight?"
            summary={[{ label: 'In flight', value: `${pending} signed, outcome not known yet` }]}
            warnings={['Quitting now does not cancel it; the journal picks it up at the next start.']}
            confirmLabel="Quit anyway"
            cancelLabel="Stay"
            onConfirm={() => {
              setAskQuit(false);
              quit(true);
            }}
            onCancel={() => setAskQuit(false)}
            width={width}
            height={screenHeight}
          />
        ) : null}
        <ActionsLayer width={width} height={screenHeight} flash={flash} />
        {barOpen() ? (
          <CommandBar history={commandHistory.current} complete={completeLine} onSubmit={submitCommand} onCancel={() => setBarOpen(false)} width={width} />
        ) : null}
        <Toasts toasts={toasts.toasts} width={width} maxLines={1} />
        <Footer hints={orderHints(keymap.hintsFor(screenId)).filter((h) => screen.list || !LIST_HINTS.includes(h.label))} width={width} right={pollStatusText(poll, now, paused)} />
      </Box>
    </>
  );
}

