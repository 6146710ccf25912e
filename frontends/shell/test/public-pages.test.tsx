import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { createClient } from '@corestone/sdk';
import { SessionProvider } from '../src/session';
import { PolicyPage } from '../src/pages/SimplePages';
import { ContactPage, validateContact } from '../src/pages/ContactPage';
import { Footer, POLICY_LINKS } from '../src/components/Footer';
import { Header } from '../src/components/Header';
import { Landing } from '../src/pages/Landing';
import { Markdown, stripHtml } from '@corestone/ui/markdown';
import { splitLinks } from '../src/links/publicLinks';
import { fakeFetch, res, type Call } from '../../test-support/helpers';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;

function signIn(user: object) {
  localStorage.setItem('access_token', jwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem('refresh_token', 'r1');
  localStorage.setItem('user', JSON.stringify(user));
}

function renderAt(path: string, element: React.ReactNode, handler: (c: Call) => Response, routePath = path) {
  const f = fakeFetch(handler);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider client={client}>
          <Routes>
            <Route path={routePath} element={element} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </AntApp>,
  );
  return f;
}

const apiPath = (c: Call) => c.url.replace(/^.*\/api\/v1/, '').split('?')[0]!;

const link = (id: string, category: string, extra: object = {}) => ({
  id,
  title: `${category} title`,
  url: `https://example.org/${id}`,
  description: `${category} description`,
  category,
  featured: false,
  is_featured: false,
  is_active: true,
  clicks: 0,
  created_at: '',
  updated_at: '',
  ...extra,
});
const LINKS = {
  links: [
    link('t1', 'resource', { title: 'IBDP Tutoring', featured: true, is_featured: true, url: 'https://tutoring.example.org' }),
    link('p1', 'tool', { title: 'IB Grade Prediction', featured: true, is_featured: true, url: 'https://predict.example.org' }),
    link('i1', 'instagram', { description: '' }),
    link('y1', 'youtube'),
    link('r1', 'reference'), // neither featured nor social: not shown
  ],
  total: 5,
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.setItem('corestone_splash_seen', '1');
});

