// A labelled one-line input for the key router's and the form widgets' tests: while focused it holds
// an 'input' key layer and edits its line with the fields' line editing (components/fields/lineEdit);
// Enter, Tab, Esc and the arrows up and down pass on, as in every form of the app.
import { Text } from 'ink';
import { normalizeKey } from '../../components/keys/normalizeKey.js';
import { useKeyLayer } from '../../components/keys/KeyRouter.js';
import { useRefState } from '../../components/base/useRefState.js';
import { applyLineKey, lineAt, type LineState } from '../../components/fields/lineEdit.js';
import { LineView } from '../../components/fields/LineView.js';

export function LineInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  focus: boolean;
  width: number;
}) {
  const [line, setLine] = useRefState<LineState>(() => lineAt(props.value));
  useKeyLayer(
    'input',
    (input, key) => {
      const next = applyLineKey(line(), normalizeKey(input, key), input);
      if (!next) return false;
      setLine(next);
      if (next.text !== props.value) props.onChange(next.text);
      return true;
    },
    props.focus,
  );
  return (
    <Text>
      {props.label}{' '}
      <LineView line={line()} width={Math.max(1, props.width - props.label.length - 1)} focus={props.focus} />
    </Text>
  );
}
