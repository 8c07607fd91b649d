// Files in the state directory (0700): written atomically (a temporary file beside the target,
// flushed, then renamed over it, mode 0600) so a crash never leaves half a file.
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

let sequence = 0;

export async function writeStateFile(stateDir: string, name: string, text: string): Promise<void> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const target = join(stateDir, name);
  const tmp = `${target}.${process.pid}.${++sequence}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}
