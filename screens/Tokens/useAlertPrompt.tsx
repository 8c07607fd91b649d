// `a` on a token row: a line at the bottom prefilled with the token ("alert SOL "), where the
// condition is typed (> 250, < 100, -5%/1h); Enter sets the alert, Esc drops the line. While the
// line is open it takes every printable key, so nothing typed reaches the screen or global keys.
import type { ReactNode } from 'react';
import { PromptLine } from '../../components/fields/PromptLine.js';
import { useLineEditor } from '../../components/fields/useLineEditor.js';
import { addAlertFromLine } from '../../src/alerts/command.js';
import { AlertInputError, ALERT_EXAMPLES } from '../../src/alerts/model.js';
import { alertsOf } from '../../src/alerts/store.js';
import type { Services } from '../../src/services/index.js';
import type { Flash } from '../shared/types.js';

export interface AlertPrompt {
  open(token: string): void;
  isOpen: boolean;
  /** the line to draw in place of the status line, when open */
  view(width: number): ReactNode;
}

export function useAlertPrompt(services: Services, flash: Flash): AlertPrompt {
  const prompt = useLineEditor({
    submit: (text) => {
      try {
        const { message } = addAlertFromLine(alertsOf(services), services.catalog.getState().latest, text);
        flash('success', `${message} · 7 lists alerts`);
      } catch (e) {
        if (!(e instanceof AlertInputError)) throw e;
        flash('error', `${e.message} (e.g. ${ALERT_EXAMPLES})`);
        return false;
      }
    },
  });
  const current = prompt.line();
  return {
    open: (token) => prompt.open(`${token} `),
    isOpen: current !== null,
    view: (width) => (current ? <PromptLine label="alert " line={current} width={width} focus /> : null),
  };
}