describe('policy pages', () => {
  test('spinner text, then the markdown without any raw HTML', async () => {
    let answer!: (r: Response) => void;
    const f = renderAt('/privacy-policy', <PolicyPage resource="privacy" />, (c) =>
      apiPath(c) === '/general/privacy' ? (new Promise<Response>((r) => (answer = r)) as unknown as Response) : res(401, {}),
    );
    expect(await screen.findByText('Loading Privacy Policy...')).toBeTruthy();
    const content =
      '# Privacy Policy\n\nWe keep **little** data and *nothing* else.\n\n- essays\n- scores\n\n1. first\n2. second\n\n<script>alert(1)</script><b onclick="x()">bold html</b> <img src=x onerror=alert(2)>';
    await act(async () => answer(res(200, { success: true, data: { id: 'privacy', title: 'Privacy Policy', content } })));
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('little').tagName).toBe('STRONG');
    expect(screen.getByText('nothing').tagName).toBe('EM');
    expect(document.querySelectorAll('ul li')).toHaveLength(2);
    expect(document.querySelectorAll('ol li')).toHaveLength(2);
    expect(document.querySelector('script, img, b')).toBeNull();
    expect(document.body.textContent).not.toContain('alert(');
    expect(screen.getByText(/bold html/)).toBeTruthy();
    expect(f.calls.some((c) => c.url.endsWith('/general/privacy'))).toBe(true);
  });

  test.each([
    ['client-terms', 'Failed to load client terms'],
    ['academic-integrity', 'Failed to load academic integrity policy'],
  ] as const)('%s failure: Error heading with the spec message (never the route text)', async (resource, message) => {
    renderAt('/p', <PolicyPage resource={resource} />, (c) =>
      apiPath(c).startsWith('/general')
        ? res(404, { detail: `Route GET /api/v1/general/${resource} not found`, code: 'NOT_FOUND' })
        : res(401, {}),
    );
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Route GET');
  });

  test('a signed-in editor sees the public version too: the policy is fetched without the token', async () => {
    signIn({ id: 'u1', email: 'sa@x.org', role: 'super_admin', user_type: 'super_admin', first_name: 'S', last_name: 'A' });
    const f = renderAt('/privacy-policy', <PolicyPage resource="privacy" />, (c) =>
      c.url.endsWith('/general/privacy')
        ? res(200, {
            success: true,
            data: { id: 'privacy', title: 'Privacy Policy', content: '# Privacy Policy\n\nWrite to help@maple.test.', status: 'published' },
          })
        : res(401, {}),
    );
    expect(await screen.findByText('Write to help@maple.test.')).toBeTruthy();
    const call = f.calls.find((c) => c.url.endsWith('/general/privacy'))!;
    expect(Object.keys(call.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    localStorage.clear();
  });

  test('a withdrawn policy says so under the Error heading instead of a load failure', async () => {
    renderAt('/p', <PolicyPage resource="safeguarding" />, (c) =>
      apiPath(c) === '/general/safeguarding' ? res(404, { detail: 'Content not found', code: 'CONTENT_NOT_FOUND' }) : res(401, {}),
    );
    expect(await screen.findByText('Safeguarding Policy is not published at the moment. Please check back later.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
  });

  test('links: on-site paths, http(s) and mailto become links (outside ones in a new tab); any other scheme stays text', () => {
    render(
      <Markdown
        source={
          'Write to [support](mailto:help@corestone.org), read our [terms](/client-terms) or [IBO](https://www.ibo.org/x_y), not [this](javascript:alert(1)) or [that](//evil.example).'
        }
      />,
    );
    const links = [...document.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
      a.getAttribute('target'),
      a.getAttribute('rel'),
    ]);
    expect(links).toEqual([
      ['support', 'mailto:help@corestone.org', null, null],
      ['terms', '/client-terms', null, null],
      ['IBO', 'https://www.ibo.org/x_y', '_blank', 'noopener noreferrer'],
    ]);
    expect(document.body.textContent).toContain('not this or that.');
    expect(document.body.textContent).not.toContain('javascript');
  });

  test('a wrapped list line stays in its item', () => {
    render(<Markdown source={'- **Account details**: your name and a password\n  stored only as a hash.\n- Essays\n\nAfter the list.'} />);
    const items = [...document.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['Account details: your name and a password stored only as a hash.', 'Essays']);
    expect(document.querySelector('p')!.textContent).toBe('After the list.');
  });

  test('stripHtml drops tags and script bodies', () => {
    expect(stripHtml('a<script>x</script>b<i>c</i><!-- d -->e')).toBe('abce');
    render(<Markdown source={'## Title\n<iframe src="https://evil">inner</iframe>text'} />);
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('contact page', () => {
  test('validation, then POST /general/contact and the server confirmation', async () => {
    const f = renderAt('/contact', <ContactPage />, (c) =>
      apiPath(c) === '/general/contact'
        ? res(201, { success: true, message: 'Thank you — we will reply within one working day.', id: 'q1' })
        : res(401, {}),
    );
    const send = () =>
      act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
      });
    await send();
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your Name'), { target: { value: 'Ms Ortega' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ortega@school.org' } });
    fireEvent.change(screen.getByLabelText('School or Institution'), { target: { value: 'Lakeside International' } });
    fireEvent.change(screen.getByLabelText('Number of Students'), { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'We would like the Power User plan.' } });
    await send();
    expect(await screen.findByTestId('contact-sent')).toBeTruthy();
    expect(screen.getByText('Thank you — we will reply within one working day.')).toBeTruthy();
    const post = f.calls.find((c) => c.url.endsWith('/general/contact'))!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({
      name: 'Ms Ortega',
      school: 'Lakeside International',
      email: 'ortega@school.org',
      number_of_students: 120,
      message: 'We would like the Power User plan.',
    });
  });

  test('a server fault shows the plain failure text', async () => {
    renderAt('/contact', <ContactPage />, (c) =>
      apiPath(c) === '/general/contact'
        ? res(503, { detail: 'Service content is unavailable', code: 'UPSTREAM_UNAVAILABLE' })
        : res(401, {}),
    );
    fireEvent.change(screen.getByLabelText('Your Name'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.org' } });
    fireEvent.change(screen.getByLabelText('School or Institution'), { target: { value: 'S' } });
    fireEvent.change(screen.getByLabelText('Number of Students'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    });
    expect((await screen.findByTestId('contact-error')).textContent).toContain('Failed to send your message. Please try again.');
  });

  test('validateContact rules', () => {
    const ok = { name: 'A', school: 'S', email: 'a@b.org', number_of_students: 1, message: 'm' };
    expect(validateContact(ok)).toBeNull();
    expect(validateContact({ ...ok, email: 'nope' })?.message).toBe('Please enter a valid email address');
    expect(validateContact({ ...ok, number_of_students: 0 })?.field).toBe('number_of_students');
    expect(validateContact({ ...ok, message: 'x'.repeat(5001) })?.message).toBe('Must be no more than 5000 characters long');
  });
});

describe('footer and header links', () => {
  test('sister sites and social icons from the public links, tooltips, click tracking, each label pointing at its own page', async () => {
    const f = renderAt('/', <Footer />, (c) =>
      apiPath(c) === '/external_links/public'
        ? res(200, LINKS)
        : apiPath(c).endsWith('/click')
          ? res(200, { success: true, clicks: 1 })
          : res(401, {}),
    );
    const sisters = await screen.findByTestId('sister-sites');
    await waitFor(() => expect(sisters.textContent).toContain('IBDP Tutoring'));
    expect(sisters.textContent).toContain('IB Grade Prediction');
    const icons = screen.getByTestId('social-icons').querySelectorAll('a');
    expect([...icons].map((a) => a.getAttribute('href'))).toEqual(['https://example.org/i1', 'https://example.org/y1']);
    expect(icons[0]!.getAttribute('target')).toBe('_blank');
    expect(document.body.textContent).not.toContain('reference title');

    await act(async () => {
      fireEvent.mouseEnter(icons[1]!);
    });
    expect(await screen.findByText('youtube description')).toBeTruthy();
    await act(async () => {
      fireEvent.mouseEnter(icons[0]!);
    });
    expect(await screen.findByText('instagram title')).toBeTruthy(); // no description: the title

    await act(async () => {
      fireEvent.click(icons[1]!);
    });
    await waitFor(() => expect(f.calls.some((c) => c.url.endsWith('/external_links/y1/click') && c.method === 'POST')).toBe(true));
    const click = f.calls.find((c) => c.url.endsWith('/external_links/y1/click'))!;
    expect(click.body).toEqual({ user_agent: navigator.userAgent });

    const policy = [...document.querySelectorAll('footer a')].filter((a) => POLICY_LINKS.some((p) => p.label === a.textContent));
    expect(policy.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Privacy Policy', '/privacy-policy'],
      ['Safeguarding Policy', '/safeguarding-policy'],
      ['Academic Integrity', '/academic-integrity-policy'],
      ['Client Terms', '/client-terms'],
    ]);
  });

  test('each policy label in the footer opens the page it names (no swapped labels)', async () => {
    const titles = {
      privacy: 'Privacy Policy',
      safeguarding: 'Safeguarding Policy',
      'client-terms': 'Client Terms',
      'academic-integrity': 'Academic Integrity Policy',
    };
    const f = fakeFetch((c) => {
      const id = apiPath(c).replace('/general/', '') as keyof typeof titles;
      if (titles[id])
        return res(200, {
          success: true,
          data: { id, title: titles[id], content: `# ${titles[id]}\n\nText of ${id}.`, status: 'published' },
        });
      return res(200, { success: true, data: [] });
    });
    const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
    // the same path → page table as the shell's App
    render(
      <AntApp>
        <MemoryRouter initialEntries={['/']}>
          <SessionProvider client={client}>
            <Routes>
              <Route path="/" element={null} />
              <Route path="/privacy-policy" element={<PolicyPage resource="privacy" />} />
              <Route path="/safeguarding-policy" element={<PolicyPage resource="safeguarding" />} />
              <Route path="/client-terms" element={<PolicyPage resource="client-terms" />} />
              <Route path="/academic-integrity-policy" element={<PolicyPage resource="academic-integrity" />} />
            </Routes>
            <Footer />
          </SessionProvider>
        </MemoryRouter>
      </AntApp>,
    );
    for (const { label } of POLICY_LINKS) {
      const anchor = [...document.querySelectorAll('footer a')].find((a) => a.textContent === label)!;
      await act(async () => {
        fireEvent.click(anchor);
      });
      // 'Academic Integrity' opens 'Academic Integrity Policy', 'Client Terms' opens 'Client Terms'
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(label));
    }
  });

  test('failures fetching the links are only logged', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/', <Footer />, (c) =>
      apiPath(c) === '/external_links/public'
        ? res(404, { detail: 'Route GET /api/v1/external_links/public not found', code: 'NOT_FOUND' })
        : res(401, {}),
    );
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByTestId('social-icons')).toBeNull();
    expect(document.body.textContent).not.toContain('Route GET');
    warn.mockRestore();
  });

  test('splitLinks keeps active http(s) links only', () => {
    const { sisters, social } = splitLinks([
      link('a', 'instagram', { url: 'javascript:alert(1)' }),
      link('b', 'tiktok', { is_active: false }),
      link('c', 'facebook'),
    ] as never);
    expect(sisters).toEqual([]);
    expect(social.map((l) => l.id)).toEqual(['c']);
  });

  test.each([
    ['admin', false],
    ['super_admin', false],
    ['student', true],
    ['teacher', true],
  ])('%s: Upload EE/TOK in the header = %s', async (role, shown) => {
    const user = { id: 'u1', email: 'x@school.org', first_name: 'X', user_type: role, essay_credits: 1, max_essay_credits: 1 };
    signIn(user);
    // the stored user is shown at once and read again from the server (/auth/me)
    const api = (c: Call) => ({ '/external_links/public': LINKS, '/auth/me': user })[apiPath(c)];
    renderAt('/', <Header />, (c) => (api(c) ? res(200, api(c)) : res(401, {})));
    // jsdom has no wide screen: the mobile slide-in menu carries the same entries
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    });
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(!!screen.queryByText('Upload EE')).toBe(shown);
    expect(!!screen.queryByText('Upload TOK')).toBe(shown);
    await waitFor(() => expect(screen.getByText('IBDP Tutoring')).toBeTruthy());
  });
});

