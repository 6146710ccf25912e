import path from 'node:path';
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { normalizeUser, setLocale } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { HeaderSearch, SideNav, UserBadge } from '@corestone/ui/app-frame';
import { render } from '../../test-support/render';
import { catalogFaults } from '../../test-support/i18n-catalog';
import { UI_CATALOGS } from '@corestone/ui/i18n';

it('has a French and a Spanish text for every message of the shared frame (packages/ui)', () => {
  expect(catalogFaults(path.join(__dirname, '../../../packages/ui/src'), UI_CATALOGS)).toEqual([]);
});

it('draws the frame in the page language: the role tag, the search and the logout button', async () => {
  const user = normalizeUser({ id: 'u1', email: 'ana@example.org', name: 'Ana', user_type: 'teacher' })!;
  render(
    <MemoryRouter>
      <AntdRoot>
        <UserBadge user={user} />
        <HeaderSearch />
        <SideNav label="Menu" items={[]} selectedKey={() => ''} onNavigate={() => undefined} onLogout={() => undefined} />
      </AntdRoot>
    </MemoryRouter>,
  );
  expect(screen.getByText('Teacher')).toBeTruthy();
  act(() => setLocale('es'));
  expect(screen.getByText('Profesor')).toBeTruthy();
  expect(screen.getByPlaceholderText('Buscar envíos...')).toBeTruthy();
  expect(screen.getByRole('button', { name: /Cerrar sesión/ })).toBeTruthy();
  act(() => setLocale('en'));
});
