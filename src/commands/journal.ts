// `tradedeck journal archive`: the journal's lines of past years move to yearly archives beside
// it (src/journal/archive.ts), holding the journal's own lock all along: every process appends to
// the journal under it, so none writes a line meanwhile (one that tries waits a few seconds).
import type { OptionsOf } from '../commands/registry.js';
import { basename, join } from 'node:path';
import type { Config } from '../config/config.js';
import { archiveJournal } from '../journal/archive.js';
import { FileLockError, withFileLock } from '../state/lock.js';
import { clean, printJson, printTable } from './print.js';

export async function journalCommand(
  positionals: string[],
  opts: OptionsOf<'journal'>,
  config: Config,
  fail: (m: string) => void,
  now = Date.now(),
): Promise<number> {
  if (positionals[0] !== 'archive') {
    fail(`unknown journal action "${clean(positionals[0] ?? '', 40)}" (usage: tradedeck journal archive)`);
    return 2;
  }
  const path = join(config.stateDir, 'journal.jsonl');
  try {
    const r = await withFileLock(config.stateDir, basename(path), async () => {
      try {
        return await archiveJournal(path, { now });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { moved: [], resumed: false };
        throw e;
      }
    });
    if (opts.json) {
      process.stdout.write(printJson({ journal: path, resumed: r.resumed, moved: r.moved }, opts.indent));
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
    if (e instanceof FileLockError)
      fail(`journal archive: ${e.message.replace(/journal\.jsonl was not changed/, 'nothing moved')}`);
    else fail(`journal archive: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}
