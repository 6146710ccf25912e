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
import { FormattedMessage, useIntl } from 'react-intl';
import { section } from './landingLayout';
import { SAMPLE, SAMPLE_MAX, SAMPLE_POINTS } from './landingSample';

const { Title, Paragraph, Text } = Typography;

export const PRICING = [
  {
    name: 'free',
    title: { id: 'pricing.free.title', defaultMessage: 'Free' },
    price: { id: 'pricing.free.price', defaultMessage: 'Free' },
    credits: 1,
    features: [
      { id: 'pricing.free.f1', defaultMessage: '1 full evaluation' },
      { id: 'pricing.free.f2', defaultMessage: 'Criterion scores and bands' },
      { id: 'pricing.free.f3', defaultMessage: 'Improvement tips' },
    ],
  },
  {
    name: 'core_pack',
    title: { id: 'pricing.core.title', defaultMessage: 'Core Pack' },
    price: 19.99,
    credits: 5,
    features: [
      { id: 'pricing.core.f1', defaultMessage: '5 full evaluations' },
      { id: 'pricing.core.f2', defaultMessage: 'Detailed criterion feedback' },
      { id: 'pricing.neverExpire', defaultMessage: 'Credits never expire' },
    ],
  },
  {
    name: 'super_core_pack',
    title: { id: 'pricing.superCore.title', defaultMessage: 'Super Core Pack' },
    price: 35.99,
    credits: 10,
    popular: true,
    features: [
      { id: 'pricing.superCore.f1', defaultMessage: '10 full evaluations' },
      { id: 'pricing.superCore.f2', defaultMessage: 'Best for regular drafting' },
      { id: 'pricing.neverExpire', defaultMessage: 'Credits never expire' },
    ],
  },
  {
    name: 'power_user_monthly',
    title: { id: 'pricing.power.title', defaultMessage: 'Power User' },
    price: { id: 'pricing.power.price', defaultMessage: 'Contact' },
    credits: null,
    features: [
      { id: 'pricing.power.f1', defaultMessage: 'Unlimited evaluations' },
      { id: 'pricing.power.f2', defaultMessage: 'For schools and institutions' },
      { id: 'pricing.power.f3', defaultMessage: 'Priority support' },
    ],
  },
];

