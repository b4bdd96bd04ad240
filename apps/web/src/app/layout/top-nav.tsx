import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { titleText } from '@/shared/lib/local-title';
import type { NavItem } from '../routes/menu-model';
import { MenuIcon } from '@/shared/components/menu-icon';

/** How many top entries fit: about width / 3 / 85 (spec §2); the rest go into "more menu". */
export function visibleTopCount(width: number): number {
  return Math.max(1, Math.floor(width / 3 / 85));
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

interface TopNavProps {
  items: NavItem[];
  activeTopKey: string;
  /** A directory picked in the top bar shows its children in the sidebar. */
  onSelectTop: (key: string) => void;
}

/** Top navigation mode: first-level menu entries across the navbar. */
export function TopNav({ items, activeTopKey, onSelectTop }: TopNavProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const count = visibleTopCount(useWindowWidth());
  const toItem = (item: NavItem) => ({
    key: item.key,
    icon: <MenuIcon name={item.icon} />,
    label: titleText(item.title, t, i18n.language),
  });
  const shown = items.slice(0, count).map(toItem);
  const rest = items.slice(count);
  const menuItems: MenuProps['items'] = rest.length
    ? [
        ...shown,
        { key: '__more', label: t('layout.moreMenu'), children: rest.map(toItem), popupClassName: 'top-nav-more' },
      ]
    : shown;

  const firstPage = (item: NavItem): string | undefined =>
    item.children ? item.children.map(firstPage).find(Boolean) : item.href ? undefined : item.key;

  return (
    <Menu
      mode="horizontal"
      className="top-nav"
      disabledOverflow
      selectedKeys={[activeTopKey]}
      items={menuItems}
      data-testid="top-nav"
      onClick={({ key }) => {
        const item = items.find((i) => i.key === key);
        if (!item) return;
        if (item.href) {
          window.open(item.href, '_blank', 'noopener');
          return;
        }
        onSelectTop(item.key);
        const target = firstPage(item);
        if (target) void navigate(target);
      }}
    />
  );
}
