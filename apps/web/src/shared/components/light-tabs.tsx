import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface LightTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

interface LightTabsProps {
  items: LightTab[];
  /** The open tab when the parent decides it (e.g. from the URL); otherwise the tabs keep their own. */
  activeKey?: string;
  onChange?: (key: string) => void;
  className?: string;
  /**
   * What the tabs' and panes' ids start with. Give it on a page the server draws: the light client
   * (Preact) would make other ids than React drew, and a pane opened later would then name a tab
   * by an id the page does not have.
   */
  idPrefix?: string;
}

/**
 * Tabs for the sign-in and registration cards, in the look of antd's line tabs. antd's Tabs bring
 * their overflow menu and dropdown (some 20 KB compressed) to pages whose two or three tabs always
 * fit. A pane is rendered once first opened and kept (hidden) after, so a half-filled form keeps
 * its values; the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs.
 */
export function LightTabs({ items, activeKey, onChange, className, idPrefix }: LightTabsProps) {
  const generated = useId();
  const id = idPrefix ?? generated;
  const [ownKey, setOwnKey] = useState(items[0]?.key);
  const current = activeKey ?? ownKey;
  const [opened, setOpened] = useState(() => new Set([current]));
  if (current !== undefined && !opened.has(current)) setOpened(new Set(opened).add(current));

  const choose = (key: string) => {
    if (activeKey === undefined) setOwnKey(key);
    onChange?.(key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((item) => item.key === current);
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | undefined;
    if (event.key in step) next = (at + step[event.key]! + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    choose(items[next]!.key);
    document.getElementById(`${id}-tab-${items[next]!.key}`)?.focus();
  };

  return (
    <div className={['light-tabs', className].filter(Boolean).join(' ')}>
      <div className="light-tabs__list" role="tablist" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const active = item.key === current;
          return (
            <button
              key={item.key}
              id={`${id}-tab-${item.key}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={active ? 0 : -1}
              className={active ? 'light-tabs__tab light-tabs__tab--active' : 'light-tabs__tab'}
              onClick={() => choose(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        opened.has(item.key) ? (
          <div
            key={item.key}
            id={`${id}-panel-${item.key}`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== current}
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
