// The first screen (SCREENS[0] in screens/index.ts) without its component: what start-up needs to
// send its requests before Ink, React and the screens have loaded. A test checks it is SCREENS[0].
import type { Services } from '../src/services/index.js';
import type { TokensState } from '../src/store/tokens.js';
import { tokensResources } from './Tokens/resources.js';

export const FIRST_SCREEN = {
  id: 'tokens',
  createStore: (services: Services) => services.catalog,
  resources: tokensResources,
} as const satisfies {
  id: string;
  createStore(services: Services): import('zustand/vanilla').StoreApi<TokensState>;
  resources: unknown;
};
