/** Landing sections (spec user-app §2): tutoring/prediction hero, sample report, integrity notice, testimonials. */
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Col, Progress, Rate, Row, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, LineChartOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import type { CorestoneClient, ExternalLink } from '@corestone/sdk';
import { ExternalAnchor } from '../components/ExternalLinks';

const { Title, Paragraph, Text } = Typography;
const section = { maxWidth: 1200, margin: '0 auto', padding: '72px 20px' } as const;

const isTutoring = (l: ExternalLink) => /tutor/i.test(`${l.title} ${l.url}`);
const isPrediction = (l: ExternalLink) => /predict/i.test(`${l.title} ${l.url}`);

/** The first hero: the tutoring service and the free grade-prediction tool (sister sites from the links service). */
export function TutoringHero({ client, sisters, signedIn }: { client: CorestoneClient; sisters: ExternalLink[]; signedIn: boolean }) {
  const tutoring = sisters.find(isTutoring);
  const prediction = sisters.find(isPrediction);
  const buttonStyle = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 8,
    height: 44,
    padding: '0 20px',
    borderRadius: 8,
    fontWeight: 600,
    fontSize: 15,
  } as const;
  return (
    <section
      style={{ background: 'linear-gradient(120deg, #0f172a 0%, #1e3a8a 100%)', color: '#e2e8f0', paddingTop: signedIn ? 64 : 0 }}
      data-testid="tutoring-hero"
    >
      <div style={{ ...section, paddingTop: 56, paddingBottom: 56 }}>
        <Row gutter={[{ xs: 16, md: 40 }, 32]} align="middle">
          <Col xs={24} md={14}>
            <Tag color="gold" style={{ marginBottom: 12 }}>
              From the Corestone family
            </Tag>
            <Title level={2} style={{ color: '#fff', marginTop: 0 }}>
              Expert IBDP tutoring and a free grade prediction
            </Title>
            <Paragraph style={{ color: '#cbd5e1', fontSize: 16, maxWidth: 620 }}>
              One-to-one online tutoring with experienced IB teachers, academic counselling and free consultations for TOK and the Extended
              Essay — plus a free tool that predicts your IB Diploma score from your subject grades.
            </Paragraph>
            <Space size={12} wrap>
              {tutoring ? (
                <ExternalAnchor client={client} link={tutoring} style={{ ...buttonStyle, background: '#facc15', color: '#1e293b' }}>
                  <TeamOutlined /> Book a Free Consultation
                </ExternalAnchor>
              ) : (
                <Link to="/contact" style={{ ...buttonStyle, background: '#facc15', color: '#1e293b' }}>
                  <TeamOutlined /> Book a Free Consultation
                </Link>
              )}
              {prediction && (
                <ExternalAnchor client={client} link={prediction} style={{ ...buttonStyle, border: '1px solid #94a3b8', color: '#fff' }}>
                  <LineChartOutlined /> Predict My IB Grade
                </ExternalAnchor>
              )}
            </Space>
          </Col>
          <Col xs={24} md={10}>
            <Row gutter={[12, 12]}>
              {[
                ['Free', 'first consultation'],
                ['1:1', 'online tutoring'],
                ['IBDP', 'academic counselling'],
                ['45', 'point prediction'],
              ].map(([v, l]) => (
                <Col span={12} key={l}>
                  <div style={{ background: 'rgba(255,255,255,0.08)', borderRadius: 12, padding: '18px 16px', textAlign: 'center' }}>
                    <div style={{ fontSize: 26, fontWeight: 700, color: '#fff' }}>{v}</div>
                    <div style={{ color: '#cbd5e1', fontSize: 13 }}>{l}</div>
                  </div>
                </Col>
              ))}
            </Row>
          </Col>
        </Row>
      </div>
    </section>
  );
}

const SAMPLE_CRITERIA = [
  ['A', 'Framework for the essay', 5, 6],
  ['B', 'Knowledge and understanding', 5, 6],
  ['C', 'Analysis and line of argument', 4, 6],
  ['D', 'Discussion and evaluation', 4, 6],
  ['E', 'Engagement', 3, 4],
] as const;

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
                  <Title level={4} style={{ margin: '4px 0 0' }}>
                    To what extent did minimum-wage rises affect youth employment in Ontario?
                  </Title>
                </div>
                <div style={{ textAlign: 'center', minWidth: 72 }}>
                  <div style={{ fontSize: 40, fontWeight: 800, color: '#2563eb', lineHeight: 1 }}>B</div>
                  <Text type="secondary" style={{ fontSize: 12 }}>
                    21 / 28
                  </Text>
                </div>
              </div>
              <div style={{ marginTop: 16 }}>
                {SAMPLE_CRITERIA.map(([code, name, score, max]) => (
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
            <Title level={4} style={{ marginTop: 0 }}>
              Our academic-integrity commitment
            </Title>
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
