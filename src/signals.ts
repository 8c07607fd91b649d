// The end of a long-running command (a watch, the simulator's server): the first SIGINT or SIGTERM.

/** Resolves on the first SIGINT or SIGTERM; the handlers are removed then. */
export function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
}
