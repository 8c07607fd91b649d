// Notifications from any screen: N opens the log over whatever screen is up; :notify decides how
// new ones are told (off: only the log; bell: flash + BEL; desktop: also OSC 777/9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktopNotification } from '../../src/terminal/index.js';
import { typeKeys, waitForFrame } from '../support/ink.js';
import { startDashboard } from '../support/dashboard.js';
import { nth } from '../support/narrow.js';

test('N opens the log from any screen; :notify off logs quietly, bell flashes and rings, desktop adds an OSC notification', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24 });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 10_000);
  const rung: string[] = [];
  d.services.ring = (seq) => void rung.push(seq);

  d.services.notify('Orders', 'Limit 1 SOL → USDC filled 50%');
  await waitForFrame(d.app, (f) => f.includes('i Limit 1 SOL → USDC filled 50%') && f.includes('1 NEW (N)'), 3000);
  assert.deepEqual(rung, ['\x07']);

  await typeKeys(d.app, ':', 'notify off', 'enter');
  await waitForFrame(d.app, (f) => f.includes('notifications: off'), 3000);
  d.services.notify('Orders', 'DCA 300 USDC → SOL completed');
  await typeKeys(d.app, '2');
  let frame = await waitForFrame(d.app, (f) => f.includes('2 NEW (N)'), 3000);
  assert.doesNotMatch(frame, /DCA 300 USDC → SOL completed/, 'off: not flashed');
  assert.equal(rung.length, 1, 'off: no bell');

  await typeKeys(d.app, ':', 'notify desktop', 'enter');
  await waitForFrame(d.app, (f) => f.includes('notifications: desktop'), 3000);
  d.services.notify('Alerts', 'SOL above 250');
  assert.equal(rung.length, 3);
  assert.equal(rung[1], '\x07');
  assert.match(nth(rung, 2), /\x1b\]777;notify;tradedeck Alerts;SOL above 250\x07/);

  await typeKeys(d.app, 'N');
  frame = await waitForFrame(d.app, (f) => f.includes('Notifications: 3 entries'), 3000);
  const lines = frame.split('\n');
  const at = (text: string) => lines.findIndex((l) => l.includes(text));
  assert.ok(at('SOL above 250') < at('DCA 300 USDC') && at('DCA 300 USDC') < at('Limit 1 SOL'), 'newest first');
  assert.match(frame, /new ones: flash \+ bell \+ desktop/);
  await typeKeys(d.app, '1');
  assert.ok(frame.includes('Notifications:'), 'the log owns the keyboard until closed');
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => !f.includes('Notifications:') && !f.includes('NEW (N)'), 3000);
  await typeKeys(d.app, ':', 'notify loud', 'enter');
  await waitForFrame(d.app, (f) => f.includes('"loud" is not off, bell or desktop'), 3000);
});

test('a desktop notification cannot be ended early by what it says, and is wrapped for tmux passthrough', () => {
  const plain = desktopNotification('tradedeck', 'evil\x07\x1b]0;title;x', {});
  assert.equal((plain.match(/\x07/g) ?? []).length, 2, 'only the two terminators');
  assert.ok(!plain.includes('\x1b]0'));
  const tmux = desktopNotification('tradedeck', 'hello', { TMUX: '/tmp/tmux-0/default,1,0' });
  assert.ok(tmux.startsWith('\x1bPtmux;\x1b\x1b]777;notify;tradedeck;hello'));
  assert.ok(tmux.endsWith('\x1b\\'));
});
