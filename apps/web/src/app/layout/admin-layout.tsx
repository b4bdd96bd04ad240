import { Layout } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { NotFoundPage } from '@/shared/components/errors/not-found-page';
import { useAppState, useResponsiveSidebar } from '@/shared/lib/app-state';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import { titleText } from '@/shared/lib/local-title';
import { useCurrentUser } from '@/shared/lib/session';
import { findMenuRoute, useMenuModel, usePageMeta } from '../routes/page-meta';
import type { NavItem } from '../routes/menu-model';
import { ancestorKeys, staticNavItems } from './nav-items';
import { Navbar } from './navbar';
import { SettingsDrawer } from './settings-drawer';
import { Sidebar } from './sidebar';
import { TagsView } from './tags-view';

/** The admin shell (spec §2 "Layout"): sidebar, navbar with breadcrumb, tags, settings drawer. */
export function AdminLayout() {
  useResponsiveSidebar();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const user = useCurrentUser();
  const model = useMenuModel();
  const meta = usePageMeta();
  const settings = useLayoutSettings();
  const { sidebarOpened, mobile } = useAppState();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [pickedTop, setPickedTop] = useState<string | null>(null);

  const navItems: NavItem[] = useMemo(() => [...staticNavItems(user), ...model.nav], [user, model.nav]);
  const activeKey = meta?.activeMenu ?? location.pathname;
  const currentTop = (ancestorKeys(navItems, activeKey) ?? [])[0] ?? activeKey;
  const activeTopKey = pickedTop && navItems.some((i) => i.key === pickedTop) ? pickedTop : currentTop;
  // In top-nav mode the sidebar lists the children of the chosen first-level entry.
  const sideItems =
    settings.topNav && !mobile ? (navItems.find((i) => i.key === activeTopKey)?.children ?? navItems) : navItems;

  // An unknown path while signed in is the plain 404 page, not a 404 inside the shell.
  const unknownPath = matches.at(-1)?.id === 'menu-view' && !findMenuRoute(model, location.pathname);
  if (unknownPath) return <NotFoundPage />;

  const classes = [
    'admin-shell',
    settings.fixedHeader ? 'admin-shell--fixed-header' : '',
    sidebarOpened ? 'admin-shell--open' : 'admin-shell--collapsed',
    mobile ? 'admin-shell--mobile' : '',
  ];

  return (
    <Layout className={classes.filter(Boolean).join(' ')} hasSider>
      <Sidebar items={sideItems} activeKey={activeKey} />
      <Layout className="admin-main">
        <header className="admin-header" data-testid="admin-header">
          <Navbar
            meta={meta}
            topItems={navItems}
            activeTopKey={activeTopKey}
            onSelectTop={(key) => setPickedTop(key)}
            onOpenSettings={() => setSettingsOpen(true)}
          />
          {settings.tagsView ? <TagsView meta={meta} /> : null}
        </header>
        <Layout.Content className="admin-content" data-testid="admin-content">
          {/* The page's title, shown in the breadcrumb and tab, is its heading for assistive technology. */}
          {meta ? (
            <h1 className="visually-hidden" data-testid="page-title">
              {titleText(meta.title, t, i18n.language)}
            </h1>
          ) : null}
          <Outlet />
        </Layout.Content>
      </Layout>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}
