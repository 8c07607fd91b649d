// The shell's parts on their own: the frame writer (only changed lines, never a scroll), keys
// arriving in one read, the command registry, untrusted text, the footer's poll status.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { createFrameSink } from '../../src/terminal/index.js';
import { pollStatusText } from '../../screens/shared/pollState.js';
import { commonPrefix } from '../../components/commandBar/commandLine.js';
import { closeMatches, createCommandRegistry, type CommandRegistry } from '../../screens/shell/commands.js';
import { SHELL_COMMANDS } from '../../screens/shell/builtins.js';
import { stepInterval } from '../../screens/shell/keymap.js';
import { buildShell } from '../../screens/shell/App.js';
import type { CommandContext, ScreenModule } from '../../screens/shared/types.js';
import { SCREENS } from '../../screens/index.js';
import { tokensScreen } from '../../screens/Tokens/index.js';
import { createSessionStore, createTokensStore } from '../../src/store/index.js';
import { buildRows, printable } from '../../screens/Tokens/rows.js';
import { tokenSections } from '../../screens/Tokens/detail.js';
import type { Services } from '../../src/services/index.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import { waitFor } from '../support/wait.js';

class FakeTerminal extends EventEmitter {
  columns = 20;
  rows = 4;
  out: string[] = [];
  write(chunk: string) {
    this.out.push(chunk);
    return true;
  }
}