/** Everything below the first screen, in the order of the spec; the default export is loaded lazily by Landing. */
export default function LandingBelowFold({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const planLink = (name: string) => (name === 'power_user_monthly' ? '/contact' : signedIn ? '/plans' : '/auth');
  return (
    <>
      <section style={section}>
        <Title level={2} style={{ textAlign: 'center' }}>
          <FormattedMessage id="landing.how.title" defaultMessage="How the AI grading works" />
        </Title>
        <Paragraph type="secondary" style={{ textAlign: 'center', maxWidth: 640, margin: '0 auto 40px' }}>
          <FormattedMessage
            id="landing.how.text"
            defaultMessage="Every essay is assessed against the active rubric for its type, criterion by criterion."
          />
        </Paragraph>
        <Row gutter={[24, 24]}>
          {[
            {
              icon: <FileSearchOutlined />,
              title: { id: 'landing.how.step1', defaultMessage: 'Document Analysis' },
              text: {
                id: 'landing.how.step1Text',
                defaultMessage: 'Your .pdf, .docx or .txt file is read and its structure, length and sources analysed.',
              },
            },
            {
              icon: <SolutionOutlined />,
              title: { id: 'landing.how.step2', defaultMessage: 'Rubric Application' },
              text: {
                id: 'landing.how.step2Text',
                defaultMessage: 'Each IB criterion is applied with its own descriptors and mark bands.',
              },
            },
            {
              icon: <AuditOutlined />,
              title: { id: 'landing.how.step3', defaultMessage: 'Detailed Scoring' },
              text: { id: 'landing.how.step3Text', defaultMessage: 'Scores, bands and feedback per criterion, with an overall grade.' },
            },
            {
              icon: <ScheduleOutlined />,
              title: { id: 'landing.how.step4', defaultMessage: 'Quality Verification' },
              text: {
                id: 'landing.how.step4Text',
                defaultMessage: 'Results are checked for consistency before they reach your dashboard.',
              },
            },
          ].map((s, i) => (
            <Col xs={24} sm={12} lg={6} key={s.title.id}>
              <Card variant="borderless" style={{ height: '100%' }}>
                <div style={{ fontSize: 28, color: '#1d4ed8' }}>{s.icon}</div>
                <Heading level={3} size={5} style={{ marginTop: 12 }}>
                  {i + 1}. {intl.formatMessage(s.title)}
                </Heading>
                <Text type="secondary">{intl.formatMessage(s.text)}</Text>
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
              {
                v: intl.formatMessage({ id: 'landing.stats.essays', defaultMessage: '{count, number}+' }, { count: 5000 }),
                l: { id: 'landing.stats.essaysLabel', defaultMessage: 'essays graded' },
              },
              {
                v: intl.formatMessage({ id: 'landing.stats.seconds', defaultMessage: '{count} s' }, { count: 67 }),
                l: { id: 'landing.stats.secondsLabel', defaultMessage: 'average processing' },
              },
              {
                v: intl.formatNumber(0.992, { style: 'percent', maximumFractionDigits: 1 }),
                l: { id: 'landing.stats.accuracyLabel', defaultMessage: 'accuracy' },
              },
              {
                v: intl.formatMessage({ id: 'landing.stats.rating', defaultMessage: '{rating}/5' }, { rating: intl.formatNumber(4.9) }),
                l: { id: 'landing.stats.ratingLabel', defaultMessage: 'user rating' },
              },
              { v: '50+', l: { id: 'landing.stats.schoolsLabel', defaultMessage: 'schools' } },
              { v: '24/7', l: { id: 'landing.stats.availabilityLabel', defaultMessage: 'availability' } },
            ].map(({ v, l }) => (
              <Col xs={12} md={4} key={l.id}>
                <div style={{ fontSize: 30, fontWeight: 700, color: '#1e3a8a' }}>{v}</div>
                <Text type="secondary">{intl.formatMessage(l)}</Text>
              </Col>
            ))}
          </Row>
        </div>
      </section>

      <IntegrityNotice />
      <Testimonials />

      <section style={section} id="pricing">
        <Title level={2} style={{ textAlign: 'center' }}>
          <FormattedMessage id="pricing.title" defaultMessage="Simple, credit-based pricing" />
        </Title>
        <Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 40 }}>
          <FormattedMessage id="pricing.text" defaultMessage="Each evaluation uses 1 credit. Credits never expire." />
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
                    {intl.formatMessage(p.title)}
                  </Heading>
                  <div style={{ fontSize: 32, fontWeight: 700, color: '#0f172a' }}>
                    {typeof p.price === 'number'
                      ? intl.formatNumber(p.price, { style: 'currency', currency: 'USD' })
                      : intl.formatMessage(p.price)}
                  </div>
                  <Text strong style={{ color: '#1d4ed8' }}>
                    {p.credits === null ? (
                      <FormattedMessage id="pricing.unlimitedCredits" defaultMessage="Unlimited essay credits" />
                    ) : (
                      <FormattedMessage
                        id="pricing.credits"
                        defaultMessage="{count, plural, one {# essay credit} other {# essay credits}}"
                        values={{ count: p.credits }}
                      />
                    )}
                  </Text>
                  <ul style={{ listStyle: 'none', padding: 0, margin: '16px 0 24px', flex: 1 }}>
                    {p.features.map((f) => (
                      <li key={f.id} style={{ marginBottom: 8 }}>
                        <CheckCircleFilled style={{ color: '#16a34a', marginRight: 8 }} />
                        {intl.formatMessage(f)}
                      </li>
                    ))}
                  </ul>
                  <Button type={p.popular ? 'primary' : 'default'} block onClick={() => navigate(planLink(p.name))}>
                    {p.name === 'power_user_monthly' ? (
                      <FormattedMessage id="pricing.contactUs" defaultMessage="Contact Us" />
                    ) : p.name === 'free' ? (
                      <FormattedMessage id="pricing.getStarted" defaultMessage="Get Started" />
                    ) : (
                      <FormattedMessage id="pricing.choosePlan" defaultMessage="Choose Plan" />
                    )}
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
            <FormattedMessage id="landing.cta" defaultMessage="Ready for feedback on your essay?" />
          </Title>
          <Space size={12} wrap>
            <Button size="large" onClick={() => navigate('/upload/ee')}>
              <FormattedMessage id="landing.gradeEe" defaultMessage="Grade Extended Essay" />
            </Button>
            <Button size="large" ghost onClick={() => navigate('/upload/tok')}>
              <FormattedMessage id="landing.gradeTok" defaultMessage="Grade TOK Essay" />
            </Button>
          </Space>
        </div>
      </section>
    </>
  );
}

