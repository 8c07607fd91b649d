// TEST-ONLY crash points for the kill-at-every-stage reliability tests (test/reliability/kill.test.ts).
//
// TRADEDECK_TEST_KILL_AT=<stage> makes the process kill itself with SIGKILL (no clean-up, no exit
// handlers: as a power cut or `kill -9` would) when the pipeline reaches that stage:
//   after-sign       signed, before its signed line is written (the entry written before signing
//                    is on disk: recovery finds it never sent)
//   after-journal    the signed line is on disk, before anything is sent
//   during-execute   the execute / sendTransaction request has been started (killed 250 ms later,
//                    while it is in flight)
//   after-execute    the service answered, before the outcome is written to the journal
// The variable is read once, when this module loads. Unset (always, outside these tests) it does
// nothing at all. The published build has no such variable: scripts/build.mjs defines
// __TEST_HOOKS__ false for dist/ (the read below folds to false), true for dist-test/, the build
// the tests run; run from source (tsx) it is undefined and the hook is in.
export type TestKillStage = 'after-sign' | 'after-journal' | 'during-execute' | 'after-execute';

declare const __TEST_HOOKS__: boolean | undefined;
const STAGES: readonly string[] = ['after-sign', 'after-journal', 'during-execute', 'after-execute'];
const raw = (typeof __TEST_HOOKS__ === 'undefined' || __TEST_HOOKS__) && process.env.TRADEDECK_TEST_KILL_AT;
const KILL_AT: TestKillStage | undefined = raw && STAGES.includes(raw) ? (raw as TestKillStage) : undefined;

/** How long `during-execute` waits after the request starts before killing. */
const DURING_EXECUTE_DELAY_MS = 250;

function die(): void {
  process.kill(process.pid, 'SIGKILL');
}

/** Kills the process here when TRADEDECK_TEST_KILL_AT names this stage; otherwise nothing. */
export function testKillPoint(stage: Exclude<TestKillStage, 'during-execute'>): void {
  if (KILL_AT === stage) die();
}

/** Arms the in-flight kill when TRADEDECK_TEST_KILL_AT=during-execute; otherwise nothing. */
export function testKillDuringExecute(): void {
  if (KILL_AT === 'during-execute') setTimeout(die, DURING_EXECUTE_DELAY_MS);
}
