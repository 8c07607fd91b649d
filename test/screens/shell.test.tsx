// The frame around the screens: tabs, help from the keymap, quitting (and asking first while a
// transaction is in flight), flash messages for bad commands.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { cleanup } from 'ink-testing-library';
import { SCREENS } from '../../screens/index.js';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';

const open: Dashboard[] = [];
afterEach(async () => {
  for (const d of open.splice(0)) await d.close();
  cleanup();
});
async function dashboard(size = { columns: 80, rows: 24 }): Promise<Dashboard> {
  const d = await startDashboard({ ...size, noWallet: true });
  open.push(d);
  await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 10_000);
  return d;
}

describe('dashboard shell', () => {
  it('header, tabs, footer with ? help, exactly as many lines as the terminal', async () => {
    const d = await dashboard();
    const frame = d.app.lastFrame()!;
    const lines = frame.split('\n');
    assert.equal(lines.length, 24);
    assert.match(lines[0], /^tradedeck\s+SIMULATED\s+no wallet\s+api ok\s+\d\d:\d\d:\d\d$/);
    // every screen of the registry has its tab, numbered, the visible one marked
    assert.match(lines[1], /\[1 Tokens[^\]]*\]\s+2 Swap\s+3 Orders\s+4 Invites\s+5 Portfolio\s+6 Studio\s+7 Alerts/);
    assert.match(lines[23], /\? help/);
    assert.match(lines[23], /ago · every 10s$/);
    assert.ok(lines.every((l) => l.length <= 80));
  });

  it('number keys, Tab and Shift-Tab switch screens; ? lists the keys of the current screen', async () => {
    const d = await dashboard();
    await typeKeys(d.app, 'tab');
    await waitFor(() => d.stores.session.getState().screen === SCREENS[1].id, 'next screen', 3000);
    await typeKeys(d.app, 'shift+tab', 'shift+tab');
    await waitFor(
      () => d.stores.session.getState().screen === SCREENS[SCREENS.length - 1].id,
      'wraps to the last',
      3000,
    );
    await typeKeys(d.app, '1', '?');
    const help = await waitForFrame(d.app, (f) => f.includes('Global'), 3000);
    assert.match(help, /c +next category/);
    await typeKeys(d.app, 'escape');
    await waitForFrame(d.app, (f) => !f.includes('Global') && /^›\s+1\s/m.test(f), 3000);
  });

  for (const size of [
    { columns: 80, rows: 24 },
    { columns: 100, rows: 30 },
  ]) {
    it(`? at ${size.columns}x${size.rows} shows every global key, the screen's keys and the dialog keys without scrolling`, async () => {
      const d = await dashboard(size);
      for (const screen of SCREENS.map((m) => m.key)) {
        await typeKeys(d.app, screen, '?');
        const help = await waitForFrame(d.app, (f) => f.includes('Global'), 3000);
        assert.doesNotMatch(help, /j\/k scroll/);
        for (const word of [
          'Global',
          'Dialogs',
          'move down / up',
          'top / bottom',
          'page down / up',
          'next / previous screen',
          'command bar',
          'journal of signed',
          'quit (asks if tx in flight)',
          `1-${SCREENS.length}`,
          'confirm and sign',
        ]) {
          assert.ok(help.includes(word), `help at ${size.columns}x${size.rows} shows "${word}"`);
        }
        const module = SCREENS.find((m) => m.key === screen)!;
        assert.ok(help.includes(`${module.title} screen`), `${module.title}: its own keys are listed`);
        for (const k of Object.values(module.keys) as Array<{ help: string; hideInHelp?: boolean }>)
          if (!k.hideInHelp) assert.ok(help.includes(k.help.slice(0, 12)), `${module.title}: ${k.help}`);
        assert.ok(help.split('\n').every((l) => l.length <= size.columns));
        // the small-price notation is explained with the keys where they leave room (Tokens does)
        if (screen === '1' || size.rows > 24) assert.match(help, /0\.0₅43 += 0\.0000043 \(5 zeros\)/);
        assert.match(help, /│ Keys {3}Esc closes/);
        await typeKeys(d.app, 'escape');
        await waitForFrame(d.app, (f) => !f.includes('Dialogs'), 3000);
      }
    });
  }

  it(':help and :? list every command with its usage, wrapped to the width; a long error gets two lines', async () => {
    const d = await dashboard({ columns: 80, rows: 60 });
    await typeKeys(d.app, ':', 'help', 'enter');
    let frame = await waitForFrame(d.app, (f) => f.includes('Commands (:'), 3000);
    assert.match(frame, /limit <amount>/);
    // the list is longer than 60 rows: its top, then its bottom (G)
    await typeKeys(d.app, 'G');
    const bottom = await waitForFrame(d.app, (f) => /│ :withdraw\s/.test(f), 3000);
    for (const c of [':goto', ':rows', ':swap', ':limit', ':dca', ':cancel-all', ':quit', ':stop', ':oco'])
      assert.ok(frame.includes(c) || bottom.includes(c), c);
    for (const f of [frame, bottom]) assert.ok(f.split('\n').every((l) => l.length <= 80));
    await typeKeys(d.app, 'escape', ':', '?', 'enter');
    await waitForFrame(d.app, (f) => f.includes('Commands (:'), 3000);
    await typeKeys(d.app, 'escape');
    await typeKeys(d.app, ':', 'swap 1', 'enter');
    frame = await waitForFrame(d.app, (f) => f.includes(':swap: give the amount'), 3000);
    const flash = frame.split('\n').filter((l) => l.startsWith('✗') || l.startsWith('  '));
    assert.ok(frame.replace(/\s+/g, ' ').includes('usage: :swap <amount> <from> <to>'), 'the usage is not cut off');
    assert.ok(flash.length >= 1);
  });

  it(":help NAME at 80x24 shows the whole of one command's usage and help; :help scrolls one column to its last command", async () => {
    const d = await dashboard();
    await typeKeys(d.app, ':', 'help limit', 'enter');
    let frame = await waitForFrame(d.app, (f) => f.includes('Command :limit'), 3000);
    assert.match(frame, /│ Command :limit {3}Esc closes/);
    const text = frame.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');
    assert.match(text, /:limit 100 USDC @0\.45 GOLLA \(0\.45 USDC each\)/, 'nothing cut');
    assert.doesNotMatch(frame, /:swap/);
    await typeKeys(d.app, 'escape', ':', 'help', 'enter');
    await waitForFrame(d.app, (f) => f.includes('Commands (:'), 3000);
    const names = d.app.lastFrame()!;
    // titled by what it lists, with the lines in view in words
    assert.match(names, /│ Commands · lines 1-\d+ of \d+, j\/k scroll/);
    assert.doesNotMatch(names, /Keys/);
    await typeKeys(d.app, 'G');
    // the last lines are on screen (the range reaches the total) and the last command with them
    frame = await waitForFrame(
      d.app,
      (f) => /│ Commands · lines \d+-(\d+) of \1, j\/k scroll/.test(f) && /│ :withdraw\s/.test(f),
      3000,
    );
    // one column: the lines scroll as one list, never two columns beside each other
    assert.ok(
      frame.split('\n').every((l) => (l.match(/(^|\s):[a-z-]+\s/g) ?? []).length <= 1),
      frame,
    );
  });

  it(':rows 5 lists five tokens; unknown commands name the close matches', async () => {
    const d = await dashboard();
    await typeKeys(d.app, ':', 'rows 5', 'enter');
    await waitForFrame(d.app, (f) => f.includes('tokens: top 5'), 3000);
    const frame = await waitForFrame(d.app, (f) => (f.match(/^[› ] +\d+ /gm) ?? []).length === 5, 10_000);
    assert.ok(!/^[› ] +6 /m.test(frame));
    await typeKeys(d.app, ':', 'gtoo swap', 'enter');
    await waitForFrame(d.app, (f) => /unknown command :gtoo \(did you mean :goto[,?]/.test(f), 3000);
  });

  it('q quits at once with nothing in flight', async () => {
    const d = await dashboard();
    await typeKeys(d.app, 'q');
    await waitFor(() => d.quits === 1, 'quit', 3000);
  });

  it('q asks first while a transaction is between sign and outcome; Cancel is the default', async () => {
    const d = await dashboard();
    d.stores.session.getState().setPendingSubmissions(1);
    await typeKeys(d.app, 'q');
    await waitForFrame(d.app, (f) => f.includes('Quit while a transaction is in flight?'), 3000);
    await typeKeys(d.app, 'enter');
    await waitForFrame(d.app, (f) => !f.includes('Quit while') && /^›\s+1\s/m.test(f), 3000);
    assert.equal(d.quits, 0);
    await typeKeys(d.app, 'ctrl+c');
    await waitForFrame(d.app, (f) => f.includes('Quit while a transaction is in flight?'), 3000);
    await typeKeys(d.app, 'y');
    await waitFor(() => d.quits === 1, 'quit after y', 3000);
  });

  it('letters typed into the command bar never reach the screen or the global keys', async () => {
    const d = await dashboard();
    await typeKeys(d.app, ':', 'q', 'c', 'p', 'escape');
    await waitForFrame(d.app, (f) => !f.includes(':qcp'), 3000);
    assert.equal(d.quits, 0);
    assert.equal(d.stores.tokens.getState().category, 'toporganicscore');
    assert.equal(d.stores.session.getState().paused, false);
    // keys that arrive in one read: ':' opens the bar and the rest is typed into it
    d.app.stdin.write(':goto swap');
    await waitForFrame(d.app, (f) => f.includes(':goto swap'), 3000);
    await typeKeys(d.app, 'enter');
    await waitFor(() => d.stores.session.getState().screen === 'swap', ':goto swap', 3000);
  });

  it("a flash line belongs to its context: a dialog opening or a screen switch takes it down; a command's own result stays", async () => {
    const d = await startDashboard({ columns: 80, rows: 24 });
    open.push(d);
    await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 10_000);
    await typeKeys(d.app, ':', 'limt', 'enter');
    await waitForFrame(d.app, (f) => f.includes('unknown command :limt'), 3000);
    await typeKeys(d.app, ':', 'dca 300 USDC SOL 3 1h', 'enter');
    let frame = await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
    assert.doesNotMatch(frame, /unknown command/);
    await typeKeys(d.app, 'n');
    // the dialog's own outcome is said after it opened, so it shows
    await waitForFrame(d.app, (f) => f.includes('cancelled, nothing was signed'), 5000);
    await typeKeys(d.app, ':', 'limt', 'enter');
    await waitForFrame(d.app, (f) => f.includes('unknown command :limt'), 3000);
    await typeKeys(d.app, '2');
    frame = await waitForFrame(d.app, (f) => f.includes('From'), 3000);
    assert.doesNotMatch(frame, /unknown command/);
    await typeKeys(d.app, ':', 'limt', 'enter');
    await waitForFrame(d.app, (f) => f.includes('unknown command :limt'), 3000);
    await typeKeys(d.app, 'J');
    frame = await waitForFrame(d.app, (f) => f.includes('Journal:'), 3000);
    assert.doesNotMatch(frame, /unknown command/);
  });
});
