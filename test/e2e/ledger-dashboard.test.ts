// The dashboard at 80x24 in a real pseudo-terminal, signing with the emulated Ledger over
// speculos:// against `tradedeck sim`: the header names the Ledger; a swap's confirm dialog as
// always, then "Confirm on your Ledger…" with the message hash the device shows, held until the
// device is approved (Success) or refused (declined, nothing sent); a limit order from Orders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';
import { openTerminal } from '../support/pty.js';
import { startSimProcess } from '../support/simProcess.js';
import { startLedgerEmulator } from '../support/ledgerEmulator.js';

test('dashboard at 80x24 with a Ledger: :swap, y, confirm on the device; approved it executes, refused nothing is sent', async (t) => {
  const emu = await startLedgerEmulator({ decide: 'hold' });
  t.after(() => emu.close());
  const address = emu.addressOf([44, 501, 0]);
  const sim = await startSimProcess(t, { fund: address, seed: 12 });
  const { env } = tempHome(t, 'e2e-ledger-dash');
  const term = await openTerminal(t, {
    command: [process.execPath, cli, '--base-url', sim, '--keypair', emu.keyUrl('0')],
    cols: 80,
    rows: 24,
    env: { ...env, TRADEDECK_API_KEY: 'test-key' },
    cwd: root,
  });
  // the header: the device's address, said to be a Ledger's
  await term.waitFor((s) => s.includes(`${address.slice(0, 4)}…${address.slice(-4)} (Ledger)`), 30_000);

  for (const approve of [true, false]) {
    term.send(':swap 0.01 SOL USDC');
    term.press('Enter');
    let screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Your balances'), 20_000);
    assert.match(screen, /Your balances\s+−0\.01\d* SOL/);
    term.send('G');
    await term.waitFor((s) => s.includes('y confirm') && !/more below/.test(s), 10_000);
    term.send('y');
    // the device shows the hash of what it signs; the screen says to confirm there, with that hash
    const prompt = await emu.waitForPrompt();
    screen = await term.waitFor((s) => s.replace(/\n\s*/g, ' ').includes(prompt.hash!), 20_000);
    assert.match(
      screen.replace(/\n\s*/g, ' '),
      new RegExp(
        `Confirm on your Ledger… It shows the message hash ${prompt.hash}: approve only if it is this one\\. Blind signing must be on in its Solana app \\(Settings\\)\\.`,
      ),
    );
    assert.equal(screen.split('\n').length, 24);
    if (approve) {
      emu.approve();
      screen = await term.waitFor((s) => s.includes('Order: Success'), 20_000);
      assert.match(screen, /Signature [1-9A-HJ-NP-Za-km-z]{40,}/);
      assert.match(screen, /Paid 0\.01 SOL, received [\d.,]+ USDC/);
      term.press('Escape');
    } else {
      emu.refuse();
      screen = await term.waitFor((s) => s.includes('declined on the Ledger; nothing was sent'), 20_000);
      assert.match(screen, /Order: Failed/);
    }
  }
  // a limit order from the Orders screen: its status line is wrapped there too, the hash whole
  term.send('3');
  await term.waitFor(/\[Limit\] DCA/, 10_000);
  term.send(':limit 0.1 SOL 20 USDC');
  term.press('Enter');
  await term.waitFor((s) => s.includes('y confirm') && s.includes('Sign and place the order'), 20_000);
  term.send('G');
  await term.waitFor((s) => s.includes('y confirm') && !/more below/.test(s), 10_000);
  term.send('y');
  const prompt = await emu.waitForPrompt();
  const screen = await term.waitFor((s) => s.includes(prompt.hash!), 20_000);
  assert.match(screen, /Confirm on your Ledger… It shows the message hash/);
  emu.approve();
  await term.waitFor(/Limit order: done/, 20_000);
  assert.equal(emu.prompts.length, 3);
  term.send('q');
  assert.equal(await term.exited(), 0);
});
