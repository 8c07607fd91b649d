// The Studio screen's own keys, all carried out by StudioScreen (the compiler checks it gives a
// handler for each); those that sign say why they cannot while signing is blocked.
import { signingBlocked } from '../../src/actions/run.js';
import type { StudioState } from '../../src/studio/store.js';
import { screenKeys, type ScreenContext } from '../shared/types.js';

export const STUDIO_SCREEN = 'studio';

const signing = ({ services }: ScreenContext<StudioState>) => signingBlocked(services, 'rpc');

export const STUDIO_KEYS = screenKeys<StudioState>()({
  new: { keys: ['n'], help: 'new pool (launch form)', hint: 'new pool', disabled: signing },
  claim: { keys: ['c'], help: "claim the pool's fees", hint: 'claim', disabled: signing },
  edit: { keys: ['e', 'enter'], help: 'edit field / flip a toggle', hint: 'edit' },
  submit: { keys: ['s'], help: 'launch / claim (the form)', hint: 'submit', disabled: signing },
  max: { keys: ['m'], help: 'claim everything (max)', hint: 'max' },
});
