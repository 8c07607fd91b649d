// The detail pane's sections, built generically from whatever the service returned: scalar fields
// under "Token", then one section per object or list field (the four stats windows, audit,
// firstPool, links...), so fields the client does not know about show too.
import { flattenFields, MISSING, type DetailSection } from '../../components/DetailPane.js';
import { formatAge } from '../../src/format.js';
import { printable, type TokenRow } from './rows.js';

export function tokenSections(row: TokenRow, now: number): DetailSection[] {
  const token = row.token as Record<string, unknown> | undefined;
  const head: DetailSection = {
    title: `${row.symbol || '?'} ${row.name}`.trim(),
    entries: [
      { key: 'mint', value: row.mint },
      { key: 'rank', value: row.rank === null ? 'not in the current list' : String(row.rank) },
      { key: 'starred', value: row.starred ? 'yes' : 'no' },
      { key: 'prices seen', value: row.history.length ? `${row.history.length} since start` : 'none yet' },
    ],
  };
  if (!token) return [head, { title: 'Data', entries: [{ key: '(none)', value: 'no data has been seen for this token yet' }] }];
  const scalars: DetailSection = { title: 'Token', entries: [] };
  const nested: DetailSection[] = [];
  for (const [key, value] of Object.entries(token)) {
    if (value !== null && typeof value === 'object' && !(Array.isArray(value) && value.length === 0)) {
      nested.push({ title: printable(key, 60), entries: flattenFields(value).map((e) => ({ key: printable(e.key, 60), value: printable(e.value, 500) })) });
    } else {
      const text = Array.isArray(value) ? '[]' : value === null || value === undefined ? MISSING : String(value);
      scalars.entries.push({ key: printable(key, 60), value: printable(text, 500) });
      if (key === 'updatedAt' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
        scalars.entries.push({ key: '  (age)', value: `${formatAge(now - Date.parse(value))} ago` });
      }
    }
  }
  return [head, scalars, ...nested];
}
