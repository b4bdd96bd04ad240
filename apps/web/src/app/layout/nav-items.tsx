import { AccountType } from '@lvb/contracts/access';
import type { UserInfo } from '@lvb/contracts/identity';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { NavItem } from '../routes/menu-model';
import { paths } from '@/shared/config/paths';
import { titleText } from '@/shared/lib/local-title';
import { MenuIcon } from '@/shared/components/menu-icon';

type MenuItem = Required<MenuProps>['items'][number];

/** Entries the shell always offers: home first, and the company pages for suppliers. */
export function staticNavItems(user: UserInfo | null): NavItem[] {
  const items: NavItem[] = [{ key: paths.adminIndex, title: { key: 'nav.home' }, icon: 'dashboard' }];
  if (user?.types === AccountType.supplier) {
    items.push({
      key: '/company',
      title: { key: 'nav.myCompany' },
      icon: 'build',
      children: [
        { key: paths.companyInfo, title: { key: 'nav.companyInfo' }, icon: 'documentation' },
        { key: paths.companyEdit, title: { key: 'nav.companyEdit' }, icon: 'edit' },
        { key: paths.companyPassword, title: { key: 'nav.companyPwd' }, icon: 'lock' },
      ],
    });
  }
  return items;
}

/** Turns navigation entries into antd menu items; external links open in a new tab. */
export function toMenuItems(items: NavItem[], t: TFunction, language: string, withIcons = true): MenuItem[] {
  return items.map((item) => {
    const label = titleText(item.title, t, language);
    const icon = withIcons ? <MenuIcon name={item.icon} /> : undefined;
    if (item.children) return { key: item.key, icon, label, children: toMenuItems(item.children, t, language, false) };
    if (item.href)
      return {
        key: item.key,
        icon,
        label: (
          <a href={item.href} target="_blank" rel="noreferrer">
            {label}
          </a>
        ),
      };
    return { key: item.key, icon, label };
  });
}

/** Keys of the directories that contain `path`, so the menu opens down to the current page. */
export function ancestorKeys(items: NavItem[], path: string, trail: string[] = []): string[] | null {
  for (const item of items) {
    if (item.key === path) return trail;
    if (item.children) {
      const found = ancestorKeys(item.children, path, [...trail, item.key]);
      if (found) return found;
    }
  }
  return null;
}
