// The shell's own `:` commands: goto, interval, help, quit (and q).
import { formatAge } from '../../src/format.js';
import { NOTIFY_MODES, type NotifyMode } from '../../src/store/notifications.js';
import { CommandError, noMoreThan, parseWholeNumber } from './commands.js';
import type { ScreenCommand } from './types.js';

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
    if (args[0]) {
      const c = all.find((x) => x.name === args[0].replace(/^:/, '').toLowerCase());
      if (!c) throw new CommandError(`no command "${args[0]}" (commands: ${all.map((x) => x.name).join(', ')})`);
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

export const SHELL_COMMANDS: ScreenCommand<never>[] = [
  goto,
  interval,
  help,
  notify,
  quitCommand('quit'),
  quitCommand('q'),
];
