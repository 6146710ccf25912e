/**
 * Landing sections below the fold (spec user-app §2): AI grading steps, sample report, statistics,
 * integrity notice, testimonials, pricing and the call to action. A chunk of its own (see Landing.tsx).
 */
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Card, Col, Progress, Rate, Row, Space, Typography } from 'antd';
import {
  AuditOutlined,
  CheckCircleFilled,
  DownloadOutlined,
  EyeOutlined,
  FileSearchOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { Heading } from '@corestone/ui/heading';
import { section } from './landingLayout';
import { SAMPLE, SAMPLE_MAX, SAMPLE_POINTS } from './landingSample';

const { Title, Paragraph, Text } = Typography;

export const PRICING = [
  {
    name: 'free',
    title: 'Free',
    price: 'Free',
    credits: '1 essay credit',
    features: ['1 full evaluation', 'Criterion scores and bands', 'Improvement tips'],
  },
  {
    name: 'core_pack',
    title: 'Core Pack',
    price: '$19.99',
    credits: '5 essay credits',
    features: ['5 full evaluations', 'Detailed criterion feedback', 'Credits never expire'],
  },
  {
    name: 'super_core_pack',
    title: 'Super Core Pack',
    price: '$35.99',
    credits: '10 essay credits',
    popular: true,
    features: ['10 full evaluations', 'Best for regular drafting', 'Credits never expire'],
  },
  {
    name: 'power_user_monthly',
    title: 'Power User',
    price: 'Contact',
    credits: 'Unlimited essay credits',
    features: ['Unlimited evaluations', 'For schools and institutions', 'Priority support'],
  },
];

/** Everything below the first screen, in the order of the spec; the default export is loaded lazily by Landing. */
export default function LandingBelowFold({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const planLink = (name: string) => (name === 'power_user_monthly' ? '/contact' : signedIn ? '/plans' : '/auth');
  return (
    <>
      <section style={section}>
        <Title level={2} style={{ textAlign: 'center' }}>
          How the AI grading works
        </Title>
        <Paragraph type="secondary" style={{ textAlign: 'center', maxWidth: 640, margin: '0 auto 40px' }}>
          Every essay is assessed against the active rubric for its type, criterion by criterion.
        </Paragraph>
        <Row gutter={[24, 24]}>
          {[
            {
              icon: <FileSearchOutlined />,
              title: 'Document Analysis',
              text: 'Your .pdf, .docx or .txt file is read and its structure, length and sources analysed.',
            },
            {
              icon: <SolutionOutlined />,
              title: 'Rubric Application',
              text: 'Each IB criterion is applied with its own descriptors and mark bands.',
            },
            {
              icon: <AuditOutlined />,
              title: 'Detailed Scoring',
              text: 'Scores, bands and feedback per criterion, with an overall grade.',
            },
            {
              icon: <ScheduleOutlined />,
              title: 'Quality Verification',
              text: 'Results are checked for consistency before they reach your dashboard.',
            },
          ].map((s, i) => (
            <Col xs={24} sm={12} lg={6} key={s.title}>
              <Card variant="borderless" style={{ height: '100%' }}>
                <div style={{ fontSize: 28, color: '#1d4ed8' }}>{s.icon}</div>
                <Heading level={3} size={5} style={{ marginTop: 12 }}>
                  {i + 1}. {s.title}
                </Heading>
                <Text type="secondary">{s.text}</Text>
              </Card>
            </Col>
          ))}
        </Row>
      </section>

      <SampleReportSection signedIn={signedIn} />

      <section style={{ background: '#f1f5f9' }}>
        <div style={{ ...section, paddingTop: 48, paddingBottom: 48 }}>
          <Row gutter={[24, 24]} justify="space-around" style={{ textAlign: 'center' }}>
            {[
              ['5,000+', 'essays graded'],
              ['67 s', 'average processing'],
              ['99.2%', 'accuracy'],
              ['4.9/5', 'user rating'],
              ['50+', 'schools'],
              ['24/7', 'availability'],
            ].map(([v, l]) => (
              <Col xs={12} md={4} key={l}>
                <div style={{ fontSize: 30, fontWeight: 700, color: '#1e3a8a' }}>{v}</div>
                <Text type="secondary">{l}</Text>
              </Col>
            ))}
          </Row>
        </div>
      </section>

      <IntegrityNotice />
      <Testimonials />

      <section style={section} id="pricing">
        <Title level={2} style={{ textAlign: 'center' }}>
          Simple, credit-based pricing
        </Title>
        <Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 40 }}>
          Each evaluation uses 1 credit. Credits never expire.
        </Paragraph>
        <Row gutter={[24, 24]}>
          {PRICING.map((p) => (
            <Col xs={24} sm={12} lg={6} key={p.name}>
              <MaybeRibbon show={!!p.popular}>
                <Card
                  data-testid={`pricing-${p.name}`}
                  style={{ height: '100%', borderColor: p.popular ? '#1d4ed8' : undefined, borderWidth: p.popular ? 2 : 1 }}
                  styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%' } }}
                >
                  <Heading level={3} size={4} style={{ marginTop: 0 }}>
                    {p.title}
                  </Heading>
                  <div style={{ fontSize: 32, fontWeight: 700, color: '#0f172a' }}>{p.price}</div>
                  <Text strong style={{ color: '#1d4ed8' }}>
                    {p.credits}
                  </Text>
                  <ul style={{ listStyle: 'none', padding: 0, margin: '16px 0 24px', flex: 1 }}>
                    {p.features.map((f) => (
                      <li key={f} style={{ marginBottom: 8 }}>
                        <CheckCircleFilled style={{ color: '#16a34a', marginRight: 8 }} />
                        {f}
                      </li>
                    ))}
                  </ul>
                  <Button type={p.popular ? 'primary' : 'default'} block onClick={() => navigate(planLink(p.name))}>
                    {p.name === 'power_user_monthly' ? 'Contact Us' : p.name === 'free' ? 'Get Started' : 'Choose Plan'}
                  </Button>
                </Card>
              </MaybeRibbon>
            </Col>
          ))}
        </Row>
      </section>

      <section style={{ background: '#1e3a8a' }}>
        <div style={{ ...section, textAlign: 'center', paddingTop: 56, paddingBottom: 56 }}>
          <Title level={2} style={{ color: '#fff', marginTop: 0 }}>
            Ready for feedback on your essay?
          </Title>
          <Space size={12} wrap>
            <Button size="large" onClick={() => navigate('/upload/ee')}>
              Grade Extended Essay
            </Button>
            <Button size="large" ghost onClick={() => navigate('/upload/tok')}>
              Grade TOK Essay
            </Button>
          </Space>
        </div>
      </section>
    </>
  );
}

