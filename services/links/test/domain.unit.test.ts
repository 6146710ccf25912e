import { checkNewLink, checkLinkUpdate, fillDays, lastDays, titleFor } from '../src/domain/links';
import { checkUrl } from '../src/domain/urls';

describe('checkUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['  http://EXAMPLE.com/a?b=c#d ', 'http://example.com/a?b=c#d'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example/'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['http://10.0.0.1:8080/', 'http://10.0.0.1:8080/'],
  ])('accepts %s', (raw, url) => expect(checkUrl(raw)).toEqual({ valid: true, url }));

  it.each([
    '',
    '   ',
    'example.com',
    '//example.com',
    'javascript:alert(1)',
    'mailto:a@b.c',
    'ftp://x.example',
    'file:///etc/passwd',
    'http://',
    'https://a:b@x.example',
    'https://x.example/a b',
    'https://x.exa\nmple/',
    `https://x.example/${'a'.repeat(2100)}`,
  ])('refuses %j', (raw) => expect(checkUrl(raw)).toEqual({ valid: false, detail: expect.any(String) }));
});

describe('link input', () => {
  it('checks category, url, description in the form order with the spec messages', () => {
    expect(checkNewLink({})).toMatchObject({ ok: false, detail: 'Social media platform is required' });
    expect(checkNewLink({ category: 'instagram' })).toMatchObject({ ok: false, detail: 'URL is required' });
    expect(checkNewLink({ category: 'instagram', url: 'https://i.example' })).toMatchObject({
      ok: false,
      detail: 'Description is required',
    });
    expect(checkNewLink({ category: 'instagram', url: 'https://i.example', description: ' Ours ' })).toEqual({
      ok: true,
      value: { category: 'instagram', url: 'https://i.example/', description: 'Ours', title: 'Instagram' },
    });
  });

  it('checks only the fields an update sends', () => {
    expect(checkLinkUpdate({ featured: true })).toEqual({ ok: true, value: { featured: true } });
    expect(checkLinkUpdate({ url: 'gopher://x' })).toMatchObject({ ok: false, code: 'INVALID_URL' });
  });

  it('derives the title from the platform label', () => {
    expect(titleFor('resource')).toBe('Tools & Resources');
    expect(titleFor('linkedin', '  ')).toBe('LinkedIn');
    expect(titleFor('linkedin', 'Us')).toBe('Us');
  });
});

describe('days', () => {
  it('lists UTC days oldest first and fills missing ones with 0', () => {
    const days = lastDays(3, new Date('2026-03-01T23:30:00-05:00'));
    expect(days).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(fillDays(days, new Map([['2026-03-01', 4]]))).toEqual([
      { date: '2026-02-28', count: 0 },
      { date: '2026-03-01', count: 4 },
      { date: '2026-03-02', count: 0 },
    ]);
  });
});
