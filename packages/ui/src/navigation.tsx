import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BookOutlined,
  CreditCardOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  LinkOutlined,
  MailOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { SchoolRole, SessionRole, SessionUser } from '@corestone/sdk';

/**
 * A remote's navigation: its menu as plain data. Each remote owns its own (`src/navigation.ts`),
 * draws its frame's menu from it and exposes it as `./navigation`, a module of its own (no React,
 * no antd), which the shell loads apart from the app so it can still draw the remote's frame around
 * the retry screen when the app cannot be loaded.
 */

/** The icons a menu item may name (drawn from @ant-design/icons by every app the same way). */
export const NAV_ICONS = {
  appstore: AppstoreOutlined,
  book: BookOutlined,
  'credit-card': CreditCardOutlined,
  'file-done': FileDoneOutlined,
  'file-text': FileTextOutlined,
  link: LinkOutlined,
  mail: MailOutlined,
  read: ReadOutlined,
  setting: SettingOutlined,
  team: TeamOutlined,
  'unordered-list': UnorderedListOutlined,
  upload: UploadOutlined,
  user: UserOutlined,
} as const;

export type NavIconName = keyof typeof NAV_ICONS;

export interface RemoteNavItem {
  key: string;
  label: string;
  /** where choosing it goes; it is the selected item on this path and below */
  path: string;
  icon: NavIconName;
  /** who sees it (everyone who may open the remote when absent) */
  roles?: readonly SessionRole[];
  /** and, when present, only to a user whose active school role is one of these (issue 31) */
  schoolRoles?: readonly SchoolRole[];
  /** other paths (and what is below them) on which this item is the selected one */
  also?: readonly string[];
}

export interface RemoteNavigation {
  /** the menu's accessible name ('Dashboard', 'Admin') */
  label: string;
  items: readonly RemoteNavItem[];
}

/** A menu item as the frame's SideNav draws it. */
export interface NavItem {
  key: string;
  icon: ReactNode;
  label: string;
  path: string;
}

/** The items `user` sees, with their icons. */
export function navItems(navigation: RemoteNavigation, user: Pick<SessionUser, 'role'> & Partial<Pick<SessionUser, 'school'>>): NavItem[] {
  const school = user.school?.status === 'active' ? user.school.role : null;
  return navigation.items
    .filter((item) => !item.roles || item.roles.includes(user.role))
    .filter((item) => !item.schoolRoles || (!!school && item.schoolRoles.includes(school)))
    .map(({ key, label, path, icon }) => {
      const Icon = NAV_ICONS[icon] ?? NAV_ICONS.appstore;
      return { key, label, path, icon: <Icon /> };
    });
}

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The key of the item to highlight on `pathname`: the one whose path (or one of its `also` paths)
 * is the longest prefix of it; the first item when none is.
 */
export function selectedNavKey(navigation: RemoteNavigation, pathname: string): string {
  let best: { key: string; length: number } | undefined;
  for (const item of navigation.items) {
    for (const path of [item.path, ...(item.also ?? [])]) {
      if (under(pathname, path) && (!best || path.length > best.length)) best = { key: item.key, length: path.length };
    }
  }
  return best?.key ?? navigation.items[0]?.key ?? '';
}

/** Whether `value` has the shape of a RemoteNavigation (what a remote's `./navigation` answers). */
export function isRemoteNavigation(value: unknown): value is RemoteNavigation {
  if (!value || typeof value !== 'object') return false;
  const { label, items } = value as { label?: unknown; items?: unknown };
  return (
    typeof label === 'string' &&
    Array.isArray(items) &&
    items.every(
      (i: unknown) =>
        !!i &&
        typeof i === 'object' &&
        typeof (i as RemoteNavItem).key === 'string' &&
        typeof (i as RemoteNavItem).label === 'string' &&
        typeof (i as RemoteNavItem).path === 'string' &&
        typeof (i as RemoteNavItem).icon === 'string',
    )
  );
}
