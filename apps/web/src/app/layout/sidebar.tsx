import { SIDEBAR_WIDTH_PX } from '@lvb/contracts/limits';
import { Drawer, Layout, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BrandMark } from '@/shared/components/brand-mark';
import { paths } from '@/shared/config/paths';
import { closeSidebar, useAppState } from '@/shared/lib/app-state';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import type { NavItem } from '../routes/menu-model';
import { ancestorKeys, toMenuItems } from './nav-items';

const COLLAPSED_WIDTH_PX = 64;

interface SidebarProps {
  items: NavItem[];
  activeKey: string;
}

function SidebarMenu({ items, activeKey, collapsed, dark }: SidebarProps & { collapsed: boolean; dark: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { mobile } = useAppState();
  const ancestors = useMemo(() => ancestorKeys(items, activeKey) ?? [], [items, activeKey]);
  const [openKeys, setOpenKeys] = useState<string[]>(ancestors);
  // Open the directories of the page being shown, keeping the ones the user opened.
  useEffect(() => {
    setOpenKeys((keys) => Array.from(new Set([...keys, ...ancestors])));
  }, [ancestors]);

  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      inlineCollapsed={collapsed}
      selectedKeys={[activeKey]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      items={toMenuItems(items, t, i18n.language)}
      onClick={({ key }) => {
        if (key.startsWith('http')) return;
        if (mobile) closeSidebar();
        void navigate(key);
      }}
      className="sidebar-menu"
      data-testid="sidebar-menu"
    />
  );
}

function SidebarLogo({ collapsed, dark }: { collapsed: boolean; dark: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.adminIndex}
      className={`sidebar-logo ${dark ? 'sidebar-logo--dark' : 'sidebar-logo--light'}`}
      title={t('app.systemName')}
    >
      <BrandMark size={32} />
      {collapsed ? null : <span className="sidebar-logo__title">{t('app.systemName')}</span>}
    </Link>
  );
}

/** Sidebar 250 px wide (spec §9): collapses to icons on desktop, becomes a drawer under 992 px. */
export function Sidebar(props: SidebarProps) {
  const { sidebarOpened, mobile } = useAppState();
  const { sideTheme, sidebarLogo } = useLayoutSettings();
  const dark = sideTheme === 'theme-dark';

  if (mobile) {
    return (
      <Drawer
        placement="left"
        open={sidebarOpened}
        onClose={closeSidebar}
        size={SIDEBAR_WIDTH_PX}
        closable={false}
        styles={{ body: { padding: 0 } }}
        className={`sidebar-drawer ${dark ? 'sidebar--dark' : 'sidebar--light'}`}
      >
        <div className="sidebar-inner">
          {sidebarLogo ? <SidebarLogo collapsed={false} dark={dark} /> : null}
          <SidebarMenu {...props} collapsed={false} dark={dark} />
        </div>
      </Drawer>
    );
  }

  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH_PX}
      collapsedWidth={COLLAPSED_WIDTH_PX}
      collapsed={!sidebarOpened}
      trigger={null}
      theme={dark ? 'dark' : 'light'}
      className={`sidebar ${dark ? 'sidebar--dark' : 'sidebar--light'}`}
      data-testid="sidebar"
    >
      <div className="sidebar-inner">
        {sidebarLogo ? <SidebarLogo collapsed={!sidebarOpened} dark={dark} /> : null}
        <SidebarMenu {...props} collapsed={!sidebarOpened} dark={dark} />
      </div>
    </Layout.Sider>
  );
}
