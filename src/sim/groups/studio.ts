import type { SimKernel } from '../kernel.js';

/** Registers the studio group's operations on the simulator. */
export function register(kernel: SimKernel): void {
  void kernel;
}
