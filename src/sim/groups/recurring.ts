import type { SimKernel } from '../kernel.js';

/** Registers the recurring group's operations on the simulator. */
export function register(kernel: SimKernel): void {
  void kernel;
}
