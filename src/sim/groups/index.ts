// Registers every group's operations on the simulator kernel.
import type { SimGroupModule, SimKernel } from '../kernel.js';
import { register as tokens } from './tokens.js';
import { register as swap } from './swap.js';
import { register as ultra } from './ultra.js';
import { register as trigger } from './trigger.js';
import { register as recurring } from './recurring.js';
import { register as send } from './send.js';
import { register as portfolio } from './portfolio.js';
import { register as studio } from './studio.js';

export const GROUP_MODULES: SimGroupModule[] = [tokens, swap, ultra, trigger, recurring, send, portfolio, studio];

export function registerAllGroups(kernel: SimKernel): void {
  for (const register of GROUP_MODULES) register(kernel);
}
