import { createElement, lazy, useState, type ComponentProps, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Avatar, Button, Drawer, Grid, Input, Layout, Menu, Spin, Tag, Typography, type InputProps } from 'antd';
import { LogoutOutlined, MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { ROLE_COLORS, type SessionUser } from '@corestone/sdk';
import { FRAME_MESSAGES, ROLE_MESSAGES } from './frame-messages';
import { BrandMark } from './brand';
import { Heading } from './Heading';
import type { NavItem } from './navigation';

export { Heading, ResultTitle } from './Heading';
export type { NavItem } from './navigation';

/**
 * The frame that the student dashboard, the back office and the shell's fallback frame draw around
 * their screens (FrameLayout, with the state of useFrame), and its parts. Every app compiles them
 * from `@corestone/ui/app-frame`, the same way as antd-root. Each app decides what its menu (its
 * navigation, `./navigation`), its top bar and its side column's footer hold.
 */

const BRAND_STYLE: CSSProperties = { padding: '20px 24px', display: 'flex', alignItems: 'center', gap: 10 };

/** The side column: the brand, the navigation menu, a Logout button and, under it, `footer`. */
const BRAND_NAME = (
  <Typography.Text strong style={{ fontSize: 18 }}>
    Corestone
  </Typography.Text>
);

export interface SideNavProps {
  /** shown beside the mark (default: the name, as the student dashboard shows it) */
  brand?: ReactNode;
  onBrandClick?: () => void;
  /** the menu's aria-label */
  label: string;
  items: readonly NavItem[];
  /** the item to highlight for a path */
  selectedKey: (pathname: string) => string;
  /** called before an item's page opens (to close the drawer) */
  onNavigate: () => void;
  onLogout: () => void;
  footer?: ReactNode;
}

export function SideNav({ brand = BRAND_NAME, onBrandClick, label, items, selectedKey, onNavigate, onLogout, footer }: SideNavProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const intl = useIntl();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {onBrandClick ? (
        // a real button, so the brand is reachable and usable from the keyboard
        <button
          type="button"
          onClick={onBrandClick}
          aria-label={intl.formatMessage(FRAME_MESSAGES.home)}
          style={{
            ...BRAND_STYLE,
            cursor: 'pointer',
            border: 'none',
            background: 'none',
            font: 'inherit',
            textAlign: 'start',
            width: '100%',
          }}
        >
          <BrandMark size={28} />
          {brand}
        </button>
      ) : (
        <div style={BRAND_STYLE}>
          <BrandMark size={28} />
          {brand}
        </div>
      )}
      <Menu
        mode="inline"
        aria-label={label}
        selectedKeys={[selectedKey(pathname)]}
        style={{ borderInlineEnd: 'none', flex: 1 }}
        items={items.map(({ path, ...item }) => ({
          ...item,
          onClick: () => {
            onNavigate();
            navigate(path);
          },
        }))}
      />
      <div style={{ padding: 16, borderTop: '1px solid #f0f0f0' }}>
        <Button block icon={<LogoutOutlined />} onClick={() => onLogout()}>
          {intl.formatMessage(FRAME_MESSAGES.logout)}
        </Button>
        {footer}
      </div>
    </div>
  );
}

/** Where the side column goes on screens narrower than `lg`, opened by the header's menu button. */
export function NavDrawer({
  open,
  onClose,
  label,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** the drawer dialog's accessible name */
  label?: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={264}
      styles={{ body: { padding: 0 } }}
      closable={false}
      aria-label={label ?? intl.formatMessage(FRAME_MESSAGES.navigation)}
    >
      {children}
    </Drawer>
  );
}

/**
 * The top bar's layout, which stays at the top while the page scrolls. On a phone it is tight: the
 * menu button, the avatar and the role tag keep their size (HEADER_FIXED), the search takes what is
 * left (HEADER_SEARCH).
 */
