// Run by state-lock.test.ts as its own process: takes the signing turn of the state directory
// argv[2] as argv[3] ("the dashboard"), says "held" on stdout, and lets it go after argv[4] ms
// (or when its stdin closes, when argv[4] is "stdin").
import { takeSigningTurn } from '../../src/state/lock.js';
import { first } from '../support/narrow.js';

const [stateDir, who, hold] = first(process.argv.slice(2), 3);
const turn = await takeSigningTurn(stateDir, who, { waitMs: 0 });
process.stdout.write('held\n');
if (hold === 'stdin') {
  process.stdin.resume();
  await new Promise((r) => process.stdin.on('end', r));
} else await new Promise((r) => setTimeout(r, Number(hold)));
await turn.release();
