import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './memorial-tabs.module.css';

export interface MemorialTab {
  value: string;
  label: string;
  panel: ReactNode;
}

/** The keys that move between the tabs, as in Mantine's Tabs (and WAI-ARIA's), in reading order. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};
/** Right-to-left (Arabic, Urdu), the arrows move the other way. */
const MIRRORED: Record<string, string> = { ArrowRight: 'ArrowLeft', ArrowLeft: 'ArrowRight' };

/**
 * The memorial's tabs: what Mantine's Tabs (default variant, panels mounted when shown) showed,
 * with the same roles, states and keys (an arrow selects the tab it moves to), without its JS
 * and hooks (about 3.5 KB gzipped of the page's first load).
 */
export function MemorialTabs({
  tabs,
  defaultValue,
}: {
  tabs: MemorialTab[];
  defaultValue: string;
}) {
  const prefix = useId();
  const [active, setActive] = useState(defaultValue);
  const tabId = (value: string) => `${prefix}-tab-${value}`;
  const panelId = (value: string) => `${prefix}-panel-${value}`;
  const shown = tabs.find((tab) => tab.value === active) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const move = MOVES[rtl ? (MIRRORED[event.key] ?? event.key) : event.key];
    const index = tabs.findIndex((tab) => tab.value === active);
    if (!move || index < 0) return;
    event.preventDefault();
    const next = tabs[move(index, tabs.length)];
    setActive(next.value);
    document.getElementById(tabId(next.value))?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-orientation="horizontal"
        className={classes.list}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.value === shown.value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              className={classes.tab}
              aria-selected={selected}
              // Only the shown panel is in the page.
              aria-controls={selected ? panelId(tab.value) : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(shown.value)}
        aria-labelledby={tabId(shown.value)}
        className={classes.panel}
      >
        {shown.panel}
      </div>
    </div>
  );
}
