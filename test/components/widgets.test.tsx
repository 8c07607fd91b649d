import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { useState } from 'react';
import { DetailPane, detailLines, flattenFields } from '../../components/detail/DetailPane.js';
import { SelectField } from '../../components/fields/SelectField.js';
import { LineInput } from '../support/LineInput.js';
import { Toggle } from '../../components/fields/Toggle.js';
import { KeyRouterProvider, useKeyLayer } from '../../components/keys/index.js';
import { progressBar } from '../../components/chart/ProgressBar.js';
import { lines, mount, typeKeys, waitForFrame } from '../support/ink.js';
import { nth } from '../support/narrow.js';

afterEach(() => cleanup());

describe('progress bar', () => {
  it('fills a fraction of the width, clamped', () => {
    assert.equal(progressBar(0.5, 10), '█████░░░░░');
    assert.equal(progressBar(2, 4), '████');
    assert.equal(progressBar(-1, 4), '░░░░');
    assert.equal(progressBar(Number.NaN, 3), '░░░');
  });
});

describe('form fields', () => {
  function Form() {
    const [focus, setFocus] = useState(0);
    const [amount, setAmount] = useState('');
    const [side, setSide] = useState<'buy' | 'sell'>('buy');
    const [exact, setExact] = useState(false);
    const [log, setLog] = useState<string[]>([]);
    useKeyLayer('screen', (input, key) => {
      if (key.tab) setFocus((f) => (f + 1) % 3);
      else setLog((l) => [...l, 'screen:' + input]);
      return true;
    });
    return (
      <>
        <LineInput label="Amount" value={amount} onChange={setAmount} focus={focus === 0} width={30} />
        <SelectField
          label="Side"
          value={side}
          onChange={setSide}
          options={[
            { value: 'buy', label: 'Buy' },
            { value: 'sell', label: 'Sell' },
          ]}
          focus={focus === 1}
          width={30}
          labelWidth={8}
        />
        <Toggle label="Exact" value={exact} onChange={setExact} focus={focus === 2} width={30} labelWidth={8} />
        <Text>{`state ${amount}|${side}|${exact}|${log.join(',')}`}</Text>
      </>
    );
  }

  it('the focused field takes its keys; Tab passes to the form; others reach the screen', async () => {
    const app = await mount(
      <KeyRouterProvider>
        <Form />
      </KeyRouterProvider>,
    );
    await typeKeys(app, '1', '.', '5', 'q', 'backspace');
    await waitForFrame(app, (f) => f.includes('state 1.5|buy|false|'));
    await typeKeys(app, 'tab', 'right', 'q');
    await waitForFrame(app, (f) => f.includes('state 1.5|sell|false|screen:q'));
    await typeKeys(app, 'tab', 'space');
    const frame = await waitForFrame(app, (f) => f.includes('state 1.5|sell|true|screen:q'));
    assert.match(frame, /Exact\s+\[x\] on/);
  });

  it('a pasted chunk and several keys in one chunk are all applied', async () => {
    const app = await mount(
      <KeyRouterProvider>
        <Form />
      </KeyRouterProvider>,
    );
    app.stdin.write('12.75');
    await waitForFrame(app, (f) => f.includes('state 12.75|'));
    // arrow keys repeated over a slow link arrive as one chunk: each must step from the last
    await typeKeys(app, 'tab');
    app.stdin.write('\x1b[C\x1b[C\x1b[Cq');
    await waitForFrame(app, (f) => f.includes('state 12.75|sell|false|screen:q'));
    app.stdin.write('\x1b[C\x1b[Cz');
    await waitForFrame(app, (f) => f.includes('state 12.75|sell|false|screen:q,screen:z'));
  });
});

describe('<DetailPane>', () => {
  it('flattens every field of a response', () => {
    assert.deepEqual(flattenFields({ id: 'm', stats: { a: 1, b: null }, tags: ['x'], e: [], o: {} }), [
      { key: 'id', value: 'm' },
      { key: 'stats.a', value: '1' },
      { key: 'stats.b', value: '—' },
      { key: 'tags[0]', value: 'x' },
      { key: 'e', value: '[]' },
      { key: 'o', value: '{}' },
    ]);
  });

  it('wraps long values under themselves', () => {
    const ls = detailLines([{ title: 'T', entries: [{ key: 'k', value: 'aaaa bbbb cccc dddd' }] }], 16);
    assert.deepEqual(
      ls.map((l) => l.text.trimEnd()),
      ['T', 'k     aaaa bbbb', '      cccc dddd'],
    );
  });

  it('scrolls with j/G and leaves other keys to the screen', async () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ key: `field${i}`, value: `value ${i}` }));
    const passed: string[] = [];
    function Screen() {
      useKeyLayer('screen', (input) => (passed.push(input), true));
      return <DetailPane sections={[{ title: 'Token', entries }]} width={40} height={6} active />;
    }
    const app = await mount(
      <KeyRouterProvider>
        <Screen />
      </KeyRouterProvider>,
    );
    let frame = await waitForFrame(app, (f) => f.includes('field0 '));
    assert.equal(lines(frame).length, 6);
    assert.match(frame, /lines 1-5 of 31/);
    await typeKeys(app, 'j');
    frame = await waitForFrame(app, (f) => !f.includes('Token'));
    assert.match(nth(lines(frame), 0), /^field0 /);
    await typeKeys(app, 'G');
    frame = await waitForFrame(app, (f) => f.includes('field29'));
    assert.match(frame, /lines 27-31 of 31/);
    await typeKeys(app, 'x');
    assert.deepEqual(passed, ['x']);
  });
});
