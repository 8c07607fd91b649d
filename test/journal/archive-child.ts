// Run by archive.test.ts as its own process: archives the journal named by argv[2] and is killed
// (SIGKILL, as a crash or kill -9) at the step named by argv[3].
import { archiveJournal, type ArchiveStep } from '../../src/journal/archive.js';
import { first } from '../support/narrow.js';

const [path, at, now] = first(process.argv.slice(2), 3);
await archiveJournal(path, {
  now: Number(now),
  step: (step: ArchiveStep) => {
    if (step === at) process.kill(process.pid, 'SIGKILL');
  },
});
