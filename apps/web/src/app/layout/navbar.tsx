import {
  DownOutlined,
  FontSizeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Breadcrumb, Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/shared/components/language-switch';
import { paths } from '@/shared/config/paths';
import { setInterfaceSize, toggleSidebar, useAppState, type InterfaceSize } from '@/shared/lib/app-state';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import { titleText } from '@/shared/lib/local-title';
import { reloadAt } from '@/shared/lib/navigation';
import { feedback } from '@/shared/lib/notify';
import { logout, useCurrentUser } from '@/shared/lib/session';
import type { NavItem } from '../routes/menu-model';
import type { PageMeta } from '../routes/page-meta';
import { resetTags } from './tags-store';
import { TopNav } from './top-nav';

interface NavbarProps {
  meta: PageMeta | null;
  topItems: NavItem[];
  activeTopKey: string;
  onSelectTop: (key: string) => void;
  onOpenSettings: () => void;
}

function PageBreadcrumb({ meta }: { meta: PageMeta | null }) {
  const { t, i18n } = useTranslation();
  const home = { title: <Link to={paths.adminIndex}>{t('nav.home')}</Link> };
  if (!meta || meta.path === paths.adminIndex)
    return <Breadcrumb className="navbar__breadcrumb" items={[{ title: t('nav.home') }]} />;
  const items = [
    home,
    ...meta.trail.map((title) => ({ title: titleText(title, t, i18n.language) })),
    { title: titleText(meta.title, t, i18n.language) },
  ];
  return <Breadcrumb className="navbar__breadcrumb" items={items} data-testid="breadcrumb" />;
}

function SizeSelect() {
  const { t } = useTranslation();
  const { size } = useAppState();
  const options: { key: InterfaceSize; label: string }[] = [
    { key: 'large', label: t('layout.sizeLarge') },
    { key: 'default', label: t('layout.sizeDefault') },
    { key: 'small', label: t('layout.sizeSmall') },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: options,
        selectable: true,
        selectedKeys: [size],
        onClick: ({ key }) => setInterfaceSize(key as InterfaceSize),
      }}
    >
      <Tooltip title={t('layout.size')}>
        <Button type="text" icon={<FontSizeOutlined />} aria-label={t('layout.size')} className="navbar__icon" />
      </Tooltip>
    </Dropdown>
  );
}

/** Navbar: sidebar toggle, breadcrumb or top navigation, language, size and the user menu. */
export function Navbar({ meta, topItems, activeTopKey, onSelectTop, onOpenSettings }: NavbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { sidebarOpened, mobile } = useAppState();
  const { topNav } = useLayoutSettings();

  const confirmLogout = () => {
    feedback().modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      className: 'logout-dialog',
      onOk: async () => {
        await logout();
        resetTags();
        // A full load at the app's own root (honouring the base path) drops all signed-in state.
        reloadAt(paths.home);
      },
    });
  };

  return (
    <div className="navbar">
      <Button
        type="text"
        className="navbar__toggle"
        icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
        aria-label={t('layout.toggleSidebar')}
        data-testid="sidebar-toggle"
      />
      <div className="navbar__center">
        {topNav && !mobile ? (
          <TopNav items={topItems} activeTopKey={activeTopKey} onSelectTop={onSelectTop} />
        ) : (
          <PageBreadcrumb meta={meta} />
        )}
      </div>
      <div className="navbar__right">
        <LanguageSwitch compact={mobile} className="navbar__icon" />
        {mobile ? null : <SizeSelect />}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'profile', icon: <UserOutlined />, label: t('nav.profile') },
              { key: 'settings', icon: <SettingOutlined />, label: t('layout.layoutSettings') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'profile') void navigate(paths.profile);
              else if (key === 'settings') onOpenSettings();
              else confirmLogout();
            },
          }}
        >
          <button type="button" className="navbar__user" data-testid="user-menu">
            <Avatar size={30} style={{ background: 'var(--app-primary)' }}>
              {(user?.empName || user?.userName || '?').slice(0, 1).toUpperCase()}
            </Avatar>
            {mobile ? null : <span className="navbar__user-name">{user?.empName || user?.userName}</span>}
            <DownOutlined className="navbar__caret" />
          </button>
        </Dropdown>
      </div>
    </div>
  );
}
