// The root component: header, tab bar, the visible screen, flash line and footer; the global keys,
// the help overlay, the command bar, the quit confirmation, and the polling of every screen's
// resources. Everything screen-specific comes from the screen modules (screens/index.ts).
import { Box, useApp } from 'ink';
import React, { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm/ConfirmDialog.js';
import { CommandBar } from '../../components/commandBar/CommandBar.js';
import { KeyDispatcher, KeyRouterProvider, useCommands, type Hint } from '../../components/keys/index.js';
import { Tabs } from '../../components/chrome/Tabs.js';
import { ThemeContext, type Theme } from '../../components/base/theme.js';
import { toastLines, Toasts, useToasts } from '../../components/chrome/Toasts.js';
import { useRefState } from '../../components/base/useRefState.js';
import type { Services } from '../../src/services/index.js';
import type { LiveText } from '../../src/terminal/index.js';
import { SCREENS } from '../index.js';
import { ActionsLayer, useActionsOverlay } from './ActionsLayer.js';
import { SHELL_COMMANDS } from './builtins.js';
import { createCommandRegistry, type CommandRegistry } from './commands.js';
import { ShellProvider, useSession, type ShellContext } from '../shared/context.js';
import { createNavigator } from '../shared/intents.js';
import { buildKeymap, useGlobalKeys } from './keymap.js';
import { ScreenResources } from './polling.js';
import { PollFooter, useScreenHints } from './ShellFooter.js';
import { ShellHeader } from './ShellHeader.js';
import { ShellHelp, type HelpShown } from './ShellHelp.js';
import { useCommandBar } from './useCommandBar.js';
import { useFlashScope } from './useFlashScope.js';
import type { CommandContext, Flash, MountedScreen, ScreenModule } from '../shared/types.js';
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

/** Over the journal, the notifications or a dialog, the screen's keys do nothing: they have their own lines. */
const OVERLAY_HINTS: Hint[] = [];

/** Quitting while a transaction is between sign and outcome asks first; Stay is the default. */
function QuitDialog(p: { onConfirm(): void; onCancel(): void; width: number; height: number }) {
  const pending = useSession((s) => s.pendingSubmissions);
  return (
    <ConfirmDialog
      title="Quit while a transaction is in flight?"
      summary={[{ label: 'In flight', value: `${pending} signed, outcome not known yet` }]}
      warnings={['Quitting now does not cancel it; the journal picks it up at the next start.']}
      confirmLabel="Quit anyway"
      cancelLabel="Stay"
      {...p}
    />
  );
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
  const { services, keymap } = built.shell;
  const { session } = services;
  const modules = built.screens.map((m) => m.module);

  const screenId = useSession((s) => s.screen);
  const paused = useSession((s) => s.paused);
  const firstResource = useSession((s) => s.resources[s.screen]?.[0]);
  const subtitle = useSession((s) => s.subtitles[s.screen]);

  // false, the keys of the visible screen (?), or every command (:help)
  const [helpOpen, setHelpOpen] = useRefState<false | HelpShown>(false);
  const [askQuit, setAskQuit] = useRefState(false);
  const quitting = useRef(false);

  useFlashScope(services, toasts, live);
  useEffect(() => {
    if (!modules.some((m) => m.id === session.getState().screen)) session.getState().setScreen(modules[0]!.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at start
  }, []);

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
  const bar = useCommandBar(built.commands, commandContext);

  useGlobalKeys({
    screens: modules,
    goto,
    quit: () => quit(),
    openCommandBar: () => bar.setOpen(true),
    openHelp: () => setHelpOpen('keys'),
  });
  // Keys a screen declares with their own `run` work even when its Component has no handler for them.
  useCommands(keymap, screenId, {}, 'screen');

  // Exactly the terminal's height: frames go through the line-diffing writer (src/terminal/).
  const budget = Math.max(4, rows);
  // A long message (a command's usage, a service error) gets a second line rather than being cut.
  // the help overlay takes the flash line too: the message waits behind it
  const flashLines = helpOpen() ? 0 : toastLines(toasts.toasts[toasts.toasts.length - 1], width, 2).length;
  const barLines = bar.open() ? 1 : 0;
  const screenHeight = Math.max(1, budget - 2 - 1 - flashLines - barLines);
  const mounted = built.screens.find((m) => m.module.id === screenId) ?? built.screens[0]!;
  const Screen = mounted.module.Component;
  const actionsOverlay = useActionsOverlay();
  const hints = useScreenHints(keymap, mounted);
  const helpShown = helpOpen();
  const overlay = helpShown || askQuit() || actionsOverlay;

  const tabs = modules.map((m) => ({ id: m.id, title: m.title, badge: m.id === screenId ? subtitle : undefined }));
  return (
    <>
      <ScreenResources screens={built.screens} visible={mounted.module.id} ctx={{ services, flash }} />
      <Box flexDirection="column" width={width} height={budget}>
        <ShellHeader width={width} live={live} />
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
        {helpShown ? (
          <ShellHelp
            shown={helpShown}
            keymap={keymap}
            screen={mounted.module}
            commands={built.commands}
            width={width}
            height={screenHeight}
            onClose={() => setHelpOpen(false)}
          />
        ) : null}
        {askQuit() ? (
          <QuitDialog
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
        {bar.open() ? (
          <CommandBar
            history={bar.history}
            complete={bar.complete}
            onSubmit={bar.submit}
            onCancel={() => bar.setOpen(false)}
            width={width}
          />
        ) : null}
        {helpOpen() ? null : <Toasts toasts={toasts.toasts} width={width} maxLines={2} />}
        <PollFooter
          hints={actionsOverlay ? OVERLAY_HINTS : hints}
          width={width}
          row={budget - 1}
          live={live}
          resource={firstResource}
          paused={paused}
        />
      </Box>
    </>
  );
}
