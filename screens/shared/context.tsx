// What screens and overlays reach through React context: the services (src/services/index.ts), the
// keymap built from the screen modules, the shell's flash line, and the navigator through which a
// screen opens another on something (intents.ts).
import React, { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Keymap } from '../../components/keys/index.js';
import type { Services } from '../../src/services/index.js';
import type { SessionState, TokensState } from '../../src/store/index.js';
import type { Navigator } from './intents.js';
import type { Flash } from './types.js';

export interface ShellContext {
  services: Services;
  keymap: Keymap;
  flash: Flash;
  navigator: Navigator;
}

const Context = createContext<ShellContext | null>(null);

export function ShellProvider({ value, children }: { value: ShellContext; children?: React.ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useShell(): ShellContext {
  const s = useContext(Context);
  if (!s) throw new Error('useShell must be used inside <ShellProvider>');
  return s;
}

export function useServices(): Services {
  return useShell().services;
}

export function useFlash(): Flash {
  return useShell().flash;
}

/** Select from the session (return primitives, or wrap the selector in useShallow). */
export function useSession<U>(selector: (s: SessionState) => U): U {
  return useStore(useShell().services.session, selector);
}

/** The wall clock, ticked once a second; `select` maps it (to 0, say, while nothing shown depends on time). */
export function useNow<U = number>(select?: (now: number) => U): U {
  return useStore(useShell().services.clock, (s) => (select ? select(s.now) : s.now) as U);
}

/** Select from the token catalog (return primitives, or wrap the selector in useShallow). */
export function useCatalog<U>(selector: (s: TokensState) => U): U {
  return useStore(useShell().services.catalog, selector);
}
