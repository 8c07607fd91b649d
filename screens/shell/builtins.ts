// The shell's own `:` commands: goto, interval, help, notify, price (demo), quit (and q).
import { AmountError, scaleDecimal } from '../../src/text/amount.js';
import { knowTokens } from '../../src/actions/swapFlow.js';
import { formatPrice } from '../../src/text/format.js';
import { NOTIFY_MODES, type NotifyMode } from '../../src/notify/store.js';
import { CommandError, knownSymbols, noMoreThan, parseWholeNumber, tokenArg } from '../shared/commandArgs.js';
import type { ScreenCommand } from '../shared/types.js';
import { formatAge } from '../../src/text/duration.js';

const goto: ScreenCommand<never> = {
  name: 'goto',
  usage: 'goto <screen>',
  help: 'switch to a screen by name or number',
  complete: (index, _partial, ctx) => (index === 0 ? ctx.screens.map((s) => s.id) : []),
  run(args, ctx) {
    noMoreThan(args, 1);
    const want = args[0];
    const names = ctx.screens.map((s) => s.id).join(', ');
    if (!want) throw new CommandError(`which screen? (${names})`);
    const lower = want.toLowerCase();
    const screen = ctx.screens.find((s) => s.key === want || s.id === lower || s.title.toLowerCase() === lower);
    if (!screen) throw new CommandError(`no screen "${want}" (screens: ${names})`);
    ctx.goto(screen.id);
  },
};

const interval: ScreenCommand<never> = {
  name: 'interval',
  usage: 'interval <seconds>',
  help: "set the visible screen's polling interval (2 to 600 s)",
  run(args, ctx) {
    noMoreThan(args, 1);
    const seconds = parseWholeNumber(args[0], 'seconds', 2, 600);
    const { session } = ctx.services;
    if (!session.getState().resources[ctx.screen]?.length)
      throw new CommandError(`the ${ctx.screen} screen polls nothing`);
    session.getState().setInterval(ctx.screen, seconds * 1000);
    ctx.flash('info', `${ctx.screen} every ${formatAge(seconds * 1000)}`);
  },
};

const help: ScreenCommand<never> = {
  name: 'help',
  usage: 'help [command]',
  help: 'every command with its usage (also :?), or how to call one',
  run(args, ctx) {
    noMoreThan(args, 1);
    const all = ctx.commands();
    const [asked] = args;
    if (asked) {
      const c = all.find((x) => x.name === asked.replace(/^:/, '').toLowerCase());
      if (!c) throw new CommandError(`no command "${asked}" (commands: ${all.map((x) => x.name).join(', ')})`);
      // the overlay wraps what a flash line would cut
      ctx.showCommands(c.name);
      return;
    }
    ctx.showCommands();
  },
};

const quitCommand = (name: string): ScreenCommand<never> => ({
  name,
  usage: name,
  help: 'quit tradedeck (asks first while a transaction is in flight)',
  run(args, ctx) {
    noMoreThan(args, 0);
    ctx.quit();
  },
});

const notify: ScreenCommand<never> = {
  name: 'notify',
  usage: 'notify off|bell|desktop',
  help: 'how fills and alerts are told: log only, flash + bell, or also a desktop notification',
  complete: (index) => (index === 0 ? [...NOTIFY_MODES] : []),
  run(args, ctx) {
    noMoreThan(args, 1);
    const mode = args[0]?.toLowerCase();
    if (!mode) throw new CommandError(`now ${ctx.services.notifications.getState().mode}; give off, bell or desktop`);
    if (!NOTIFY_MODES.includes(mode as NotifyMode)) throw new CommandError(`"${args[0]}" is not off, bell or desktop`);
    ctx.services.notifications.getState().setMode(mode as NotifyMode);
    ctx.flash(
      'info',
      `notifications: ${mode}${mode === 'desktop' ? ' (inside tmux this needs set -g allow-passthrough on)' : ''}`,
    );
  },
};

/** Digits a typed price may carry after the point. */
const PRICE_SCALE = 12;

const price: ScreenCommand<never> = {
  name: 'price',
  usage: 'price <token> <usd>',
  help: "demo mode: set a token's USD price in the simulator's market from now on (it walks on from there), to make an alert or a limit order fire on purpose",
  complete: (index, _partial, ctx) => (index === 0 ? knownSymbols(ctx) : []),
  async run(args, ctx) {
    noMoreThan(args, 2);
    const sim = ctx.services.sim;
    if (ctx.services.mode !== 'demo' || !sim)
      throw new CommandError("only in demo mode: here prices are the service's market's, not set by tradedeck");
    if (!args[0] || !args[1]) throw new CommandError('give the token and its price in USD, e.g. :price SOL 250');
    await knowTokens(ctx.services, [args[0]]);
    const token = tokenArg(args[0], 'token', ctx);
    let usd: number;
    try {
      usd = Number(scaleDecimal(args[1], PRICE_SCALE, 'price')) / 10 ** PRICE_SCALE;
    } catch (e) {
      if (e instanceof AmountError) throw new CommandError(e.message);
      throw e;
    }
    if (!(usd > 0)) throw new CommandError('price: must be greater than zero');
    try {
      sim.setPrice(token.mint, usd);
    } catch (e) {
      throw new CommandError(e instanceof Error ? e.message : String(e));
    }
    ctx.flash(
      'success',
      `${token.symbol || token.mint} is ${formatPrice(usd, { symbol: true })} in the demo market from now on; it walks on from there (the lists show it at their next refresh)`,
    );
  },
};

export const SHELL_COMMANDS: ScreenCommand<never>[] = [
  goto,
  interval,
  help,
  notify,
  price,
  quitCommand('quit'),
  quitCommand('q'),
];
