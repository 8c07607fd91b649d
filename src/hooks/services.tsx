// What screens reach through React context: the API client, the polling scheduler, the stores,
// the keymap, and the app's flash messages.
import React, { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Keymap } from '../../components/keys/index.js';
import type { ToastKind } from '../../components/Toasts.js';
import type { ApiClient } from '../api/index.js';
import type { Scheduler } from '../poll/scheduler.js';
import type { SessionState, Stores, TokensState } from '../store/index.js';

export interface AppServices {
  api: ApiClient;
  scheduler: Scheduler;
  stores: Stores;
  keymap: Keymap;
}

export type Flash = (kind: ToastKind, text: string) => void;

const ServicesContext = createContext<AppServices | null>(null);
const FlashContext = createContext<Flash>(() => {});

export function ServicesProvider({ services, flash, children }: { services: AppServices; flash: Flash; children?: React.ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <FlashContext.Provider value={flash}>{children}</FlashContext.Provider>
    </ServicesContext.Provider>
  );
}

export function useServices(): AppServices {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices must be used inside <ServicesProvider>');
  return s;
}

export function useFlash(): Flash {
  return useContext(FlashContext);
}

/** Select from the session slice (return primitives, or wrap the selector in useShallow). */
export function useSession<U>(selector: (s: SessionState) => U): U {
  return useStore(useServices().stores.session, selector);
}

/** Select from the Tokens slice (return primitives, or wrap the selector in useShallow). */
export function useTokens<U>(selector: (s: TokensState) => U): U {
  return useStore(useServices().stores.tokens, selector);
}
