// The screen tabs line: "1 Tokens  2 Swap  3 Orders …" with the active one highlighted.
import { Text } from 'ink';
import { padCell, textWidth } from './text.js';
import { useTheme } from './theme.js';

export interface TabItem {
  id: string;
  title: string;
  /** a short count or mark after the title, e.g. "3" open orders */
  badge?: string;
}

export interface TabsProps {
  tabs: TabItem[];
  activeId: string;
  width: number;
}

/** Labels at full length, else titles cut to 4 letters, else numbers only, whichever fits first. */
export function tabLabels(tabs: TabItem[], width: number): string[] {
  const variants = [
    (t: TabItem, i: number) => `${i + 1} ${t.title}${t.badge ? ` (${t.badge})` : ''}`,
    (t: TabItem, i: number) => `${i + 1} ${t.title}`,
    (t: TabItem, i: number) => `${i + 1} ${t.title.slice(0, 4)}`,
    (_t: TabItem, i: number) => `${i + 1}`,
  ];
  for (const v of variants) {
    const labels = tabs.map(v);
    // each label is drawn with one space of padding on both sides
    if (labels.reduce((s, l) => s + textWidth(l) + 2, 0) <= width) return labels;
  }
  return tabs.map((_t, i) => `${i + 1}`);
}

/** Numbered tabs on one line; the active tab is inverse (bracketed in the colourless theme). */
export function Tabs({ tabs, activeId, width }: TabsProps) {
  const theme = useTheme();
  const labels = tabLabels(tabs, width);
  const used = labels.reduce((s, l) => s + textWidth(l) + 2, 0);
  return (
    <Text wrap="truncate">
      {tabs.map((t, i) => {
        const active = t.id === activeId;
        const text = active && !theme.color ? `[${labels[i]}]` : ` ${labels[i]} `;
        return active ? (
          <Text key={t.id} inverse bold color={theme.accent}>
            {text}
          </Text>
        ) : (
          <Text key={t.id} color={theme.dim}>
            {text}
          </Text>
        );
      })}
      {padCell('', Math.max(0, width - used))}
    </Text>
  );
}
