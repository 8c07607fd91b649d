export { KeyDispatcher, type KeyLayer } from './dispatcher.js';
export { KeyRouterProvider, useKeyLayer } from './KeyRouter.js';
export { createKeymap, GLOBAL_SCOPE, type Binding, type Keymap, type Hint } from './keymap.js';
export { normalizeKey } from './normalizeKey.js';
export { useCommands, type CommandAction, type CommandsOf, type KeyHandlers } from './useCommands.js';