function MaybeRibbon({ show, children }: { show: boolean; children: React.ReactNode }) {
  return show ? (
    <Badge.Ribbon text="Most Popular" color="blue">
      {children}
    </Badge.Ribbon>
  ) : (
    <>{children}</>
  );
}

/** Sample report section with 'View Full Report' and 'Download PDF' (they lead to the visitor's own reports). */
export function SampleReportSection({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const own = signedIn ? '/dashboard/submissions' : '/auth';
  return (
    <section style={{ background: '#fff' }} data-testid="sample-report">
      <div style={section}>
        <Row gutter={[{ xs: 16, md: 32, lg: 48 }, 32]} align="middle">
          <Col xs={24} md={11}>
            <Title level={2} style={{ marginTop: 0 }}>
              See what a report looks like
            </Title>
            <Paragraph style={{ fontSize: 16, color: '#475569' }}>
              Every evaluation comes with an overall grade, a score and band for each criterion, what you did well, what to improve first
              and a week-by-week plan — and a PDF you can share with your supervisor.
            </Paragraph>
            <Space size={12} wrap>
              <Button
                type="primary"
                size="large"
                icon={<EyeOutlined />}
                onClick={() => document.getElementById('sample-preview')?.scrollIntoView({ behavior: 'smooth' })}
              >
                View Full Report
              </Button>
              <Button size="large" icon={<DownloadOutlined />} onClick={() => navigate(own)}>
                Download PDF
              </Button>
            </Space>
          </Col>
          <Col xs={24} md={13}>
            <Card variant="outlined" style={{ borderRadius: 14 }} styles={{ body: { padding: 24 } }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 12 }}>
                <div>
                  <Text type="secondary" style={{ fontSize: 12, letterSpacing: 1 }}>
                    EXTENDED ESSAY · ECONOMICS
                  </Text>
                  <Heading level={3} size={4} style={{ margin: '4px 0 0' }}>
                    To what extent did minimum-wage rises affect youth employment in Ontario?
                  </Heading>
                </div>
                <div style={{ textAlign: 'center', minWidth: 72 }}>
                  <div style={{ fontSize: 40, fontWeight: 800, color: '#2563eb', lineHeight: 1 }}>B</div>
                  <Text type="secondary" style={{ fontSize: 12 }}>
                    {SAMPLE_POINTS} / {SAMPLE_MAX}
                  </Text>
                </div>
              </div>
              <div style={{ marginTop: 16 }}>
                {SAMPLE.map(({ code, name, score, max }) => (
                  <div key={code} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                    <Text style={{ width: 210, fontSize: 13 }}>
                      {code}. {name}
                    </Text>
                    <Progress
                      percent={Math.round((score / max) * 100)}
                      size="small"
                      format={() => `${score}/${max}`}
                      style={{ flex: 1, margin: 0 }}
                    />
                  </div>
                ))}
              </div>
              <Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 13 }}>
                “Your research question is focused and the data well chosen. Evaluate the reliability of the 2018 survey before drawing your
                conclusion.”
              </Paragraph>
            </Card>
          </Col>
        </Row>
      </div>
    </section>
  );
}

