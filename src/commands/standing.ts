// `tradedeck stop|tp|trail|oco|buy-above|buy-below …`: a standing order made without the screen,
// through the same words, checks and dialog as `:stop` (src/orders/standing/create.ts), confirmed
// as every signing command is (see signing.ts: --yes, or y at the terminal; with neither nothing
// is stored). The outcome names the standing order's id. Exit codes: 0 armed, 1 answered no or
// not stored, 2 usage, an input rule, or a wallet that may not have standing orders.
import type { OptionsOf } from '../commands/registry.js';
import type { Config } from '../config/config.js';
import { OrderInputError } from '../actions/orderRequest.js';
import { createStanding } from '../orders/standing/create.js';
import type { StandingCommand } from '../orders/standing/input.js';
import { standingJson } from '../orders/standing/listing.js';
import { clean, fitText, printJson } from './print.js';
import { paperMark } from './orderSigning.js';
import { openSigningSession } from './signing.js';
import { printVaultOutcome } from './vault.js';

export async function standingCommand(
  command: StandingCommand,
  positionals: string[],
  opts: OptionsOf<'stop'>,
  config: Config,
  fail: (line: string) => void,
  usage: string,
): Promise<number> {
  const session = await openSigningSession(config, opts.yes === true, fail);
  if (typeof session === 'number') return session;
  const s = session.services;
  try {
    for (const n of s.notices) fail(n.text);
    let r;
    // --vault is the words' `custody vault`: the service's order from its vault
    const words = opts.vault === true ? [...positionals, 'custody', 'vault'] : positionals;
    try {
      r = await createStanding(s, command, words);
    } catch (e) {
      if (!(e instanceof OrderInputError)) throw e;
      fail(`${clean(e.message, 400)}; nothing was stored (usage: tradedeck ${usage})`);
      return 2;
    }
    if (r.status === 'refused') {
      fail(clean(r.message, 400));
      return 2;
    }
    const now = s.now();
    if (r.vault) return printVaultOutcome(r.vault, opts, s, fail, { custody: 'vault' });
    if (opts.json) {
      process.stdout.write(
        printJson(
          {
            status: r.status,
            ...paperMark(s),
            ...(r.orders[0] ? { id: r.orders[0].terms.id } : {}),
            ...(r.orders.length > 1 ? { ids: r.orders.map((o) => o.terms.id) } : {}),
            orders: r.orders.map((o) => standingJson(o, now)),
            message: r.message,
          },
          opts.indent,
        ),
      );
    } else process.stdout.write(fitText(clean(r.message, 400)));
    return r.status === 'success' ? 0 : 1;
  } finally {
    await session.close();
  }
}
