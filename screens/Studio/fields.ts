// The Studio forms' fields in focus order: the launch form (every field of the curve, the token,
// its image) and the claim form.
import type { ClaimField } from '../../src/studio/store.js';
import { FIELD_LABELS, type StudioField } from '../../src/studio/validate.js';

import type { FieldDef } from '../../components/form/FormLines.js';

const t = (key: StudioField, placeholder: string): FieldDef<StudioField> => ({
  key,
  label: FIELD_LABELS[key],
  kind: 'text',
  placeholder,
});

export const CREATE_FIELDS: FieldDef<StudioField>[] = [
  t('name', 'token name'),
  t('symbol', 'ticker, no spaces'),
  t('image', 'path to PNG/JPEG/GIF/WebP'),
  t('quote', 'symbol or mint'),
  t('initialCap', 'in the quote token'),
  t('migrationCap', 'in the quote token'),
  t('quoteDecimals', 'auto'),
  t('feeBps', '100 = 1%'),
  { key: 'antiSniping', label: FIELD_LABELS.antiSniping, kind: 'toggle' },
  { key: 'lpLocked', label: FIELD_LABELS.lpLocked, kind: 'toggle' },
  t('vestTotal', 'tokens, 0 = none'),
  t('vestCliff', 'tokens at the cliff'),
  t('vestPeriods', 'count'),
  t('vestDuration', '30d, 12h, seconds'),
  t('vestCliffAfter', 'after migration'),
];

export const CLAIM_FIELDS: FieldDef<ClaimField>[] = [
  { key: 'pool', label: 'Pool', kind: 'text', placeholder: 'address or symbol' },
  { key: 'max', label: 'Max amount', kind: 'text', placeholder: 'max, or an amount' },
  { key: 'quote', label: 'Quote token', kind: 'text', placeholder: 'of a pasted pool' },
];
