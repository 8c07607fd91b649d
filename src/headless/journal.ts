// `tradedeck journal archive`: the journal's lines of past years move to yearly archives beside
// it (src/journal/archive.ts). Only while no other instance holds the state directory: the
// instance that signs is the only one that appends to the journal.
import { join } from 'node:path';
import type { Config } from '../config.js';
import { archiveJournal } from '../journal/archive.js';
import { takeStateLock } from '../stateLock.js';
import { clean, printJson, printTable } from './print.js';

export async function journalCommand(
  positionals: string[],
  flags: Record<string, string | boolean>,
  config: Config,
  fail: (m: string) => void,
  now = Date.now(),
): Promise<number> {
  if (positionals[0] !== 'archive') {
    fail(`unknown journal action "${clean(positionals[0] ?? '', 40)}" (usage: tradedeck journal archive)`);
    return 2;
  }
  const lock = await takeStateLock(config.stateDir);
  if (!lock.held) {
    fail(
      `${lock.note ?? 'another tradedeck holds the state dir'}; the journal is archived only while no other tradedeck runs on it: nothing moved`,
    );
    return 1;
  }
  try {
    const path = join(config.stateDir, 'journal.jsonl');
    let r;
    try {
      r = await archiveJournal(path, { now });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') r = { moved: [], resumed: false };
      else throw e;
    }
    if (flags.json) {
      process.stdout.write(printJson({ journal: path, resumed: r.resumed, moved: r.moved }, flags.indent === true));
      return 0;
    }
    const lines = [
      ...(r.resumed ? ['an archive interrupted earlier was finished'] : []),
      ...(r.moved.length
        ? [
            printTable(
              ['ARCHIVE', 'LINES', 'BYTES'],
              r.moved.map((m) => [m.file, String(m.lines), String(m.bytes)]),
            ).trimEnd(),
          ]
        : [`nothing to archive: ${path} holds no finished lines of a past year`]),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (e) {
    fail(`journal archive: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await lock.release();
  }
}