describe('frame writer', () => {
  it('writes each line at its row, then only the lines that changed; no newline ever', () => {
    const term = new FakeTerminal();
    const sink = createFrameSink(term, 1000);
    sink.write('a\nb\nc');
    sink.flush();
    assert.match(nth(term.out, 0), /\x1b\[H\x1b\[2J/);
    assert.ok(nth(term.out, 0).includes('\x1b[1;1H\x1b[2Ka') && nth(term.out, 0).includes('\x1b[3;1H\x1b[2Kc'));
    sink.write('a\nB\nc');
    sink.flush();
    const second = nth(term.out, 1);
    assert.match(second, /\x1b\[2;1H(\x1b\[2K)?B/, 'the changed line, at its row');
    assert.ok(!second.includes('\x1b[1;1H') && !second.includes('\x1b[3;1H'), 'unchanged lines are not rewritten');
    sink.write('a\nB\nc');
    sink.flush();
    assert.equal(term.out.length, 2, 'an identical frame writes nothing');
    assert.ok(term.out.every((c) => !c.includes('\n')));
    sink.close();
  });

  it('never draws below the last row, clears rows a shorter frame left, repaints after a resize', () => {
    const term = new FakeTerminal();
    const sink = createFrameSink(term, 1000);
    let resized = 0;
    sink.on('resize', () => resized++);
    sink.write('1\n2\n3\n4\n5\n6');
    sink.flush();
    assert.ok(!nth(term.out, 0).includes('\x1b[5;1H'), 'row 5 of a 4-row terminal');
    sink.write('1\n2');
    sink.flush();
    assert.ok(nth(term.out, 1).includes('\x1b[3;1H\x1b[2K\x1b[4;1H\x1b[2K'));
    term.rows = 6;
    term.emit('resize');
    assert.equal(resized, 1);
    assert.equal(sink.rows, 6);
    sink.write('1\n2');
    sink.flush();
    assert.match(nth(term.out, 2), /\x1b\[2J/);
    sink.close();
  });

  it('a frame drawn after the terminal shrank but before the resize event arrived waits for it: nothing wraps or scrolls', () => {
    const term = new FakeTerminal() as FakeTerminal & { getWindowSize(): [number, number] };
    let real: [number, number] = [term.columns ?? 80, term.rows ?? 4];
    term.getWindowSize = () => real;
    const sink = createFrameSink(term, 1000);
    sink.write('a\nb');
    sink.flush();
    assert.equal(term.out.length, 1);
    // the terminal shrinks; a frame laid out for the old size comes before the resize event
    real = [3, 2];
    sink.write('a much longer line than three columns\nb\nc');
    sink.flush();
    assert.equal(term.out.length, 1, 'nothing is written for the old size');
    term.columns = 3;
    term.rows = 2;
    term.emit('resize');
    sink.write('abc\nd');
    sink.flush();
    assert.equal(term.out.length, 2);
    assert.match(nth(term.out, 1), /\x1b\[2J/, 'the frame after the resize repaints from a cleared screen');
    sink.close();
  });

  it('a frame laid out for a wider terminal than the one it reaches is cut to the width, and the next frame repaints', () => {
    const term = new FakeTerminal();
    const sink = createFrameSink(term, 1000);
    sink.write('short\nline');
    sink.flush();
    // the resize event came, but the app still lays out for the old width
    term.columns = 10;
    term.emit('resize');
    sink.write('\x1b[1mbold and much wider than ten\x1b[22m\nline');
    sink.flush();
    const drawn = nth(term.out, 1)
      .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '\n')
      .split('\n')
      .filter(Boolean);
    for (const piece of drawn) assert.ok(piece.length <= 10, `"${piece}" is wider than the terminal`);
    sink.write('fits\nline');
    sink.flush();
    assert.match(nth(term.out, 2), /\x1b\[2J/, 'the frame after a cut one repaints from a cleared screen');
    sink.close();
  });

  it('coalesces frames arriving faster than maxFps into the latest', async () => {
    const term = new FakeTerminal();
    const sink = createFrameSink(term, 10);
    sink.write('one');
    sink.write('two');
    sink.write('three');
    assert.equal(term.out.length, 1);
    await waitFor(() => term.out.length > 1, 'the next frame', 2000);
    assert.equal(term.out.length, 2);
    assert.ok(nth(term.out, 1).includes('three') && !nth(term.out, 1).includes('two'));
    sink.close();
  });

  it('a live region (the clock, an age) is brought up to date by tick: only its changed cells, without a frame; a text that no longer fits asks for a render', () => {
    const term = new FakeTerminal();
    term.columns = 24;
    const sink = createFrameSink(term, 1000);
    sink.write('\x1b[1mtitle\x1b[22m    12:00:01\nrows\nfooter  5s ago');
    sink.flush();
    let clockRedraws = 0;
    let ageRedraws = 0;
    const clock = (now: number) => `12:00:${String(now).padStart(2, '0')}`;
    sink.setLive('clock', { row: 0, col: 9, drawn: '12:00:01', text: clock, redraw: () => clockRedraws++ });
    sink.setLive('age', {
      row: 2,
      col: 8,
      drawn: '5s ago',
      text: (now) => `${now + 4}s ago`,
      redraw: () => ageRedraws++,
    });

    sink.tick(2);
    sink.flush();
    assert.equal(term.out.length, 2);
    const tick = nth(term.out, 1);
    assert.ok(tick.includes('\x1b[1;17H2'), `the clock's last digit, at its cell: ${JSON.stringify(tick)}`);
    assert.ok(tick.includes('\x1b[3;9H6'), `the age's digit, at its cell: ${JSON.stringify(tick)}`);
    assert.ok(!/title|rows|footer|12:00|s ago/.test(tick), 'nothing else is rewritten');
    assert.equal(clockRedraws + ageRedraws, 0);

    sink.tick(2);
    sink.flush();
    assert.equal(term.out.length, 2, 'the same moment again writes nothing');

    // 5s -> 14s ago: one character longer, so the age asks the component to render it; the clock goes on in place
    sink.tick(10);
    sink.flush();
    assert.equal(ageRedraws, 1);
    assert.equal(clockRedraws, 0);
    assert.ok(
      nth(term.out, 2).includes('\x1b[1;16H10') && !nth(term.out, 2).includes('14s'),
      JSON.stringify(term.out[2]),
    );

    // a frame that moved the clock's cells: the region no longer matches what is there, and asks for a render
    sink.write('title\nrows\nfooter  5s ago');
    sink.flush();
    sink.tick(11);
    assert.equal(clockRedraws, 1);
    sink.close();
  });
});

function fakeServices(): Services {
  const session = createSessionStore({
    mode: 'demo',
    modeLabel: 'SIMULATED',
    wallet: null,
    screen: 'tokens',
    intervals: { tokens: 10_000 },
  });
  const catalog = createTokensStore();
  catalog
    .getState()
    .applyList(
      'k',
      [
        { id: NATIVE_MINT, symbol: 'SOL', name: 'Wrapped SOL' } as never,
        { id: 'SoLend1111111111111111111111111111111111111', symbol: 'SLND', name: 'Solend' } as never,
      ],
      1,
    );
  return {
    session,
    catalog,
    stateDir: '/nonexistent/tradedeck-test',
    report: () => {},
    notify: () => {},
  } as unknown as Services;
}

function context(flashes: string[], registry?: CommandRegistry): { ctx: CommandContext; registry: CommandRegistry } {
  const services = fakeServices();
  const reg = registry ?? createCommandRegistry(SHELL_COMMANDS, [{ module: tokensScreen, store: services.catalog }]);
  const ctx: CommandContext = {
    services,
    flash: (k, t) => flashes.push(`${k}:${t}`),
    screens: [
      { id: 'tokens', title: 'Tokens', key: '1' },
      { id: 'swap', title: 'Swap', key: '2' },
    ],
    screen: 'tokens',
    goto: (id) => flashes.push(`goto:${id}`),
    quit: () => flashes.push('quit'),
    commands: () => reg.list(),
    showCommands: (name?: string) => flashes.push(name ? `command ${name} shown` : 'commands shown'),
  };
  return { ctx, registry: reg };
}

describe('start-up', () => {
  it('screens/first.ts is the first registered screen, with the same resources', async () => {
    const { FIRST_SCREEN } = await import('../../screens/first.js');
    assert.equal(FIRST_SCREEN.id, nth(SCREENS, 0).id);
    assert.equal(FIRST_SCREEN.resources, nth(SCREENS, 0).resources);
    const services = fakeServices();
    assert.equal(FIRST_SCREEN.createStore(services), nth(SCREENS, 0).createStore(services));
  });
});

describe('command registry', () => {
  it('completes names, then arguments, exact symbol first; a screen module adds its commands', async () => {
    const flashes: string[] = [];
    const echo: ScreenModule = {
      ...tokensScreen,
      id: 'echo',
      key: '9',
      commands: [
        {
          name: 'echo-test',
          usage: 'echo-test <word>',
          help: 'test',
          complete: () => ['alpha', 'beta'],
          run: (args, c) => c.flash('info', args.join(' ')),
        },
      ],
    };
    const services = fakeServices();
    const reg = createCommandRegistry(SHELL_COMMANDS, [
      { module: tokensScreen, store: services.catalog },
      { module: echo, store: services.catalog },
    ]);
    const { ctx } = context(flashes, reg);
    assert.deepEqual(reg.complete('go', ctx), { prefix: '', candidates: ['goto'] });
    assert.deepEqual(reg.complete('goto s', ctx), { prefix: 'goto ', candidates: ['swap'] });
    assert.deepEqual(reg.complete('star s', ctx).candidates.sort(), ['SLND', 'SOL']);
    assert.deepEqual(reg.complete('star sol', ctx).candidates, ['SOL']);
    assert.equal(commonPrefix(['SLND', 'SOL']), 'S');
    assert.deepEqual(reg.complete('echo-test b', ctx).candidates, ['beta']);
    await reg.run(':echo-test hi there', ctx);
    assert.deepEqual(flashes, ['info:hi there']);
  });

  it('names what is wrong: unknown command with close matches, bad numbers, unknown screens and tokens', async () => {
    const flashes: string[] = [];
    const { ctx, registry } = context(flashes);
    await registry.run('nope', ctx);
    await registry.run('interval 1', ctx);
    await registry.run('interval ten', ctx);
    await registry.run('goto moon', ctx);
    await registry.run('star XYZ', ctx);
    await registry.run('rows 101', ctx);
    await registry.run('gtoo swap', ctx);
    // watch is the command line's event stream; the bar stars with :star
    await registry.run('watch SOL', ctx);
    assert.match(nth(flashes, 0), /^error:unknown command :nope; :help lists them all/);
    assert.match(nth(flashes, 1), /seconds must be 2 to 600, got 1/);
    assert.match(nth(flashes, 2), /seconds must be a whole number, got "ten"/);
    assert.match(nth(flashes, 3), /no screen "moon"/);
    assert.match(nth(flashes, 4), /XYZ.*no token with that symbol, name or mint/);
    assert.match(nth(flashes, 5), /rows must be 1 to 100/);
    assert.match(nth(flashes, 6), /unknown command :gtoo \(did you mean :goto\?\)/);
    assert.match(nth(flashes, 7), /^error:unknown command :watch; :help lists them all/);
    assert.equal(flashes.length, 8);
    assert.deepEqual(closeMatches('cancl', ['cancel', 'cancel-all', 'goto']), ['cancel']);
    assert.deepEqual(closeMatches('cancel', ['cancel', 'cancel-all', 'goto']), ['cancel', 'cancel-all']);
  });

  it(':goto by name or number, :star by symbol, :interval sets the screen interval, :rows the list size, :quit and :q quit, :help lists', async () => {
    const flashes: string[] = [];
    const { ctx, registry } = context(flashes);
    await registry.run('goto 2', ctx);
    await registry.run('goto Tokens', ctx);
    await registry.run('star sol', ctx);
    assert.equal(nth(ctx.services.catalog.getState().starred, 0).symbol, 'SOL');
    ctx.services.session.getState().setResources('tokens', ['tokens/x']);
    await registry.run('interval 30', ctx);
    assert.equal(ctx.services.session.getState().intervals.tokens, 30_000);
    await registry.run('rows 5', ctx);
    assert.equal(ctx.services.catalog.getState().limit, 5);
    await registry.run('quit', ctx);
    await registry.run('q', ctx);
    await registry.run('help', ctx);
    await registry.run('?', ctx);
    await registry.run('help rows', ctx);
    // :help NAME opens the overlay on that one command (a flash line would cut its usage)
    assert.deepEqual(
      flashes.filter((f) => !f.startsWith('info') && !f.startsWith('success')),
      ['goto:swap', 'goto:tokens', 'quit', 'quit', 'commands shown', 'commands shown', 'command rows shown'],
    );
  });

  it('two commands or two keys with one name in one scope throw at start-up', () => {
    const services = fakeServices();
    const twice: ScreenModule = { ...tokensScreen, id: 'other', key: '8' };
    assert.throws(() => buildShell(services, [tokensScreen, twice], () => {}), /command :rows is declared twice/);
    const keyTwice: ScreenModule = {
      ...tokensScreen,
      commands: [],
      keys: { ...tokensScreen.keys, again: { keys: ['c'], help: 'x' } },
    };
    assert.throws(
      () => buildShell(services, [keyTwice], () => {}),
      /key "c" in scope tokens is bound to both "category" and "again"/,
    );
    const shellTwice: ScreenModule = {
      ...tokensScreen,
      commands: [{ name: 'goto', usage: 'goto', help: 'x', run: () => {} }],
    };
    assert.throws(() => buildShell(services, [shellTwice], () => {}), /command :goto is declared twice/);
    const sameNumber: ScreenModule = { ...tokensScreen, id: 'again', commands: [] };
    assert.throws(
      () => buildShell(services, [tokensScreen, sameNumber], () => {}),
      /screen key "1" is used by two screens/,
    );
    // The real registry builds.
    assert.doesNotThrow(() => buildShell(services, SCREENS, () => {}));
  });
});

describe('display of service data', () => {
  it('control characters and bidi overrides from the service never reach the terminal', () => {
    assert.equal(printable('EVIL\x1b[2J\u202eX\x07'), 'EVILX');
    const rows = buildRows({
      tokens: [{ id: 'M1', symbol: 'A\x1b]0;pwn\x07', name: 'n\r\nx', usdPrice: 1 } as never],
      latest: {},
      history: {},
      changed: {},
      starred: [],
      starredOnly: false,
      interval: '1h',
    });
    assert.ok(!/[\x00-\x1f]/.test(nth(rows, 0).symbol + nth(rows, 0).name));
  });

  it('the token detail shows — for missing values, never null or undefined', () => {
    const row = nth(
      buildRows({
        tokens: [
          {
            id: 'M1',
            symbol: 'ABC',
            name: 'Abc',
            usdPrice: 1,
            twitter: null,
            audit: { mintAuthorityDisabled: null, topHoldersPercentage: 12 },
          } as never,
        ],
        latest: {},
        history: {},
        changed: {},
        starred: [],
        starredOnly: false,
        interval: '1h',
      }),
      0,
    );
    const text = tokenSections(row, 0).flatMap((s) => s.entries.map((e) => `${e.key}=${e.value}`));
    assert.ok(text.includes('twitter=—'), text.join(' '));
    assert.ok(text.includes('mint authority=—'), text.join(' '));
    assert.ok(!text.some((l) => /=(null|undefined)$/.test(l)));
  });

  it('the footer says how old the data is, when it is stale, and when a failing resource retries', () => {
    const base = { failures: 0, inFlight: false, stale: false, intervalMs: 10_000, active: true };
    assert.equal(pollStatusText({ ...base, fetchedAt: 1000 }, 4000, false), '3s ago · every 10s');
    assert.equal(pollStatusText({ ...base, fetchedAt: 1000, stale: true }, 31_000, false), 'STALE 30s ago · every 10s');
    assert.equal(pollStatusText({ ...base, fetchedAt: 1000 }, 4000, true), '3s ago · PAUSED');
    assert.equal(
      pollStatusText(
        { ...base, failures: 2, fetchedAt: 1000, error: new Error('HTTP 503: busy'), nextAt: 30_000 },
        10_000,
        false,
      ),
      '✗ HTTP 503: busy · retry in 20s · data 9s ago',
    );
  });

  it('+ and - step through the interval list', () => {
    assert.equal(stepInterval(10_000, 1), 15_000);
    assert.equal(stepInterval(10_000, -1), 5_000);
    assert.equal(stepInterval(2_000, -1), 2_000);
    assert.equal(stepInterval(600_000, 1), 600_000);
  });
});
