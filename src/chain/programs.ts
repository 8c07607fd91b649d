// The simulator's programs: the ids its transactions call. The client's inspector names them as
// known programs (src/wallet/inspect.ts), so a demo or paper transaction is read like a live one;
// this module imports nothing, so that costs the client five strings and nothing of the simulator.
export const SIM_PROGRAMS = {
  router: 'SimRouter1111111111111111111111111111111111',
  trigger: 'SimTrigger111111111111111111111111111111111',
  recurring: 'SimRecurring1111111111111111111111111111111',
  send: 'SimSend111111111111111111111111111111111111',
  studio: 'SimStudio1111111111111111111111111111111111',
} as const;
