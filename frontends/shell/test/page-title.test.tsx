import { act } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setLocale } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { PageTitle, pageTitleOf } from '../src/components/PageTitle';
import { loadCatalog } from '../src/i18n/catalog';
import { render } from '../../test-support/render';

describe('each screen its own document title (WCAG 2.4.2)', () => {
  afterEach(() => act(() => setLocale('en')));

  it('names the screen by its most specific path', () => {
    const title = (path: string) => pageTitleOf(path)?.defaultMessage;
    expect(title('/')).toBe('Corestone · IBDP Essay Assessment');
    expect(title('/dashboard')).toBe('Dashboard');
    expect(title('/dashboard/')).toBe('Dashboard');
    expect(title('/dashboard/upload/tok')).toBe('Upload a TOK essay');
    expect(title('/upload/ee')).toBe('Upload an Extended Essay');
    expect(title('/results/abc')).toBe('Essay result');
    expect(title('/admin')).toBe('Back office');
    expect(title('/admin/classes/c1/gradebook')).toBe('Classes');
    expect(title('/admin/schoolsX')).toBe('Back office');
    expect(title('/nowhere')).toBe('Page not found');
  });

  it('sets the title in the page language', async () => {
    render(
      <MemoryRouter initialEntries={['/dashboard/profile']}>
        <AntdRoot catalog={loadCatalog}>
          <PageTitle />
        </AntdRoot>
      </MemoryRouter>,
    );
    expect(document.title).toBe('Profile · Corestone');
    act(() => setLocale('es'));
    await act(async () => {
      await loadCatalog('es');
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(document.title).toBe('Perfil · Corestone');
  });
});
