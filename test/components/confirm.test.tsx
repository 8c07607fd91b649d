import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { ConfirmDialog, type ConfirmDialogProps } from '../../components/confirm/ConfirmDialog.js';
import { dialogBody } from '../../components/confirm/layout.js';
import { KeyRouterProvider, useKeyLayer } from '../../components/keys/index.js';
import { textWidth } from '../../components/base/text.js';
import { lines, mount, typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { nth } from '../support/narrow.js';

afterEach(() => cleanup());

function setup(extra: Partial<ConfirmDialogProps> = {}) {
  const result: string[] = [];
  const below: string[] = [];
  function Below() {
    useKeyLayer('global', (input) => (below.push(input), true));
    return <Text>screen</Text>;
  }
  const tree = (
    <KeyRouterProvider>
      <Below />
      <ConfirmDialog
        title="Swap 1.5 SOL for USDC"
        summary={[
          { label: 'You pay', value: '1.5 SOL' },
          { label: 'You receive', value: '≥ 212.40 USDC' },
          { label: 'Price impact', value: '2.10%', emphasis: 'warn' },
        ]}
        facts={['Fee payer: AbCd…WxYz', 'Programs: Token, Router']}
        warnings={['Price impact above 1%']}
        onConfirm={() => result.push('confirm')}
        onCancel={() => result.push('cancel')}
        width={80}
        height={20}
        {...extra}
      />
    </KeyRouterProvider>
  );
  return { tree, result, below };
}

describe('<ConfirmDialog>', () => {
  it('shows the summary with Cancel focused; Enter cancels', async () => {
    const { tree, result, below } = setup();
    const app = await mount(tree);
    const frame = await waitForFrame(app, (f) => f.includes('You receive'));
    assert.match(frame, /Price impact\s+2\.10%/);
    assert.match(frame, /⚠ Price impact above 1%/);
    await typeKeys(app, 'enter');
    assert.deepEqual(result, ['cancel']);
    assert.deepEqual(below, [], 'nothing reaches keys below the modal');
  });

  it('y confirms once, even when pressed twice', async () => {
    const { tree, result } = setup();
    const app = await mount(tree);
    await typeKeys(app, 'y', 'y');
    assert.deepEqual(result, ['confirm']);
  });

  it('n and Esc cancel', async () => {
    for (const k of ['n', 'escape']) {
      const { tree, result } = setup();
      const app = await mount(tree);
      await typeKeys(app, k);
      assert.deepEqual(result, ['cancel'], k);
      app.unmount();
    }
  });

  it('Tab moves focus to Confirm, then Enter confirms; navigation keys never confirm', async () => {
    const { tree, result } = setup();
    const app = await mount(tree);
    await typeKeys(app, 'j', 'k', 'g', 'G', 'down', 'pagedown');
    assert.deepEqual(result, []);
    await typeKeys(app, 'tab', 'tab', 'tab');
    await typeKeys(app, 'enter');
    assert.deepEqual(result, ['confirm']);
  });

  it('typed confirmation: y does not confirm, a wrong word does not, "yes" + Enter does', async () => {
    const { tree, result } = setup({ typedConfirmation: 'yes' });
    const app = await mount(tree);
    await waitForFrame(app, (f) => f.includes('Type yes to confirm'));
    await typeKeys(app, 'y');
    assert.deepEqual(result, []);
    await typeKeys(app, 'e', 'p', 'enter');
    await waitForFrame(app, (f) => f.includes('exactly'));
    assert.deepEqual(result, []);
    await typeKeys(app, 'backspace', 's', 'enter');
    assert.deepEqual(result, ['confirm']);
  });

  it('typed confirmation: Enter on an empty field activates Cancel; Esc cancels', async () => {
    let s = setup({ typedConfirmation: 'yes' });
    let app = await mount(s.tree);
    await typeKeys(app, 'enter');
    assert.deepEqual(s.result, ['cancel']);
    app.unmount();
    s = setup({ typedConfirmation: 'yes' });
    app = await mount(s.tree);
    await typeKeys(app, 'y', 'e', 'escape');
    assert.deepEqual(s.result, ['cancel']);
  });

  it('fits a small terminal: facts scroll, warnings and buttons stay; y waits until the last line was on screen', async () => {
    const facts = Array.from({ length: 30 }, (_, i) => `Program ${i}: Prog${i}1111111111111111111111111111111`);
    const { tree, result: calls } = setup({ facts, height: 14, width: 60 });
    const app = await mount(tree);
    let frame = await waitForFrame(app, (f) => f.includes('Cancel'));
    const ls = lines(frame).filter((l) => l !== 'screen');
    assert.ok(ls.length <= 14, `dialog has ${ls.length} lines`);
    assert.ok(ls.every((l) => textWidth(l) <= 60));
    assert.match(frame, /lines 1-\d+ of \d+ · \d+ more below/);
    assert.match(frame, /Price impact above 1%/);
    assert.match(frame, /Confirm/);
    await typeKeys(app, 'y');
    frame = await waitForFrame(app, (f) => f.includes('Read to the end first: j or PgDn scrolls.'));
    // one count of what is below, not two
    assert.equal((frame.match(/\d+ more (lines? )?(is |are )?below/g) ?? []).length, 1, frame);
    assert.deepEqual(calls, []);
    await typeKeys(app, 'G');
    frame = await waitForFrame(app, (f) => f.includes('Program 29'));
    assert.doesNotMatch(frame, /more below/);
    // the title (what is signed) is still the first line
    assert.match(lines(frame).find((l) => l.includes('│')) ?? '', /│ Swap 1\.5 SOL for USDC/);
    await typeKeys(app, 'y');
    await waitFor(() => calls.length === 1, 'confirmed');
    assert.deepEqual(calls, ['confirm']);
  });

  it('with a word to type, the scroll hint offers only keys that scroll (letters are typed) and names the word', async () => {
    const facts = Array.from({ length: 30 }, (_, i) => `Program ${i}: Prog${i}1111111111111111111111111111111`);
    const { tree, result: calls } = setup({ facts, height: 14, width: 70, typedConfirmation: 'yes' });
    const app = await mount(tree);
    let frame = await waitForFrame(app, (f) => f.includes('Cancel'));
    assert.match(frame, /more below \(↓\/PgDn\): read them before yes/);
    assert.doesNotMatch(frame, /j\/PgDn/);
    for (let i = 0; i < 6 && /more below/.test(frame); i++) {
      await typeKeys(app, 'pagedown');
      frame = await waitForFrame(app, (f) => f.includes('Cancel'));
    }
    await waitForFrame(app, (f) => f.includes('Program 29') && !f.includes('more below'));
    await typeKeys(app, 'y', 'e', 's', 'enter');
    await waitFor(() => calls.length === 1, 'confirmed');
    assert.deepEqual(calls, ['confirm']);
  });

  it('at 40 columns and 8 lines: warnings too many to keep below scroll with the rest, the buttons stay on one line, nothing is taller than the room', async () => {
    const warnings = [
      'Price impact above 1% on this route, quoted moments ago',
      'The output token is not verified by the token list',
      'A freeze authority is live on the output token',
    ];
    const { tree, result: calls } = setup({ warnings, height: 8, width: 40, confirmLabel: 'Sign and place the order' });
    const app = await mount(tree);
    const frame = await waitForFrame(app, (f) => f.includes('Cancel'));
    const ls = lines(frame).filter((l) => l !== 'screen');
    assert.ok(ls.length <= 8, `dialog has ${ls.length} lines:\n${frame}`);
    assert.match(frame, /Cancel +Sign and place the order/, 'both buttons on one line');
    await typeKeys(app, 'G');
    await waitForFrame(app, (f) => f.includes('freeze authority') && !f.includes('more below'));
    await typeKeys(app, 'y');
    await waitFor(() => calls.length === 1, 'confirmed');
  });

  it('dialogBody marks emphasis without colour and keeps the limit', () => {
    const body = dialogBody(
      'T',
      [
        { label: 'a', value: '1', emphasis: 'danger' },
        { label: 'bb', value: '2' },
      ],
      ['f1', 'f2', 'f3'],
      ['w'],
      20,
      4,
      true,
    );
    assert.deepEqual(
      body.map((l) => l.text.trimEnd()),
      ['T', '!a   1', ' bb  2', '⚠ w'],
    );
  });

  it('a title longer than the dialog is wrapped, never cut: it says what is signed', () => {
    const title = 'DCA: 1,000 USDC into SOL, 10 orders of 100 USDC every 1d, first in 2h, last in 9d 2h';
    const body = dialogBody(title, [{ label: 'You pay', value: '1,000 USDC' }], [], [], 40, 10, true);
    const head = body.filter((l) => l.tone === 'title').map((l) => l.text.trimEnd());
    assert.ok(head.length > 1, 'more than one line');
    assert.equal(head.join(' '), title);
    assert.ok(body.every((l) => textWidth(l.text) <= 40));
    assert.match(nth(body, head.length).text, /You pay/);
  });
});
