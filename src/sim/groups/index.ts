// Registers every group's operations on the simulator kernel.
import type { SimGroupModule, SimKernel } from '../engine/kernel.js';
import { register as tokens } from './tokens.js';
import { register as swap } from './swap.js';
import { register as ultra } from './ultra.js';
import { register as trigger } from './trigger.js';
import { register as recurring } from './recurring.js';
import { register as send } from './send.js';
import { register as portfolio } from './portfolio.js';
import { register as studio } from './studio.js';
import { register as swapV2 } from './swap-v2.js';
import { register as triggerV2 } from './trigger-v2.js';

// the current generation's groups come last: they draw nothing from the identifier stream when
// registered, so the first generation's identifiers stay what they were
export const GROUP_MODULES: SimGroupModule[] = [
  tokens,
  swap,
  ultra,
  trigger,
  recurring,
  send,
  portfolio,
  studio,
  swapV2,
  triggerV2,
];

export function registerAllGroups(kernel: SimKernel): void {
  for (const register of GROUP_MODULES) register(kernel);
}