export function IntegrityNotice() {
  return (
    <section style={{ ...section, paddingTop: 24, paddingBottom: 24 }} data-testid="integrity-notice">
      <Card variant="borderless" style={{ background: '#ecfdf5', border: '1px solid #a7f3d0' }}>
        <Space align="start" size={16}>
          <SafetyCertificateOutlined style={{ fontSize: 28, color: '#059669' }} />
          <div>
            <Heading level={3} size={4} style={{ marginTop: 0 }}>
              Our academic-integrity commitment
            </Heading>
            <Paragraph style={{ marginBottom: 0, color: '#065f46' }}>
              Corestone gives feedback and grading guidance only. It never rewrites your essay or generates content for you, and your work
              stays private: it is never shared or used to train anyone else's model.
            </Paragraph>
          </div>
        </Space>
      </Card>
    </section>
  );
}

export const TESTIMONIALS = [
  {
    name: 'Amelia R.',
    location: 'Toronto, Canada',
    subject: 'History EE',
    rating: 5,
    text: 'The feedback on Criterion C showed me exactly where my argument was thin. I rewrote two sections and my supervisor noticed the difference straight away.',
  },
  {
    name: 'Kenji T.',
    location: 'Osaka, Japan',
    subject: 'TOK Essay',
    rating: 5,
    text: 'I was stuck on my knowledge question. The analysis tab pointed out that my examples only supported one side — exactly what I needed.',
  },
  {
    name: 'Priya S.',
    location: 'Dubai, UAE',
    subject: 'Biology EE',
    rating: 5,
    text: 'Quick, clear and honest. The week-by-week plan helped me organise my final draft around the weakest criteria first.',
  },
  {
    name: 'Lucas M.',
    location: 'São Paulo, Brazil',
    subject: 'Economics EE',
    rating: 4,
    text: 'Really useful for checking my evaluation of sources. I liked that it never tried to write anything for me.',
  },
  {
    name: 'Sofia K.',
    location: 'Vancouver, Canada',
    subject: 'English A EE',
    rating: 5,
    text: 'The writing insights caught repetitive sentence openings I had read past a dozen times. My essay reads much better now.',
  },
  {
    name: 'Daniel O.',
    location: 'Lagos, Nigeria',
    subject: 'TOK Essay',
    rating: 5,
    text: 'Getting criterion-level feedback in about a minute meant I could revise the same evening instead of waiting a week.',
  },
];

export function Testimonials() {
  return (
    <section style={section} data-testid="testimonials">
      <Title level={2} style={{ textAlign: 'center' }}>
        What students say
      </Title>
      <Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 40 }}>
        Rated 4.9/5 by IB students in more than 50 schools.
      </Paragraph>
      <Row gutter={[24, 24]}>
        {TESTIMONIALS.map((t) => (
          <Col xs={24} md={12} lg={8} key={t.name}>
            <Card variant="borderless" style={{ height: '100%' }} className="testimonial">
              <Rate disabled defaultValue={t.rating} style={{ fontSize: 16 }} />
              <Paragraph style={{ marginTop: 12, fontSize: 15 }}>“{t.text}”</Paragraph>
              <Text strong>{t.name}</Text>
              <div style={{ fontSize: 13, color: '#64748b' }}>
                {t.location} · {t.subject}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
