// Loaded (--import) by test/run.mjs into the runner and so into every test file's process: when
// TRADEDECK_TEST_TIMES_DIR is set, a test file's process writes there, as it exits, how long it
// ran (one small JSON file per test file), for the runner's list of the slowest files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** CPU time of this process alone (not of the programs it starts) */
function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

const dir = process.env.TRADEDECK_TEST_TIMES_DIR;
// the runner's own process has no NODE_TEST_CONTEXT; a test file's process has it (and so may a
// program a test starts with the same options: only a test file is counted)
if (dir && process.env.NODE_TEST_CONTEXT && /\.test\.tsx?$/.test(process.argv[1] ?? '')) {
  const file = process.argv[1];
  process.on('exit', () => {
    const name = `${process.pid}.json`;
    writeFileSync(join(dir, name), JSON.stringify({ file, seconds: process.uptime(), cpu: cpuSeconds() }));
  });
}
