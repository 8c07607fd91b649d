// The root component: header, tab bar, the visible screen, flash line and footer; the global keys,
// the help overlay, the command bar, the quit confirmation, and the polling of every screen's
// resources. Everything screen-specific comes from the screen modules (screens/index.ts).
import { Box, useApp } from 'ink';
import { useStore } from 'zustand';
import React, { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { CommandBar } from '../../components/CommandBar.js';
import { Footer } from '../../components/Footer.js';
import { Header } from '../../components/Header.js';
import { HelpOverlay, helpColumns, type HelpColumnGroup } from '../../components/HelpOverlay.js';
import { GLOBAL_SCOPE, KeyDispatcher, KeyRouterProvider, useCommands, type Hint } from '../../components/keys/index.js';
import { Tabs } from '../../components/Tabs.js';
import { textWidth } from '../../components/text.js';
import { ThemeContext, type Theme } from '../../components/theme.js';
import { toastLines, Toasts, useToasts } from '../../components/Toasts.js';
import { useRefState } from '../../components/useRefState.js';
import { formatClock, shortAddress, SMALL_PRICE_NOTE } from '../../src/format.js';
import type { Services } from '../../src/services.js';
import type { LiveText } from '../../src/terminal/index.js';
import { SCREENS } from '../index.js';
import { ActionsLayer, useActionsOverlay } from './ActionsLayer.js';
import { SHELL_COMMANDS } from './builtins.js';
import { createCommandRegistry, type CommandRegistry } from './commands.js';
import { ShellProvider, useNow, useSession, type ShellContext } from './context.js';
import { createNavigator } from './intents.js';
import { buildKeymap, DIALOG_KEYS, useGlobalKeys } from './keymap.js';
import { pollStatusKey, pollStatusText, ScreenResources, usePollState, useRpcHealth } from './polling.js';
import { budgetNote, SHOW_REMAINING_SHARE } from '../../src/poll/budget.js';
import type { CommandContext, Flash, MountedScreen, ScreenModule } from './types.js';
import { useTerminalSize, type Size } from './useTerminalSize.js';

export interface AppProps {
  services: Services;
  theme: Theme;
  /** the screens, in tab order (default: the registry in screens/index.ts) */
  screens?: readonly ScreenModule[];
  /** a fixed size (tests); otherwise the terminal's, following resizes */
  size?: Size;
  /** called once when the person quits (after any confirmation) */
  onQuit?: () => void;
  /** the frame writer (dashboard): keeps the clock and the data age current without renders */
  live?: LiveText;
  /** stores already made for some screens, by screen id (the dashboard makes the first screen's to fill it before the UI loads) */
  stores?: ReadonlyMap<string, unknown>;
}

interface Built {
  screens: MountedScreen[];
  shell: ShellContext;
  commands: CommandRegistry;
}

/** Stores, keymap and command registry of these screens; throws on a key or command bound twice. */
export function buildShell(
  services: Services,
  modules: readonly ScreenModule[],
  flash: Flash,
  stores?: ReadonlyMap<string, unknown>,
): Built {
  const ids = new Set<string>();
  const numbers = new Set<string>();
  for (const m of modules) {
    if (ids.has(m.id)) throw new Error(`screen id "${m.id}" is registered twice`);
    if (numbers.has(m.key)) throw new Error(`screen key "${m.key}" is used by two screens`);
    ids.add(m.id);
    numbers.add(m.key);
  }
  const screens = modules.map((module) => ({
    module,
    store:
      (stores?.get(module.id) as ReturnType<typeof module.createStore> | undefined) ?? module.createStore(services),
  }));
  const keymap = buildKeymap(screens, { services, flash }, (reason) => flash('error', reason));
  return {
    screens,
    shell: { services, keymap, flash, navigator: createNavigator(services.session) },
    commands: createCommandRegistry(SHELL_COMMANDS, screens),
  };
}

export function App({ services, theme, screens = SCREENS, size, onQuit, live, stores }: AppProps) {
  const [dispatcher] = useState(() => new KeyDispatcher());
  // Screens get a stable flash function; the toast list lives in the shell.
  const flashTo = useRef<Flash>(() => {});
  const [built] = useState(() => buildShell(services, screens, (kind, text) => flashTo.current(kind, text), stores));
  return (
    <ThemeContext.Provider value={theme}>
      <KeyRouterProvider dispatcher={dispatcher}>
        <ShellProvider value={built.shell}>
          <Shell built={built} size={size} onQuit={onQuit} flashTo={flashTo} live={live} />
        </ShellProvider>
      </KeyRouterProvider>
    </ThemeContext.Provider>
  );
}

const LIST_HINTS = ['filter', 'sort', 'detail'];
const LAST_HINTS = ['cmd', 'journal', 'refresh', 'pause', 'quit'];

/** Footer hints: the list keys (on list screens), the screen's own, then the shell's. */
function orderHints(hints: Hint[], list: boolean): Hint[] {
  const rank = (h: Hint) =>
    LIST_HINTS.includes(h.label) ? 0 : LAST_HINTS.includes(h.label) ? 2 + LAST_HINTS.indexOf(h.label) : 1;
  return hints
    .filter((h) => list || !LIST_HINTS.includes(h.label))
    .map((h, i) => ({ h, i }))
    .sort((a, b) => rank(a.h) - rank(b.h) || a.i - b.i)
    .map((x) => x.h);
}

/**
 * Text that changes with time, drawn flush with the right end of `row` (the clock, the data age).
 * With a frame writer it is drawn as of this render and registered with the writer, which keeps
 * it current every second without a render (and asks for one when it no longer fits); without
 * one (tests) it follows the clock's 1 s tick like any other text.
 */
function useTimeText(
  live: LiveText | undefined,
  id: string,
  row: number,
  width: number,
  text: (now: number) => string,
): string {
  const sessionNow = useNow((t) => (live ? 0 : t));
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const textRef = useRef(text);
  textRef.current = text;
  const drawn = text(live ? Date.now() : sessionNow);
  useLayoutEffect(() => {
    if (!live) return;
    live.setLive(
      id,
      drawn ? { row, col: width - textWidth(drawn), drawn, text: (now) => textRef.current(now), redraw } : undefined,
    );
  });
  useEffect(() => () => live?.setLive(id, undefined), [live, id]);
  return drawn;
}

/**
 * The footer with the age of the visible screen's first resource: its own component, so a poll
 * result renders the footer and the screen, not the whole shell.
 */
function PollFooter({
  hints,
  width,
  row,
  live,
  resource,
  paused,
}: {
  hints: Hint[];
  width: number;
  row: number;
  live?: LiveText;
  resource?: string;
  paused: boolean;
}) {
  const poll = usePollState(resource, pollStatusKey);
  const pollText = useTimeText(live, 'poll', row, width, (t) => pollStatusText(poll, t, paused));
  return <Footer hints={hints} width={width} right={pollText} />;
}

function Shell({
  built,
  size,
  onQuit,
  flashTo,
  live,
}: {
  built: Built;
  size?: Size;
  onQuit?: () => void;
  flashTo: React.MutableRefObject<Flash>;
  live?: LiveText;
}) {
  const { exit } = useApp();
  const { columns: width, rows } = useTerminalSize(size);
  const toasts = useToasts();
  const flash = toasts.push;
  flashTo.current = flash;
  // ids of the flash lines the services reported (kept when the context changes)
  const appWide = useRef(new Set<number>());
  const { services, keymap } = built.shell;
  const { session } = services;
  const modules = built.screens.map((m) => m.module);

  const screenId = useSession((s) => s.screen);
  const paused = useSession((s) => s.paused);
  const firstResource = useSession((s) => s.resources[s.screen]?.[0]);
  const subtitle = useSession((s) => s.subtitles[s.screen]);
  const pending = useSession((s) => s.pendingSubmissions);

  // false, the keys of the visible screen (?), or every command (:help)
  const [helpOpen, setHelpOpen] = useRefState<false | 'keys' | 'commands' | { command: string }>(false);
  const [askQuit, setAskQuit] = useRefState(false);
  const quitting = useRef(false);

  useEffect(() => {
    // Messages from before the app was up, then from outside React as they come.
    // what the services report (an RPC switched over, a file not written) is about the whole app:
    // it stays when the screen changes or a dialog opens
    const report = (kind: Parameters<Flash>[0], text: string) => void appWide.current.add(toasts.push(kind, text));
    for (const n of services.notices.splice(0)) report(n.kind, n.text);
    services.report = report;
    // the registry holds one screen at least
    if (!modules.some((m) => m.id === session.getState().screen)) session.getState().setScreen(modules[0]!.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at start
  }, []);

  // A flash line belongs to the context it was said in: switching screens or opening a dialog, the
  // journal or the notifications takes down the lines a key or a command said before (a line said
  // by that same step, e.g. a command's result after its goto, comes after and stays; what the
  // services report stays too).
  const shown = useRef(toasts.toasts);
  shown.current = toasts.toasts;
  useEffect(() => {
    const drop = () => {
      const kept = shown.current.filter((t) => appWide.current.has(t.id));
      for (const t of shown.current) if (!appWide.current.has(t.id)) toasts.dismiss(t.id);
      shown.current = kept;
    };
    const opened = <T,>(store: { subscribe(fn: (s: T, p: T) => void): () => void }, isOpen: (s: T) => boolean) =>
      store.subscribe((now, prev) => isOpen(now) && !isOpen(prev) && drop());
    const offs = [
      session.subscribe((now, prev) => now.screen !== prev.screen && drop()),
      opened(services.confirm, (st) => st.queue.length > 0),
      opened(services.journalView, (st) => st.open),
      opened(services.notifications, (st) => st.open),
    ];
    return () => offs.forEach((off) => off());
  }, [session, services, toasts.dismiss]); // eslint-disable-line react-hooks/exhaustive-deps -- dismiss is what is used of toasts, the rest changes every push

  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      services.clock.getState().tick(now);
      live?.tick(now);
    }, 1000);
    return () => clearInterval(timer);
  }, [services, live]);

  const quit = (force = false) => {
    if (quitting.current) return;
    if (!force && session.getState().pendingSubmissions > 0) return setAskQuit(true);
    quitting.current = true;
    onQuit?.();
    exit();
  };
  const goto = (id: string) => {
    if (modules.some((m) => m.id === id)) session.getState().setScreen(id);
  };
  const commandContext = (): CommandContext => ({
    services,
    flash,
    screens: modules.map((m) => ({ id: m.id, title: m.title, key: m.key })),
    screen: session.getState().screen,
    goto,
    quit: () => quit(),
    commands: () => built.commands.list(),
    showCommands: (name?: string) => setHelpOpen(name ? { command: name } : 'commands'),
  });
  const [barOpen, setBarOpen] = useRefState(false);
  const commandHistory = useRef<string[]>([]);
  // The registry completes the word under the cursor; the bar wants whole replacement lines.
  const completeLine = (text: string): string[] => {
    const { prefix, candidates } = built.commands.complete(text, commandContext());
    return candidates.map((c) => prefix + c + (candidates.length === 1 ? ' ' : ''));
  };
  const submitCommand = (text: string) => {
    setBarOpen(false);
    commandHistory.current = [...commandHistory.current.filter((h) => h !== text), text].slice(-50);
    void built.commands.run(text, commandContext());
  };

  useGlobalKeys({
    screens: modules,
    goto,
    quit: () => quit(),
    openCommandBar: () => setBarOpen(true),
    openHelp: () => setHelpOpen('keys'),
  });
  // Keys a screen declares with their own `run` work even when its Component has no handler for them.
  useCommands(keymap, screenId, {}, 'screen');

  const wallet = session.getState().wallet;
  const walletText = wallet
    ? wallet.kind === 'watch'
      ? `watch-only ${shortAddress(wallet.address)}`
      : `${shortAddress(wallet.address)}${wallet.note ? ` (${wallet.note})` : ''}`
    : 'no wallet';
  const health = useSession((s) => s.health);
  const modeLabel = useSession((s) => s.modeLabel);
  const mode = useSession((s) => s.mode);
  const readOnly = useSession((s) => s.readOnly);
  const unread = useStore(services.notifications, (s) => s.items.filter((n) => n.at > s.seenAt).length);
  // several RPC endpoints, one failed: which is in use now; none answering: signing is paused
  const rpcNote = useSession((s) => s.rpcNote);
  const signingPaused = useSession((s) => s.signingPaused !== undefined);
  useRpcHealth();
  // the pace of the visible screen's first resource and the budget left, once the service told it
  const budgetNow = useSession((s) => s.budget);
  const paceKey = useSession((s) => s.resources[s.screen]?.[0]);
  const paceMs = usePollState(paceKey, (s) => String(s.intervalMs))?.intervalMs;
  const paceText = budgetNow ? budgetNote(budgetNow, paceMs) : undefined;
  const badges = [
    ...(paused ? ['PAUSED'] : []),
    ...(readOnly ? ['READ-ONLY'] : []),
    ...(signingPaused ? ['SIGNING PAUSED'] : []),
    ...(unread ? [`${unread} NEW (N)`] : []),
    ...(rpcNote ? [rpcNote] : []),
  ];

  // Exactly the terminal's height: frames go through the line-diffing writer (src/terminal/).
  const budget = Math.max(4, rows);
  // A long message (a command's usage, a service error) gets a second line rather than being cut.
  // the help overlay takes the flash line too: the message waits behind it
  const flashLines = helpOpen() ? 0 : toastLines(toasts.toasts[toasts.toasts.length - 1], width, 2).length;
  const barLines = barOpen() ? 1 : 0;
  const screenHeight = Math.max(1, budget - 2 - 1 - flashLines - barLines);
  // one mounted screen per module, and the registry holds one at least
  const mounted = built.screens.find((m) => m.module.id === screenId) ?? built.screens[0]!;
  const Screen = mounted.module.Component;
  const actionsOverlay = useActionsOverlay();
  const list = mounted.module.list;
  const listShown = useStore(mounted.store, (st) => (typeof list === 'function' ? list(st) : list === true));
  // The footer offers the keys that work now: a key's disabled reason reads the screen's store (]
  // once a page has loaded), so the hints follow that store, in the same frame as the screen.
  const hintsNow = useStore(mounted.store, () =>
    keymap
      .hintsFor(mounted.module.id)
      .map((h) => `${h.keys} ${h.label}`)
      .join('\n'),
  );
  /* eslint-disable react-hooks/exhaustive-deps -- hintsNow is the signal that the hints changed */
  const hints = useMemo(
    () => orderHints(keymap.hintsFor(mounted.module.id), listShown),
    [keymap, mounted, listShown, hintsNow],
  );
  /* eslint-enable react-hooks/exhaustive-deps */
  const overlay = helpOpen() || askQuit() || actionsOverlay;

  const helpGroups = (): HelpColumnGroup[] => {
    const groups = keymap.helpFor(mounted.module.id);
    const [own, globals] = [groups.find((g) => g.title !== GLOBAL_SCOPE), groups.find((g) => g.title === GLOBAL_SCOPE)];
    return [
      ...(own ? [{ title: `${mounted.module.title} screen`, entries: own.entries }] : []),
      { title: 'Global', entries: globals?.entries ?? [] },
      { title: 'Dialogs', entries: DIALOG_KEYS.map((d) => ({ ...d, command: '' })) },
    ];
  };
  /**
   * The keys, and the one notation that is not plain digits (0.0₅43) with them where it does not
   * make the overlay scroll (every key of a screen first: the README explains it too).
   */
  const keysHelp = (): HelpColumnGroup[] => {
    const keys = helpGroups();
    if (!SMALL_PRICE_NOTE) return keys;
    const withNote = [...keys, { title: 'Numbers', entries: [SMALL_PRICE_NOTE] }];
    // (the overlay's body: the box less its border and title)
    const rows = screenHeight - 3;
    const scrolls = (g: HelpColumnGroup[]) => helpColumns(g, width - 4, rows).columns.some((c) => c.length > rows);
    return !scrolls(withNote) || scrolls(keys) ? withNote : keys;
  };

  const helpTitle = (): string => {
    const open = helpOpen();
    if (open === 'keys') return 'Keys';
    return typeof open === 'object' && open ? `Command :${open.command}` : 'Commands';
  };

  const commandGroups = (): HelpColumnGroup[] => {
    const open = helpOpen();
    const only = typeof open === 'object' && open ? open.command : undefined;
    const list = built.commands.list().filter((c) => only === undefined || c.name === only);
    const title =
      only === undefined
        ? 'Commands (: opens the bar, Tab completes, :help NAME shows one)'
        : `Command :${only} (:help lists them all)`;
    return [{ title, entries: list.map((c) => ({ keys: `:${c.name}`, description: `${c.usage} — ${c.help}` })) }];
  };
  const clock = useTimeText(live, 'clock', 0, width, (t) => formatClock(new Date(t)));

  const tabs = modules.map((m) => ({ id: m.id, title: m.title, badge: m.id === screenId ? subtitle : undefined }));
  return (
    <>
      <ScreenResources screens={built.screens} visible={mounted.module.id} ctx={{ services, flash }} />
      <Box flexDirection="column" width={width} height={budget}>
        <Header
          title="tradedeck"
          mode={{ label: modeLabel, tone: mode === 'demo' ? 'sim' : mode === 'paper' ? 'paper' : 'live' }}
          wallet={walletText}
          health={{ status: health.status, lastError: health.lastError }}
          badges={badges}
          pace={
            paceText
              ? {
                  text: paceText,
                  low: budgetNow !== undefined && budgetNow.remaining < SHOW_REMAINING_SHARE * budgetNow.limit,
                }
              : undefined
          }
          clock={clock}
          width={width}
        />
        <Tabs tabs={tabs} activeId={mounted.module.id} width={width} />
        <Box display={overlay ? 'none' : 'flex'} flexDirection="column" height={overlay ? 0 : screenHeight}>
          <Screen
            key={mounted.module.id}
            store={mounted.store}
            services={services}
            width={width}
            height={screenHeight}
          />
        </Box>
        {helpOpen() ? (
          <HelpOverlay
            title={helpTitle()}
            groups={helpOpen() === 'keys' ? keysHelp() : commandGroups()}
            width={width}
            height={screenHeight}
            onClose={() => setHelpOpen(false)}
          />
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
          <CommandBar
            history={commandHistory.current}
            complete={completeLine}
            onSubmit={submitCommand}
            onCancel={() => setBarOpen(false)}
            width={width}
          />
        ) : null}
        {helpOpen() ? null : <Toasts toasts={toasts.toasts} width={width} maxLines={2} />}
        <PollFooter hints={hints} width={width} row={budget - 1} live={live} resource={firstResource} paused={paused} />
      </Box>
    </>
  );
}
