// The terminal's capabilities as the environment states them: UTF-8 by the locale (LC_ALL, then
// LC_CTYPE, then LANG), the alternate screen except on TERM=dumb, and the ASCII stand-ins drawn
// when the locale is not UTF-8 (each as wide as what it stands for).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { localeIsUtf8 } from '../src/text/locale.js';
import { asciiText, createFrameSink, ENTER_ALT, screenModes } from '../src/terminal/index.js';
import { themeFromEnv } from '../components/base/theme.js';

test('the locale decides UTF-8: LC_ALL over LC_CTYPE over LANG; none set is UTF-8', () => {
  assert.equal(localeIsUtf8({ LANG: 'C' }), false);
  assert.equal(localeIsUtf8({ LANG: 'POSIX' }), false);
  assert.equal(localeIsUtf8({ LANG: 'en_US.ISO-8859-1' }), false);
  assert.equal(localeIsUtf8({ LANG: 'en_US.UTF-8' }), true);
  assert.equal(localeIsUtf8({ LANG: 'de_DE.utf8' }), true);
  assert.equal(localeIsUtf8({ LANG: 'en_US.UTF-8', LC_ALL: 'C' }), false);
  assert.equal(localeIsUtf8({ LANG: 'C', LC_CTYPE: 'C.UTF-8' }), true);
  assert.equal(localeIsUtf8({ LC_ALL: 'C.UTF-8', LC_CTYPE: 'C' }), true);
  assert.equal(localeIsUtf8({ LC_ALL: '', LANG: 'C' }), false, 'an empty variable is not set');
  assert.equal(localeIsUtf8({}), true);
  assert.equal(themeFromEnv({ LANG: 'C' }).ascii, true, 'charts and trends in ASCII');
  assert.equal(themeFromEnv({ LANG: 'C.UTF-8' }).ascii, undefined);
});

test('TERM=dumb: no alternate screen', () => {
  assert.equal(screenModes({ TERM: 'xterm-256color' }).enter, ENTER_ALT);
  const dumb = screenModes({ TERM: 'dumb' });
  assert.ok(!dumb.enter.includes('\x1b[?1049') && !dumb.leave.includes('\x1b[?1049'));
});

test('ASCII stand-ins keep every column where it was', () => {
  assert.equal(asciiText('╭──╮ ▲ +1.2% · Jupit… — 木星'), '+--+ ^ +1.2% . Jupit~ - ????');
  assert.equal(asciiText('\x1b[31m▼\x1b[39m'), '\x1b[31mv\x1b[39m', 'styles are kept');
  const out: string[] = [];
  const target = Object.assign(new EventEmitter(), { columns: 20, rows: 2, write: (c: string) => out.push(c) });
  const sink = createFrameSink(target, 1000, { ascii: true });
  sink.write('│ ▲ 1.5 │\n└──┘');
  sink.flush();
  sink.close();
  assert.doesNotMatch(out.join(''), /[^\x00-\x7f]/);
  assert.match(out.join(''), /\| \^ 1\.5 \|/);
});
