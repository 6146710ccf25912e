import { act, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { Pagination } from 'antd';
import { setLocale } from '@corestone/sdk';
import { AntdRoot } from '@corestone/ui/antd-root';
import type { CatalogLoader } from '@corestone/ui/i18n';
import { render } from '../../test-support/render';

const asked: string[] = [];
const catalog: CatalogLoader = async (locale) => {
  asked.push(locale);
  return locale === 'fr' ? { 'greeting.hello': 'Bonjour, {name}' } : { 'greeting.hello': 'Hola, {name}' };
};

function Greeting() {
  return <FormattedMessage id="greeting.hello" defaultMessage="Hello, {name}" values={{ name: 'Ana' }} />;
}

describe('the page language', () => {
  afterEach(() => act(() => setLocale('en')));

  it('switches every message and antd’s own texts, loading each catalogue once', async () => {
    render(
      <AntdRoot catalog={catalog}>
        <Greeting />
        <Pagination total={500} showQuickJumper />
      </AntdRoot>,
    );
    expect(screen.getByText('Hello, Ana')).toBeTruthy();
    expect(screen.getByText(/Go to/)).toBeTruthy();
    act(() => setLocale('fr'));
    expect(await screen.findByText('Bonjour, Ana')).toBeTruthy();
    expect(screen.getByText(/Aller à/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    act(() => setLocale('es'));
    expect(await screen.findByText('Hola, Ana')).toBeTruthy();
    act(() => setLocale('fr'));
    expect(await screen.findByText('Bonjour, Ana')).toBeTruthy();
    expect(asked).toEqual(['fr', 'es']);
    act(() => setLocale('en'));
    expect(screen.getByText('Hello, Ana')).toBeTruthy();
  });

  it('stays in English when a catalogue cannot be downloaded', async () => {
    const failing: CatalogLoader = () => Promise.reject(new Error('offline'));
    render(
      <AntdRoot catalog={failing}>
        <Greeting />
      </AntdRoot>,
    );
    act(() => setLocale('es'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('Hello, Ana')).toBeTruthy();
  });
});
