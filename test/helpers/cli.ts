// The built program (dist/cli.js) run as a person would from a shell: a clean home, no key file,
// demo mode unless a base URL is given; asynchronous, so a simulator held by the test keeps answering.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');

export interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** An environment with a fresh home and none of tradedeck's own variables set. */
export function cleanEnv(home = mkdtempSync(join(tmpdir(), 'td-cli-'))): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'cfg'), XDG_STATE_HOME: join(home, 'state'), TRADEDECK_API_KEY: '' };
  delete env.TRADEDECK_BASE_URL;
  delete env.TRADEDECK_ADDRESS;
  delete env.TRADEDECK_KEYPAIR;
  return env;
}

/** Runs `file args...` with stdin closed; resolves with the exit code and both outputs (killed after 60 s). */
export function collect(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

/** `tradedeck ARGS...` */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return collect(process.execPath, [CLI, ...args], env);
}
