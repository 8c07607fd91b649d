// The screen tabs line: "1 Tokens  2 Swap  3 Orders …" with the active one highlighted.
import { Text } from 'ink';
import { padCell, textWidth } from '../base/text.js';
import { useTheme } from '../base/theme.js';

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

/** One way to draw the tabs: each label, and the spaces around it (1: "  2 Swap  "; 0: one between). */
interface TabLayout {
  labels: string[];
  pad: 0 | 1;
}

/** The columns a layout takes: each label with its padding, or with one space between (and room for brackets). */
function layoutWidth(l: TabLayout): number {
  const text = l.labels.reduce((s, x) => s + textWidth(x), 0);
  return l.pad === 1 ? text + 2 * l.labels.length : text + (l.labels.length - 1) + 2;
}

/**
 * The tabs that fit `width`, every title a whole word for as long as it can be: the full labels with
 * their badges, then without, then closer together ("1Tokens 2Swap"), then the active tab's title
 * alone beside the others' numbers, then numbers only.
 */
export function tabLayout(tabs: TabItem[], width: number, activeId?: string): TabLayout {
  const layouts: TabLayout[] = [
    { pad: 1, labels: tabs.map((t, i) => `${i + 1} ${t.title}${t.badge ? ` (${t.badge})` : ''}`) },
    { pad: 1, labels: tabs.map((t, i) => `${i + 1} ${t.title}`) },
    { pad: 0, labels: tabs.map((t, i) => `${i + 1}${t.title}`) },
    { pad: 1, labels: tabs.map((t, i) => (t.id === activeId ? `${i + 1} ${t.title}` : `${i + 1}`)) },
  ];
  return layouts.find((l) => layoutWidth(l) <= width) ?? { pad: 1, labels: tabs.map((_t, i) => `${i + 1}`) };
}

/** The labels tabLayout chooses. */
export function tabLabels(tabs: TabItem[], width: number, activeId?: string): string[] {
  return tabLayout(tabs, width, activeId).labels;
}

/** Numbered tabs on one line; the active tab is inverse (bracketed in the colourless theme). */
export function Tabs({ tabs, activeId, width }: TabsProps) {
  const theme = useTheme();
  const layout = tabLayout(tabs, width, activeId);
  const { labels, pad } = layout;
  const used = layoutWidth(layout);
  return (
    <Text wrap="truncate">
      {tabs.map((t, i) => {
        const active = t.id === activeId;
        const label = active && !theme.color ? `[${labels[i]}]` : labels[i];
        const text = pad === 1 ? (active && !theme.color ? label : ` ${label} `) : `${i > 0 ? ' ' : ''}${label}`;
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