function MaybeRibbon({ show, children }: { show: boolean; children: React.ReactNode }) {
  return show ? (
    <Badge.Ribbon text={<FormattedMessage id="pricing.popular" defaultMessage="Most Popular" />} color="#1d4ed8">
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
  const intl = useIntl();
  return (
    <section style={{ background: '#fff' }} data-testid="sample-report">
      <div style={section}>
        <Row gutter={[{ xs: 16, md: 32, lg: 48 }, 32]} align="middle">
          <Col xs={24} md={11}>
            <Title level={2} style={{ marginTop: 0 }}>
              <FormattedMessage id="landing.sample.title" defaultMessage="See what a report looks like" />
            </Title>
            <Paragraph style={{ fontSize: 16, color: '#475569' }}>
              <FormattedMessage
                id="landing.sample.text"
                defaultMessage="Every evaluation comes with an overall grade, a score and band for each criterion, what you did well, what to improve first and a week-by-week plan — and a PDF you can share with your supervisor."
              />
            </Paragraph>
            <Space size={12} wrap>
              <Button
                type="primary"
                size="large"
                icon={<EyeOutlined />}
                onClick={() => document.getElementById('sample-preview')?.scrollIntoView({ behavior: 'smooth' })}
              >
                <FormattedMessage id="landing.sample.view" defaultMessage="View Full Report" />
              </Button>
              <Button size="large" icon={<DownloadOutlined />} onClick={() => navigate(own)}>
                <FormattedMessage id="landing.sample.download" defaultMessage="Download PDF" />
              </Button>
            </Space>
          </Col>
          <Col xs={24} md={13}>
            <Card variant="outlined" style={{ borderRadius: 14 }} styles={{ body: { padding: 24 } }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 12 }}>
                <div>
                  <Text type="secondary" style={{ fontSize: 12, letterSpacing: 1 }}>
                    <FormattedMessage id="landing.sample.kind" defaultMessage="EXTENDED ESSAY · ECONOMICS" />
                  </Text>
                  <Heading level={3} size={4} style={{ margin: '4px 0 0' }}>
                    <FormattedMessage
                      id="landing.sample.question"
                      defaultMessage="To what extent did minimum-wage rises affect youth employment in Ontario?"
                    />
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
                    <Text style={{ flex: '0 1 210px', minWidth: 0, fontSize: 13 }}>
                      {code}. {intl.formatMessage(name)}
                    </Text>
                    <Progress
                      aria-label={`${code}. ${intl.formatMessage(name)}`}
                      percent={Math.round((score / max) * 100)}
                      size="small"
                      format={() => `${score}/${max}`}
                      style={{ flex: 1, minWidth: 96, margin: 0 }}
                    />
                  </div>
                ))}
              </div>
              <Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 13 }}>
                <FormattedMessage
                  id="landing.sample.quote"
                  defaultMessage="“Your research question is focused and the data well chosen. Evaluate the reliability of the 2018 survey before drawing your conclusion.”"
                />
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
              <FormattedMessage id="landing.integrity.title" defaultMessage="Our academic-integrity commitment" />
            </Heading>
            <Paragraph style={{ marginBottom: 0, color: '#065f46' }}>
              <FormattedMessage
                id="landing.integrity.text"
                defaultMessage="Corestone gives feedback and grading guidance only. It never rewrites your essay or generates content for you, and your work stays private: it is never shared or used to train anyone else's model."
              />
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
    location: { id: 'testimonial.amelia.location', defaultMessage: 'Toronto, Canada' },
    subject: { id: 'testimonial.amelia.subject', defaultMessage: 'History EE' },
    rating: 5,
    text: {
      id: 'testimonial.amelia.text',
      defaultMessage:
        'The feedback on Criterion C showed me exactly where my argument was thin. I rewrote two sections and my supervisor noticed the difference straight away.',
    },
  },
  {
    name: 'Kenji T.',
    location: { id: 'testimonial.kenji.location', defaultMessage: 'Osaka, Japan' },
    subject: { id: 'testimonial.kenji.subject', defaultMessage: 'TOK Essay' },
    rating: 5,
    text: {
      id: 'testimonial.kenji.text',
      defaultMessage:
        'I was stuck on my knowledge question. The analysis tab pointed out that my examples only supported one side — exactly what I needed.',
    },
  },
  {
    name: 'Priya S.',
    location: { id: 'testimonial.priya.location', defaultMessage: 'Dubai, UAE' },
    subject: { id: 'testimonial.priya.subject', defaultMessage: 'Biology EE' },
    rating: 5,
    text: {
      id: 'testimonial.priya.text',
      defaultMessage: 'Quick, clear and honest. The week-by-week plan helped me organise my final draft around the weakest criteria first.',
    },
  },
  {
    name: 'Lucas M.',
    location: { id: 'testimonial.lucas.location', defaultMessage: 'São Paulo, Brazil' },
    subject: { id: 'testimonial.lucas.subject', defaultMessage: 'Economics EE' },
    rating: 4,
    text: {
      id: 'testimonial.lucas.text',
      defaultMessage: 'Really useful for checking my evaluation of sources. I liked that it never tried to write anything for me.',
    },
  },
  {
    name: 'Sofia K.',
    location: { id: 'testimonial.sofia.location', defaultMessage: 'Vancouver, Canada' },
    subject: { id: 'testimonial.sofia.subject', defaultMessage: 'English A EE' },
    rating: 5,
    text: {
      id: 'testimonial.sofia.text',
      defaultMessage:
        'The writing insights caught repetitive sentence openings I had read past a dozen times. My essay reads much better now.',
    },
  },
  {
    name: 'Daniel O.',
    location: { id: 'testimonial.daniel.location', defaultMessage: 'Lagos, Nigeria' },
    subject: { id: 'testimonial.daniel.subject', defaultMessage: 'TOK Essay' },
    rating: 5,
    text: {
      id: 'testimonial.daniel.text',
      defaultMessage: 'Getting criterion-level feedback in about a minute meant I could revise the same evening instead of waiting a week.',
    },
  },
];

export function Testimonials() {
  const intl = useIntl();
  return (
    <section style={section} data-testid="testimonials">
      <Title level={2} style={{ textAlign: 'center' }}>
        <FormattedMessage id="landing.testimonials.title" defaultMessage="What students say" />
      </Title>
      <Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 40 }}>
        <FormattedMessage id="landing.testimonials.text" defaultMessage="Rated 4.9/5 by IB students in more than 50 schools." />
      </Paragraph>
      <Row gutter={[24, 24]}>
        {TESTIMONIALS.map((t) => (
          <Col xs={24} md={12} lg={8} key={t.name}>
            <Card variant="borderless" style={{ height: '100%' }} className="testimonial">
              <Rate disabled defaultValue={t.rating} style={{ fontSize: 16 }} />
              <Paragraph style={{ marginTop: 12, fontSize: 15 }}>“{intl.formatMessage(t.text)}”</Paragraph>
              <Text strong>{t.name}</Text>
              <div style={{ fontSize: 13, color: '#64748b' }}>
                {intl.formatMessage(t.location)} · {intl.formatMessage(t.subject)}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
