// The commands about this machine's own state: `config` (the resolved configuration) and
// `demo reset` and `paper reset` (demo or paper mode starts over). None asks the service anything.
import { describeConfig, type Config } from '../config/config.js';
import { maskSecret } from '../api/errors.js';
import type { CommandRun } from '../commands/registry.js';
import { clean, printJson, printTable } from './print.js';

/** `tradedeck config`: every setting as resolved, the API key masked. */
export async function configCommand({ config, opts }: CommandRun): Promise<number> {
  const described = describeConfig(config, maskSecret);
  const stateKey = await stateKeyInUse(config);
  if (stateKey) described.wallet = stateKey;
  process.stdout.write(
    opts.json
      ? printJson(described, opts.indent)
      : printTable(
          ['SETTING', 'VALUE'],
          Object.entries(described).map(([k, v]) => [k, clean(v, 300)]),
          { fit: [['wrap', 1, 20]] },
        ),
  );
  return 0;
}

/** In demo and paper mode (never a key file of the person's): the state directory's own key, said as such. */
async function stateKeyInUse(config: Config): Promise<string | undefined> {
  if (config.mode === 'live' || config.address) return undefined;
  const { existsSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { DEMO_KEY_FILE } = await import('../services/demoAccount.js');
  const { PAPER_KEY_FILE } = await import('../services/paperAccount.js');
  const path = join(config.stateDir, config.mode === 'paper' ? PAPER_KEY_FILE : DEMO_KEY_FILE);
  return `${config.mode} key ${path}${existsSync(path) ? '' : ` (made at the first ${config.mode} start)`}`;
}

/**
 * `tradedeck demo reset` removes the demo key and the simulator state; `tradedeck paper reset` the
 * paper key, its simulator state and its starting balances. Both say which files went.
 */
export async function resetCommand({ command, positionals, opts, config, fail, usage }: CommandRun): Promise<number> {
  const kind = command === 'paper' ? 'paper' : 'demo';
  if (positionals[0] !== 'reset') {
    fail(`unknown ${kind} action "${clean(positionals[0] ?? '', 40)}" (usage: tradedeck ${usage})`);
    return 2;
  }
  const { removed, pools } =
    kind === 'demo'
      ? await (await import('../services/demoAccount.js')).resetDemo(config.stateDir)
      : { removed: await (await import('../services/paperAccount.js')).resetPaper(config.stateDir), pools: 0 };
  if (opts.json) {
    process.stdout.write(
      printJson(
        { stateDir: config.stateDir, removed, ...(kind === 'demo' ? { poolsRemoved: pools } : {}) },
        opts.indent,
      ),
    );
    return 0;
  }
  const poolLine =
    pools > 0 ? [`  ${pools} Studio pool${pools === 1 ? '' : 's'} launched in the demo (from studio-pools.json)`] : [];
  const lines =
    removed.length || pools > 0
      ? [
          'removed:',
          ...removed.map((p) => `  ${p}`),
          ...poolLine,
          kind === 'demo'
            ? 'the next demo start makes a new demo key and a fresh simulator'
            : 'the next paper start opens a new paper account with its starting balances',
        ]
      : [
          kind === 'demo'
            ? `nothing to remove: no demo key or simulator state in ${config.stateDir}`
            : `nothing to remove: no paper account in ${config.stateDir}`,
        ];
  lines.push(
    kind === 'demo'
      ? 'kept: the journal (its demo entries say so), watchlist, alerts, the pools launched for real and the rest of the state directory'
      : 'kept: the journal, watchlist, alerts and the rest of the state directory',
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