describe('landing', () => {
  test('tutoring hero, sample report, integrity notice and six testimonials', async () => {
    renderAt('/', <Landing />, (c) => (apiPath(c) === '/external_links/public' ? res(200, LINKS) : res(401, {})));
    const hero = await screen.findByTestId('tutoring-hero');
    await waitFor(() => expect(hero.querySelector('a[href="https://predict.example.org"]')).toBeTruthy());
    expect(screen.getByTestId('sample-report').textContent).toContain('View Full Report');
    expect(screen.getByTestId('sample-report').textContent).toContain('Download PDF');
    expect(screen.getByTestId('integrity-notice')).toBeTruthy();
    expect(screen.getByTestId('testimonials').querySelectorAll('.testimonial')).toHaveLength(6);
    expect(screen.getByText('Contact us Now').closest('a')!.getAttribute('href')).toBe('https://tutoring.example.org');
  });
});

describe('splash', () => {
  test('1.5 s on the first load of a tab, with the subtitle; not again in that tab', async () => {
    const { Splash, useSplash, SPLASH_MS } = await import('../src/components/Splash');
    function Probe() {
      return useSplash() ? <Splash /> : <div>APP</div>;
    }
    sessionStorage.clear();
    jest.useFakeTimers();
    try {
      const first = render(<Probe />);
      expect(screen.getByText('Professional IBDP Essay Assessment Platform')).toBeTruthy();
      act(() => {
        jest.advanceTimersByTime(SPLASH_MS - 10);
      });
      expect(screen.queryByTestId('splash')).toBeTruthy();
      act(() => {
        jest.advanceTimersByTime(20);
      });
      expect(screen.queryByTestId('splash')).toBeNull();
      first.unmount();
      render(<Probe />);
      expect(screen.getByText('APP')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
    expect(SPLASH_MS).toBe(1500);
  });
});
