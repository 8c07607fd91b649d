// The real program in a real pseudo-terminal against the simulator as its own process: an alert
// set with `:alert SOL > X` just above the price fires when the simulator's clock (/__sim/advance)
// carries SOL over X while the Tokens screen is up: a flash line, a BEL byte in the output, the
// line in the N log; Enter on it in the Alerts view opens the Orders form filled in at that price.
// Then the charts: blocks at 80x24, ASCII with --ascii at 200x50.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { openTerminal } from '../support/pty.js';
import { simControl } from '../support/simProcess.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';
import { NATIVE_MINT as SOL } from '../../src/chain/mints.js';
import { waitFor } from '../support/wait.js';
import { startLive } from '../support/live.js';

async function solPrice(url: string, apiKey: string): Promise<number> {
  const r = await fetch(`${url}/tokens/v2/toptraded/24h?limit=100`, { headers: { 'x-api-key': apiKey } });
  const list = (await r.json()) as Array<{ id: string; usdPrice?: number }>;
  const p = list.find((t) => t.id === SOL)?.usdPrice;
  assert.ok(typeof p === 'number', 'SOL is listed');
  return p;
}

const fits = (screen: string, cols: number) => {
  for (const line of screen.split('\n')) assert.ok([...line].length <= cols, `line wider than ${cols}: ${line}`);
};

test('live against the simulator process at 80x24: :alert SOL > X fires when the clock moves SOL over X (flash, BEL, N log); Enter opens a limit order; buying an unverified token with live freeze authority shows the red card and takes yes', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const apiKey = 'td-e2e-alerts-key-7c2e';
  const { url, term } = await startLive(t, 'e2e-alerts', { apiKey });
  await term.waitFor(/LIVE/, 30_000);
  await term.waitFor((s) => /^›\s+1\s/m.test(s), 20_000);

  const level = Number(((await solPrice(url, apiKey)) * 1.001 + 0.01).toFixed(2));
  term.send(`:alert SOL > ${level}`);
  term.press('Enter');
  let screen = await term.waitFor(`alert set: SOL > $${level}`, 10_000);
  fits(screen, 80);
  const bellsBefore = (term.rawOutput().match(/\x07/g) ?? []).length;

  // Move the simulator's clock until SOL trades above the level; the dashboard stays on Tokens.
  let moved = false;
  for (let i = 0; i < 200 && !moved; i++) {
    await simControl(url, 'advance', { seconds: 900 });
    moved = (await solPrice(url, apiKey)) > level;
  }
  assert.ok(moved, 'the simulator moved SOL over the level');
  screen = await term.waitFor((s) => s.includes(`SOL rose above $${level}`) && s.includes('1 NEW (N)'), 70_000);
  fits(screen, 80);
  assert.match(screen, /Symbol\s+Name\s+Price USD/, 'fired while Tokens was up');
  // the raw output is copied from the pane by a pipe, which may come after the screen shows it
  await waitFor(() => (term.rawOutput().match(/\x07/g) ?? []).length > bellsBefore, 'a BEL byte written', 10_000);

  term.send('N');
  await term.waitFor((s) => s.includes('Notifications: 1 entry') && /Alerts\s+SOL rose above/.test(s), 10_000);
  term.press('Escape');
  term.send('7');
  screen = await term.waitFor((s) => /FIRED\s+SOL\s+> \$/.test(s), 10_000);
  fits(screen, 80);
  term.press('Enter');
  screen = await term.waitFor(
    (s) => s.includes('New limit order') && /For +@[\d.]+/.test(s) && /Sell +SOL/.test(s),
    10_000,
  );
  fits(screen, 80);
  term.press('Escape');
  await term.waitFor((s) => !s.includes('New limit order'), 10_000);

  // Buying the simulator's unverified token with a live freeze authority: the red card, and yes.
  const listed: Array<{
    id: string;
    isVerified?: boolean | null;
    liquidity?: number;
    audit?: { freezeAuthorityDisabled?: boolean };
  }> = [];
  for (const c of ['toporganicscore', 'toptraded', 'toptrending'])
    listed.push(
      ...((await (
        await fetch(`${url}/tokens/v2/${c}/24h?limit=100`, { headers: { 'x-api-key': apiKey } })
      ).json()) as typeof listed),
    );
  const risky = listed.find(
    (x) => x.isVerified === false && x.audit?.freezeAuthorityDisabled === false && (x.liquidity ?? 0) > 100_000,
  );
  assert.ok(risky, 'the simulator lists an unverified token with a live freeze authority');
  term.send(`:swap 0.05 SOL ${risky.id}`);
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('type yes + Enter confirm'), 30_000);
  fits(screen, 80);
  assert.match(screen, /RISK\s+UNVERIFIED with live freeze authority/);
  assert.match(screen, /freeze authority LIVE/);
  term.send('y');
  term.press('Enter');
  await term.waitFor('Type "yes" exactly', 10_000);
  for (let i = 0; i < 4; i++) term.press('PageDown');
  term.press('Backspace');
  term.send('yes');
  term.press('Enter');
  await term.waitFor((s) => !s.includes('type yes + Enter confirm') && /Success/.test(s), 30_000);
  term.send('q');
  assert.equal(await term.exited(), 0);
});

test('the trend and the detail chart: block characters at 80x24; --ascii at 200x50 draws them in ASCII', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { env } = tempHome(t, 'e2e-charts');
  const blocks = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  let screen = await blocks.waitFor((s) => /^›.*[▁▂▃▄▅▆▇█]{3,}\s*$/m.test(s), 30_000);
  fits(screen, 80);
  blocks.press('Enter');
  screen = await blocks.waitFor((s) => /│[ ▁▂▃▄▅▆▇█┄]*[▁▂▃▄▅▆▇█]/.test(s) && s.includes('24h ago'), 10_000);
  fits(screen, 80);
  assert.equal(screen.split('\n').length, 24);
  blocks.send('q');
  assert.equal(await blocks.exited(), 0);

  const ascii = await openTerminal(t, {
    command: [process.execPath, cli, '--ascii'],
    cols: 200,
    rows: 50,
    env,
    cwd: root,
  });
  screen = await ascii.waitFor((s) => /^›.*[_.\-~^]{10,}\s*$/m.test(s), 30_000);
  fits(screen, 200);
  assert.doesNotMatch(screen, /[▁▂▃▄▅▆▇█]/);
  ascii.press('Enter');
  screen = await ascii.waitFor((s) => s.includes('24h ago') && /\|[ #:.-]*[#:.]/.test(s), 10_000);
  fits(screen, 200);
  assert.doesNotMatch(screen, /[▁▂▃▄▅▆▇█│┄]/);
  ascii.send('q');
  assert.equal(await ascii.exited(), 0);
});
