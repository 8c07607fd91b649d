// Colours by role, and the colourless theme for NO_COLOR / TERM=dumb.
// Ink ignores NO_COLOR, so the app must call `applyColorEnvironment()` before ink (and chalk) are
// first imported: it sets FORCE_COLOR=0 when colour is unwanted, then `themeFromEnv()` picks the theme.
import { createContext, useContext } from 'react';
import { localeIsUtf8 } from '../../src/text/locale.js';

export interface Theme {
  /** false for the colourless theme: components then add text markers where colour carried meaning */
  color: boolean;
  /** charts and trends in plain ASCII (--ascii); implied when colour is off */
  ascii?: boolean;
  up?: string;
  down?: string;
  accent?: string;
  dim?: string;
  warn?: string;
  danger?: string;
  /** foreground of the selected table row (the row is also drawn inverse and gets a "›" marker) */
  selected?: string;
  ok?: string;
  /** paper mode's badge: its own colour, unlike live (danger) and the simulator (warn) */
  paper?: string;
}

/** The default theme: named ANSI colours so the terminal's own palette applies. */
export const colorTheme: Theme = {
  color: true,
  up: 'green',
  down: 'red',
  accent: 'cyan',
  dim: 'gray',
  warn: 'yellow',
  danger: 'red',
  selected: 'cyan',
  ok: 'green',
  paper: 'magenta',
};

/** No colours at all; meaning is carried by signs, arrows and markers. */
export const plainTheme: Theme = { color: false };

/** True when the environment asks for no colour (NO_COLOR set to anything, or TERM=dumb). */
export function colorDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.NO_COLOR !== undefined && env.NO_COLOR !== '') || env.TERM === 'dumb';
}

/**
 * Call once at start-up, before ink is imported: sets FORCE_COLOR=0 when NO_COLOR or TERM=dumb
 * asks for no colour, so chalk (used by ink) emits none. Returns whether colour is disabled.
 */
export function applyColorEnvironment(env: NodeJS.ProcessEnv = process.env): boolean {
  const off = colorDisabled(env);
  if (off) env.FORCE_COLOR = '0';
  return off;
}

/** The theme for the environment: `plainTheme` when colour is disabled, else `colorTheme`; `ascii` (--ascii, or a locale that is not UTF-8) draws charts in ASCII. */
export function themeFromEnv(env: NodeJS.ProcessEnv = process.env, opts: { ascii?: boolean } = {}): Theme {
  const theme = colorDisabled(env) ? plainTheme : colorTheme;
  return opts.ascii || !localeIsUtf8(env) ? { ...theme, ascii: true } : theme;
}

/** The colour for a signed change: up for > 0, down for < 0, none for 0 or missing. */
export function changeColor(theme: Theme, change: number | null | undefined): string | undefined {
  if (change === null || change === undefined || Number.isNaN(change) || change === 0) return undefined;
  return change > 0 ? theme.up : theme.down;
}

export const ThemeContext = createContext<Theme>(colorTheme);

/** The theme provided by the nearest ThemeContext.Provider (the colour theme when none). */
export function useTheme(): Theme {
  return useContext(ThemeContext);
}