export const HEADER_BAR_STYLE: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 16,
  padding: '0 24px',
  borderBottom: '1px solid #eef0f3',
  position: 'sticky',
  top: 0,
  zIndex: 10,
};

/** For what must not shrink in the top bar (menu button, avatar, role tag). */
export const HEADER_FIXED: CSSProperties = { flexShrink: 0 };

/** For the top bar's search: takes the free space, up to 360 px, and may shrink below its content. */
export const HEADER_SEARCH: CSSProperties = { flex: '1 1 auto', minWidth: 0, maxWidth: 360 };

/** The side column's width from `lg` up. */
export const SIDE_COLUMN_WIDTH = 248;

/**
 * The side column: from `lg` up a column that runs the whole page height (however long the page)
 * with its content kept in view; narrower, the NavDrawer the top bar's menu button opens.
 */
export function SideColumn({
  wide,
  drawerOpen,
  onDrawerClose,
  testId,
  children,
}: {
  wide: boolean;
  drawerOpen: boolean;
  onDrawerClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  if (!wide)
    return (
      <NavDrawer open={drawerOpen} onClose={onDrawerClose}>
        {children}
      </NavDrawer>
    );
  return (
    <Layout.Sider
      width={SIDE_COLUMN_WIDTH}
      theme="light"
      data-testid={testId}
      style={{ borderRight: '1px solid #eef0f3', minHeight: '100vh' }}
    >
      <div style={{ position: 'sticky', top: 0, height: '100vh' }}>{children}</div>
    </Layout.Sider>
  );
}

/**
 * The top bar: below `lg` it starts with the menu button; below `md` it is tighter. `style` adds to
 * HEADER_BAR_STYLE (a background, say).
 */
export function TopBar({
  screens,
  drawerOpen,
  onDrawerOpen,
  style,
  children,
}: {
  screens: { md?: boolean; lg?: boolean };
  drawerOpen: boolean;
  onDrawerOpen: () => void;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Layout.Header style={{ ...HEADER_BAR_STYLE, ...style, ...(screens.md ? {} : { gap: 10, padding: '0 12px' }) }}>
      {!screens.lg && <MenuButton open={drawerOpen} onOpen={onDrawerOpen} />}
      {children}
    </Layout.Header>
  );
}

/** The top bar's right end: the avatar, `name` (the caller decides whether there is room) and the role tag. */
export function UserBadge({ user, name, roleTestId }: { user: SessionUser; name?: ReactNode; roleTestId?: string }) {
  const intl = useIntl();
  return (
    <>
      <Avatar src={user.avatar} alt="" style={HEADER_FIXED} />
      {name}
      <Tag color={ROLE_COLORS[user.role]} style={{ ...HEADER_FIXED, marginInlineEnd: 0 }} data-testid={roleTestId}>
        {intl.formatMessage(ROLE_MESSAGES[user.role] ?? ROLE_MESSAGES.student)}
      </Tag>
    </>
  );
}

/** The frame's state: the breakpoints reached, and whether the NavDrawer (below `lg`) is open. */
export interface Frame {
  screens: ReturnType<typeof Grid.useBreakpoint>;
  drawerOpen: boolean;
  openDrawer: () => void;
  closeDrawer: () => void;
}

/** The state of a FrameLayout, kept by the app that draws it (which also needs the breakpoints). */
export function useFrame(): Frame {
  const screens = Grid.useBreakpoint();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return { screens, drawerOpen, openDrawer: () => setDrawerOpen(true), closeDrawer: () => setDrawerOpen(false) };
}

/**
 * The whole frame: the side column with its SideNav (`nav`; choosing an item closes the drawer,
 * then calls `nav.onNavigate` if given), beside it the TopBar holding `topBar` and, under that, the
 * content: `children`, centred in a column of `maxWidth` if given. `styles` adds to the page (the
 * outer layout), the top bar and the content area; the test ids go on the page and on the side
 * column (from `lg` up).
 */
export function FrameLayout({
  frame: { screens, drawerOpen, openDrawer, closeDrawer },
  nav,
  topBar,
  maxWidth,
  styles = {},
  testId,
  sidebarTestId,
  children,
}: {
  frame: Frame;
  nav: Omit<SideNavProps, 'onNavigate'> & { onNavigate?: () => void };
  topBar: ReactNode;
  maxWidth?: number;
  styles?: { page?: CSSProperties; topBar?: CSSProperties; content?: CSSProperties };
  testId?: string;
  sidebarTestId?: string;
  children: ReactNode;
}) {
  const onNavigate = () => {
    closeDrawer();
    nav.onNavigate?.();
  };
  return (
    <Layout style={{ minHeight: '100vh', ...styles.page }} data-testid={testId}>
      <SideColumn wide={Boolean(screens.lg)} drawerOpen={drawerOpen} onDrawerClose={closeDrawer} testId={sidebarTestId}>
        <SideNav {...nav} onNavigate={onNavigate} />
      </SideColumn>
      {/* minWidth 0: a wide table scrolls inside the content instead of widening the page */}
      <Layout style={{ minWidth: 0 }}>
        <TopBar screens={screens} drawerOpen={drawerOpen} onDrawerOpen={openDrawer} style={styles.topBar}>
          {topBar}
        </TopBar>
        <Layout.Content style={{ padding: screens.md ? 32 : 16, ...styles.content }}>
          {maxWidth === undefined ? children : <div style={{ maxWidth, margin: '0 auto' }}>{children}</div>}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The top bar's 'Search submissions...' field (what it searches and when is the app's). */
export function HeaderSearch(props: Omit<InputProps, 'prefix' | 'placeholder' | 'aria-label' | 'variant' | 'style'>) {
  const intl = useIntl();
  return (
    <Input
      prefix={<SearchOutlined />}
      placeholder={intl.formatMessage(FRAME_MESSAGES.searchPlaceholder)}
      aria-label={intl.formatMessage(FRAME_MESSAGES.searchLabel)}
      variant="filled"
      style={HEADER_SEARCH}
      {...props}
    />
  );
}

/** The menu button that opens the NavDrawer on screens narrower than `lg`. */
export function MenuButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  const intl = useIntl();
  return (
    <Button
      type="text"
      icon={<MenuOutlined />}
      aria-label={intl.formatMessage(FRAME_MESSAGES.openMenu)}
      aria-expanded={open}
      aria-haspopup="dialog"
      onClick={onOpen}
      style={HEADER_FIXED}
    />
  );
}

/** Shown while a screen's code is fetched (the Suspense fallback around the routes). */
export function ScreenLoading() {
  const intl = useIntl();
  return (
    <div
      role="status"
      aria-label={intl.formatMessage(FRAME_MESSAGES.loading)}
      style={{ minHeight: '40vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Spin size="large" />
    </div>
  );
}

/**
 * A lazily fetched screen that can be fetched again: React.lazy keeps a failed fetch for good, so
 * after a chunk error (offline for a moment) 'Try Again' would fail at once. This one starts afresh
 * on the next render after a failure.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        current = fresh();
        throw error;
      }),
    );
  let current = fresh();
  return function LazyScreen(props: ComponentProps<T>) {
    return createElement(current, props);
  };
}

/**
 * A screen's title (the page's one h1, drawn at antd's level-2 size) and subtitle, with `extra`
 * (its actions) on the right. Sections below it use h2 (antd level 2 and smaller).
 */
export function PageHeading({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: 16, flexWrap: 'wrap', marginBottom: 24 }}>
      <div>
        <Heading level={1} size={2} style={{ margin: 0 }}>
          {title}
        </Heading>
        {subtitle && (
          <Typography.Text type="secondary" style={{ fontSize: 15 }}>
            {subtitle}
          </Typography.Text>
        )}
      </div>
      {extra}
    </div>
  );
}
