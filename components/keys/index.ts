export { KeyDispatcher, type KeyHandler, type KeyLayer } from './dispatcher.js';
export { KeyRouterProvider, useKeyLayer, type KeyRouterProviderProps } from './KeyRouter.js';
export { createKeymap, GLOBAL_SCOPE, type Binding, type Keymap, type Hint, type HelpGroup, type HelpEntry } from './keymap.js';
export { normalizeKey, displayKey } from './normalizeKey.js';
export { useCommands, type CommandAction, type CommandsOf, type KeyHandlers } from './useCommands.js';
