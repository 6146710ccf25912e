/**
 * 'Skip to main content' (WCAG 2.4.1, issue 36): in the page's language, and it hands the focus to
 * the main landmark without touching the address. The keyboard journey through the real layouts
 * (signed out, student, back office) is tests/browser/skip-link-reflow.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLocale } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import { render } from '../../test-support/render';
import { loadCatalog } from '../src/i18n/catalog';
import { SkipLink } from '../src/components/SkipLink';

afterEach(() => setLocale('en'));

it.each([
  ['en', 'Skip to main content'],
  ['fr', 'Aller au contenu principal'],
  ['es', 'Saltar al contenido principal'],
] as const)('%s: says %s and moves the focus to main', async (locale, text) => {
  setLocale(locale);
  render(
    <AntdRoot catalog={loadCatalog}>
      <SkipLink />
      <header>
        <a href="/somewhere">Home</a>
      </header>
      <main>
        <button type="button">First control</button>
      </main>
    </AntdRoot>,
  );
  const link = await waitFor(() => screen.getByRole('link', { name: text }));
  act(() => link.focus());
  expect(document.activeElement).toBe(link);
  await act(async () => {
    fireEvent.click(link);
  });
  const main = document.querySelector('main')!;
  expect(document.activeElement).toBe(main);
  expect(main.getAttribute('tabindex')).toBe('-1');
  expect(window.location.hash).toBe('');
});
