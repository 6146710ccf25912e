import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Button, Drawer, Grid, Space, Tag, Typography } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { isGradingRole, ROLE_COLORS, roleLabel } from '@corestone/sdk';
import { usePublicLinks } from '../links/publicLinks';
import { ExternalAnchor } from './ExternalLinks';
import { useSession } from '../session';
import { Logo } from '@corestone/ui/brand';
import { FormattedMessage, useIntl } from 'react-intl';
import { useTranslateKnown } from '../i18n/known';
import { LanguagePicker } from './LanguagePicker';

export function Header() {
  const { user, logout, client } = useSession();
  const { sisters } = usePublicLinks(client);
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  const intl = useIntl();
  const known = useTranslateKnown();
  const role = user && known(roleLabel(user.role));

  const links: { to: string; label: string }[] = [
    user
      ? { to: '/dashboard', label: intl.formatMessage({ id: 'header.dashboard', defaultMessage: 'Dashboard' }) }
      : { to: '/', label: intl.formatMessage({ id: 'header.home', defaultMessage: 'Home' }) },
    // students and teachers grade; admins have no credits and no upload (spec §6)
    ...(user && isGradingRole(user)
      ? [
          { to: '/upload/ee', label: intl.formatMessage({ id: 'header.uploadEe', defaultMessage: 'Upload EE' }) },
          { to: '/upload/tok', label: intl.formatMessage({ id: 'header.uploadTok', defaultMessage: 'Upload TOK' }) },
        ]
      : []),
    ...(user?.role === 'super-admin' ? [{ to: '/admin', label: intl.formatMessage({ id: 'header.admin', defaultMessage: 'Admin' }) }] : []),
  ];

  // Home first (spec: logout goes to /): a signed-in-only page still shown would send to /auth.
  const doLogout = async () => {
    setOpen(false);
    navigate('/');
    await logout();
  };

  const navStyle = ({ isActive }: { isActive: boolean }) => ({
    color: isActive ? '#1d4ed8' : '#334155',
    fontWeight: 500,
    // below xl the bar is full (sister sites, longer French and Spanish labels): less room each
    padding: screens.xl ? '6px 12px' : '6px 8px',
    borderRadius: 6,
    // one line each: a longer French or Spanish label must not wrap the bar onto two lines
    whiteSpace: 'nowrap' as const,
    background: isActive ? '#eef2ff' : 'transparent',
  });

  const wideBar = (
    <>
      <nav aria-label={intl.formatMessage({ id: 'header.mainNav', defaultMessage: 'Main' })} style={{ display: 'flex', gap: 4, flex: 1 }}>
        {links.map((l) => (
          <NavLink key={l.to} to={l.to} end={l.to === '/'} style={navStyle}>
            {l.label}
          </NavLink>
        ))}
        {sisters.map((l) => (
          <ExternalAnchor key={l.id} client={client} link={l} style={navStyle({ isActive: false })}>
            {l.title}
          </ExternalAnchor>
        ))}
      </nav>
      {user ? (
        <Space size={12}>
          <LanguagePicker compact={!screens.xl} />
          {screens.xl && <Typography.Text strong>{user.name}</Typography.Text>}
          <Tag color={ROLE_COLORS[user.role]} data-testid="role-label">
            {role}
          </Tag>
          <Button onClick={doLogout}>
            <FormattedMessage id="header.logout" defaultMessage="Logout" />
          </Button>
        </Space>
      ) : (
        <Space size={12}>
          <LanguagePicker compact={!screens.xl} />
          <Button type="primary" onClick={() => navigate('/auth')}>
            <FormattedMessage id="header.signIn" defaultMessage="Sign In" />
          </Button>
        </Space>
      )}
    </>
  );
  const narrowBar = (
    <>
      <div style={{ flex: 1 }} />
      <LanguagePicker />
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={intl.formatMessage({ id: 'header.openMenu', defaultMessage: 'Open menu' })}
        onClick={() => setOpen(true)}
      />
      <Drawer open={open} onClose={() => setOpen(false)} placement="right" size={280} title={<Logo />}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {user && (
            <div>
              <Typography.Text strong>{user.name}</Typography.Text> <Tag color={ROLE_COLORS[user.role]}>{role}</Tag>
            </div>
          )}
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} style={navStyle} onClick={() => setOpen(false)}>
              {l.label}
            </NavLink>
          ))}
          {sisters.map((l) => (
            <ExternalAnchor key={l.id} client={client} link={l} style={navStyle({ isActive: false })} onNavigate={() => setOpen(false)}>
              {l.title}
            </ExternalAnchor>
          ))}
          {user ? (
            <Button block onClick={doLogout}>
              <FormattedMessage id="header.signOut" defaultMessage="Sign Out" />
            </Button>
          ) : (
            <Button
              block
              type="primary"
              onClick={() => {
                setOpen(false);
                navigate('/auth');
              }}
            >
              <FormattedMessage id="header.signIn" defaultMessage="Sign In" />
            </Button>
          )}
        </Space>
      </Drawer>
    </>
  );

  return (
    <header
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 64,
        zIndex: 100,
        background: 'rgba(255,255,255,0.95)',
        backdropFilter: 'blur(6px)',
        borderBottom: '1px solid #e5e7eb',
      }}
    >
      <div
        style={{
          maxWidth: 1200,
          margin: '0 auto',
          height: '100%',
          padding: '0 20px',
          display: 'flex',
          alignItems: 'center',
          gap: screens.xl === false ? 16 : 24,
        }}
      >
        <Link to="/" aria-label={intl.formatMessage({ id: 'header.homeLink', defaultMessage: 'Corestone home' })}>
          <Logo />
        </Link>
        {/* the full bar needs a wide screen now that it carries the sister sites; narrower: the slide-in menu */}
        {screens.lg === undefined ? (
          // width not read yet (the prerendered page, hydration, a first render): both, the stylesheet shows one
          <>
            <div className="cs-wide-only">{wideBar}</div>
            <div className="cs-narrow-only">{narrowBar}</div>
          </>
        ) : screens.lg ? (
          wideBar
        ) : (
          narrowBar
        )}
      </div>
    </header>
  );
}
