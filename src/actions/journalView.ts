// Filling the journal view from the journal on disk: how many entries it holds (followed as it
// grows, never read whole twice) and the rows on screen with some either side, read back from the
// files by where their lines are.
import { journalPages } from '../journal/follow.js';
import type { Services } from '../services/index.js';

type ViewServices = Pick<Services, 'journal' | 'journalView' | 'now'>;

/** Rows read either side of the page on screen, so that moving within them reads nothing. */
const AROUND = 1;
/** rows read with the first count: more than a screen shows */
const FIRST_ROWS = 64;

/** Catches the view up with the journal (only what was appended since), then reads the rows shown again. */
export async function refreshJournalView(s: ViewServices): Promise<void> {
  const view = s.journalView;
  if (!s.journal) return view.getState().setLoadError('no journal is open');
  // never opened: nothing to catch up with (the first J reads it)
  if (!view.getState().open && view.getState().loadedAt === undefined) return;
  try {
    const pages = journalPages(s.journal);
    await pages.update();
    // the count and the rows around the cursor change together (the first read: the newest rows,
    // never a page of placeholders; later: the rows at hand again, new ones coming first)
    const st = view.getState();
    const added = st.loadedAt === undefined ? 0 : Math.max(0, pages.count - st.count);
    const from = st.loadedAt === undefined ? 0 : st.rows.from;
    const n = st.loadedAt === undefined ? FIRST_ROWS : st.rows.entries.length + added;
    const rows = n > 0 ? { from, entries: await pages.page(from, n) } : undefined;
    view
      .getState()
      .setRead({ count: pages.count, manyWallets: pages.manyWallets, problems: pages.problems }, s.now(), rows);
  } catch (err) {
    view.getState().setLoadError(`could not read the journal: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Makes sure rows `top` .. `top + body` are read: when some are not, reads them with a page either side. */
export async function readJournalRows(s: ViewServices, top: number, body: number): Promise<void> {
  const { rows, count } = s.journalView.getState();
  if (count === 0) {
    if (rows.entries.length > 0) s.journalView.getState().setRows(0, []);
    return;
  }
  if (top >= rows.from && Math.min(top + body, count) <= rows.from + rows.entries.length) return;
  await readRows(s, Math.max(0, top - AROUND * body), body * (1 + 2 * AROUND));
}

async function readRows(s: ViewServices, from: number, n: number): Promise<void> {
  if (!s.journal) return;
  try {
    s.journalView.getState().setRows(from, await journalPages(s.journal).page(from, n));
  } catch (err) {
    s.journalView
      .getState()
      .setLoadError(`could not read the journal: ${err instanceof Error ? err.message : String(err)}`);
  }
}
