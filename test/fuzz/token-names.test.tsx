// Token names and symbols from the service with escape sequences and control characters: the
// Tokens list (and the detail) show them sanitised, never as raw bytes the terminal would obey.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
import { startDashboard } from '../support/dashboard.js';
import { typeKeys, waitForFrame } from '../support/ink.js';

const RAW = /[\x00-\x09\x0b-\x1f\x7f\x9b]/;

const HOSTILE = [
  { name: 'Evil\x1b[2J\x1b]0;owned\x07Coin', symbol: 'EV\x1b[31mIL' },
  { name: 'Bell\x07\x07\x07Token\r\nFAKE Success', symbol: 'BE\x00LL' },
  { name: 'Link\x1b]8;;https://evil.invalid\x1b\\click\x1b]8;;\x1b\\', symbol: '\u202eSOL' },
  { name: '漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字', symbol: '🚀🚀🚀🚀🚀🚀🚀🚀' },
];

test('token names and symbols with escape sequences and control characters are shown sanitised', async (t) => {
  const d = await startDashboard({
    columns: 80,
    rows: 24,
    before: (s) => {
      const tokens = s.api.tokens;
      s.api = {
        ...s.api,
        tokens: {
          ...tokens,
          list: async (p, o) => {
            const list = await tokens.list(p, o);
            return list.map((tok, i) => (i < HOSTILE.length ? { ...tok, ...HOSTILE[i] } : tok));
          },
        },
      };
    },
  });
  t.after(() => d.close());
  const frame = await waitForFrame(d.app, (f) => /Evil|owned|Coin/.test(f), 15_000);
  assert.equal(RAW.exec(frame), null, `a raw control character reached the list:\n${JSON.stringify(frame)}`);
  for (const line of frame.split('\n')) assert.ok(stringWidth(line) <= 80, `line ${stringWidth(line)} wide: ${line}`);
  assert.equal(frame.split('\n').length <= 24, true);
  // the detail of the first (hostile) token
  await typeKeys(d.app, 'g', 'enter');
  const detail = await waitForFrame(d.app, (f) => /Evil|EV/.test(f) && f !== frame, 8000).catch(
    () => d.app.lastFrame() ?? '',
  );
  assert.equal(RAW.exec(detail), null, `a raw control character reached the detail:\n${JSON.stringify(detail)}`);
  for (const line of detail.split('\n')) assert.ok(stringWidth(line) <= 80, `line ${stringWidth(line)} wide: ${line}`);
});
