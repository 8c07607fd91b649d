// Styles as the frame writer keeps them: the SGR state as a canonical string of parameters ('' is
// the default), the style each SGR sequence leads to, and the shortest sequence from one style to
// another. A theme draws with a handful of styles, so each of these is worked out once and kept
// (bounded: see boundStyles).

/** The SGR state as a canonical string of parameters ('' = default), updated by one sequence. */
function applySgr(state: Map<string, string>, params: string): void {
  const p = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < p.length; i++) {
    const n = Number(p[i]);
    if (n === 0) state.clear();
    else if (n === 1 || n === 2) state.set(`w${n}`, String(n));
    else if (n === 22) {
      state.delete('w1');
      state.delete('w2');
    } else if (n >= 3 && n <= 9) state.set(`a${n}`, String(n));
    else if (n >= 23 && n <= 29) state.delete(`a${n - 20}`);
    else if (n === 38 || n === 48) {
      const slot = n === 38 ? 'fg' : 'bg';
      const len = p[i + 1] === '5' ? 2 : p[i + 1] === '2' ? 4 : 0;
      state.set(slot, p.slice(i, i + 1 + len).join(';'));
      i += len;
    } else if (n === 39) state.delete('fg');
    else if (n === 49) state.delete('bg');
    else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) state.set('fg', String(n));
    else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) state.set('bg', String(n));
  }
}

/** The SGR slots of each canonical style string seen: a theme draws with a handful of styles. */
const slotsOf = new Map<string, ReadonlyMap<string, string>>([['', new Map()]]);

const styleOf = (state: Map<string, string>) => {
  const style = [...state.keys()]
    .sort()
    .map((k) => state.get(k))
    .join(';');
  if (!slotsOf.has(style)) slotsOf.set(style, new Map(state));
  return style;
};

/** The style after one SGR sequence, by the style before it and the sequence's parameters: a frame repeats a few transitions. */
const transitions = new Map<string, string>();
/** The shortest change from one style to another, by the pair. */
const changes = new Map<string, string>();

export function nextStyle(style: string, params: string): string {
  const key = `${style}\u0000${params}`;
  let next = transitions.get(key);
  if (next === undefined) {
    // slotsOf holds every style made since it was last emptied, which happens only between lines
    const state = new Map(slotsOf.get(style));
    applySgr(state, params);
    next = styleOf(state);
    transitions.set(key, next);
  }
  return next;
}

/** How many times the style tables were emptied: a style kept from before the last time is no longer known. */
let epoch = 0;
export const styleEpoch = () => epoch;

/** Bounds what the style tables hold (a theme draws with a handful of styles); called between lines or frames. */
export function boundStyles(): void {
  if (slotsOf.size < 256 && transitions.size < 1024 && changes.size < 1024) return;
  epoch++;
  slotsOf.clear();
  slotsOf.set('', new Map());
  transitions.clear();
  changes.clear();
}

/** Whether a space drawn in `style` looks different from a blank cell (a background, inverse, underline, strike-through). */
export const spaceShows = (style: string) => {
  if (style === '') return false;
  const s = slotsOf.get(style);
  return s === undefined || s.has('bg') || s.has('a4') || s.has('a7') || s.has('a9');
};

/** The parameter that turns one slot off. */
const slotOff = (slot: string) =>
  slot === 'fg'
    ? '39'
    : slot === 'bg'
      ? '49'
      : slot[0] === 'w'
        ? '22'
        : slot === 'a6'
          ? '25'
          : String(20 + Number(slot.slice(1)));

/** The shortest SGR sequence that changes the terminal's style from `from` to `to`. */
export function sgrChange(from: string, to: string): string {
  if (from === to) return '';
  if (to === '') return '\x1b[m';
  const key = `${from}\u0000${to}`;
  let change = changes.get(key);
  if (change === undefined) changes.set(key, (change = sgrChangeOf(from, to)));
  return change;
}

function sgrChangeOf(from: string, to: string): string {
  const reset = `\x1b[0;${to}m`;
  const a = slotsOf.get(from);
  const b = slotsOf.get(to);
  if (from === '' || !a || !b) return from === '' ? `\x1b[${to}m` : reset;
  const params: string[] = [];
  // 22 turns off bold and faint together: whichever of them stays is set again
  let weightOff = false;
  for (const k of a.keys()) {
    if (b.has(k)) continue;
    if (k[0] === 'w') weightOff = true;
    else params.push(slotOff(k));
  }
  if (weightOff) params.push('22');
  for (const [k, v] of b) if (a.get(k) !== v || (weightOff && k[0] === 'w')) params.push(v);
  const delta = `\x1b[${params.join(';')}m`;
  return delta.length < reset.length ? delta : reset;
}

/** Whether putting `ch` in `style` with `inForce` the terminal's style sets `style` first: a blank keeps the style in force when that style does not show on a space. */
export const setsStyle = (ch: string, style: string, inForce: string) =>
  !(ch === ' ' && style === '' && !spaceShows(inForce));
