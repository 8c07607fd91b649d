// Mounts the Swap screen as the dashboard does (key router, services, action services, the confirm
// host above the screen, global keys below it) against the simulator, for ink-testing-library.
import React from 'react';
import { render } from 'ink-testing-library';
import { Box } from 'ink';
import { useStore } from 'zustand';
import { createKeymap, GLOBAL_SCOPE, KeyRouterProvider, useCommands, type Binding } from '../../components/keys/index.js';
import { ServicesProvider } from '../../src/hooks/services.js';
import { createScheduler } from '../../src/poll/scheduler.js';
import { createTokensStore } from '../../src/store/tokens.js';
import { ActionsProvider, type ActionServices } from '../../src/actions/services.js';
import { ConfirmHost } from '../../src/actions/ConfirmHost.js';
import { SwapScreen } from '../../screens/Swap/SwapScreen.js';
import { SWAP_BINDINGS } from '../../screens/Swap/keys.js';

const g = (keys: string[], command: string): Binding => ({ keys, command, scope: GLOBAL_SCOPE, description: command });
export const TEST_KEYMAP = createKeymap([
  ...SWAP_BINDINGS,
  g(['j', 'down'], 'down'),
  g(['k', 'up'], 'up'),
  g(['escape'], 'back'),
  g(['enter'], 'open'),
  g(['q'], 'quit'),
  g(['1'], 'goto:tokens'),
  g(['2'], 'goto:swap'),
  g(['tab'], 'nextScreen'),
]);

export interface GlobalLog {
  commands: string[];
}

function Globals({ log }: { log: GlobalLog }) {
  const record = (c: string) => () => void log.commands.push(c);
  useCommands(TEST_KEYMAP, GLOBAL_SCOPE, { quit: record('quit'), 'goto:tokens': record('goto:tokens'), 'goto:swap': record('goto:swap'), nextScreen: record('nextScreen') }, 'global');
  return null;
}

function Frame({ s, width, height }: { s: ActionServices; width: number; height: number }) {
  const asking = useStore(s.confirm, (st) => st.queue.length > 0);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box display={asking ? 'none' : 'flex'} height={asking ? 0 : height}>
        <SwapScreen width={width} height={height} />
      </Box>
      <ConfirmHost store={s.confirm} width={width} height={height} />
    </Box>
  );
}

export function mountSwap(s: ActionServices, opts: { width?: number; height?: number } = {}) {
  const scheduler = createScheduler();
  const log: GlobalLog = { commands: [] };
  const stores = { session: s.session as never, tokens: createTokensStore() };
  const services = { api: s.api, scheduler, stores, keymap: TEST_KEYMAP };
  const app = render(
    <KeyRouterProvider>
      <ServicesProvider services={services} flash={() => undefined}>
        <ActionsProvider services={s}>
          <Globals log={log} />
          <Frame s={s} width={opts.width ?? 80} height={opts.height ?? 20} />
        </ActionsProvider>
      </ServicesProvider>
    </KeyRouterProvider>,
  );
  return { app, log, scheduler, cleanup: () => (app.unmount(), scheduler.dispose()) };
}
