import { Link, useNavigate } from 'react-router-dom';
import { Badge, Button, Card, Col, Progress, Row, Space, Tabs, Tag, Typography } from 'antd';
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  FileSearchOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SolutionOutlined,
  AuditOutlined,
} from '@ant-design/icons';
import { useSession } from '../session';
import { usePublicLinks } from '../links/publicLinks';
import { ExternalAnchor } from '../components/ExternalLinks';
import { IntegrityNotice, SampleReportSection, Testimonials, TutoringHero } from './LandingSections';

const { Title, Paragraph, Text } = Typography;

const section = { maxWidth: 1200, margin: '0 auto', padding: '72px 20px' } as const;

const SAMPLE = [
  {
    code: 'A',
    name: 'Framework for the essay',
    score: 5,
    max: 6,
    band: 'Good',
    feedback: 'Focused research question; method justified, scope could be narrowed further.',
  },
  {
    code: 'B',
    name: 'Knowledge and understanding',
    score: 5,
    max: 6,
    band: 'Good',
    feedback: 'Sound use of subject terminology and sources, with minor gaps in context.',
  },
  {
    code: 'C',
    name: 'Analysis and line of argument',
    score: 4,
    max: 6,
    band: 'Satisfactory',
    feedback: 'Argument is clear but some claims need stronger evidence.',
  },
  {
    code: 'D',
    name: 'Discussion and evaluation',
    score: 4,
    max: 6,
    band: 'Satisfactory',
    feedback: 'Evaluate the limitations of your sources more explicitly.',
  },
  {
    code: 'E',
    name: 'Engagement',
    score: 3,
    max: 4,
    band: 'Good',
    feedback: 'Reflections show personal growth; link them more to decisions you made.',
  },
];

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

export function Landing() {
  const { user, client } = useSession();
  const { sisters } = usePublicLinks(client);
  const tutoring = sisters.find((l) => /tutor/i.test(`${l.title} ${l.url}`));
  const navigate = useNavigate();
  const planLink = (name: string) => (name === 'power_user_monthly' ? '/contact' : user ? '/plans' : '/auth');

  return (
    <div>
      {!user && (
        <div style={{ marginTop: 64, background: '#1e3a8a', color: '#e0e7ff', textAlign: 'center', padding: '10px 16px', fontSize: 14 }}>
          Need TOK or EE support? Book a free IBDP consultation with our coordinator.{' '}
          {tutoring ? (
            <ExternalAnchor client={client} link={tutoring} style={{ color: '#fff', fontWeight: 600, textDecoration: 'underline' }}>
              Contact us Now
            </ExternalAnchor>
          ) : (
            <Link to="/contact" style={{ color: '#fff', fontWeight: 600, textDecoration: 'underline' }}>
              Contact us Now
            </Link>
          )}
        </div>
      )}

      <TutoringHero client={client} sisters={sisters} signedIn={!!user} />

      <section style={{ background: 'linear-gradient(160deg, #eef2ff 0%, #f8fafc 70%)' }}>
        <div style={{ ...section, paddingTop: 80 }}>
          <Row gutter={[{ xs: 16, md: 32, lg: 48 }, 40]} align="middle">
            <Col xs={24} lg={12}>
              <Space size={8} wrap style={{ marginBottom: 16 }}>
                <Tag color="blue">EE 2026 compliant</Tag>
                <Tag color="geekblue">EE 2027 compliant</Tag>
                <Tag color="green">TOK ready</Tag>
              </Space>
              <Title style={{ fontSize: 46, lineHeight: 1.1, marginTop: 0 }}>Rubric-based feedback on your IB essays in minutes</Title>
              <Paragraph style={{ fontSize: 18, color: '#475569' }}>
                Upload your Extended Essay or TOK essay and get criterion scores, bands and concrete improvement tips, aligned with the
                official IB assessment criteria. Feedback only: we never rewrite your work.
              </Paragraph>
              <Space size={12} wrap>
                <Button type="primary" size="large" onClick={() => navigate('/upload/ee')}>
                  Grade Extended Essay
                </Button>
                <Button size="large" onClick={() => navigate('/upload/tok')}>
                  Grade TOK Essay
                </Button>
              </Space>
              <Space size={24} wrap style={{ marginTop: 28, color: '#475569' }}>
                <span>
                  <ClockCircleOutlined /> Feedback in under 90 seconds
                </span>
                <span>
                  <SafetyCertificateOutlined /> Privacy protected
                </span>
              </Space>
            </Col>
            <Col xs={24} lg={12}>
              <Card
                id="sample-preview"
                variant="borderless"
                style={{ boxShadow: '0 20px 50px rgba(30,58,138,0.12)' }}
                title="Sample report · Extended Essay (History)"
                extra={<Tag color="blue">Sample</Tag>}
              >
                <Tabs
                  size="small"
                  items={[
                    {
                      key: 'overview',
                      label: 'Overview',
                      children: (
                        <Row gutter={16} align="middle">
                          <Col span={10} style={{ textAlign: 'center' }}>
                            <Progress type="circle" percent={70} format={() => <span style={{ fontSize: 30, fontWeight: 700 }}>B</span>} />
                            <div style={{ marginTop: 8 }}>
                              <Text strong>21 / 30</Text> <Text type="secondary">points</Text>
                            </div>
                          </Col>
                          <Col span={14}>
                            {SAMPLE.map((c) => (
                              <div key={c.code} style={{ marginBottom: 6 }}>
                                <Text style={{ fontSize: 12 }}>
                                  {c.code}. {c.name}
                                </Text>
                                <Progress percent={Math.round((c.score / c.max) * 100)} size="small" format={() => `${c.score}/${c.max}`} />
                              </div>
                            ))}
                          </Col>
                        </Row>
                      ),
                    },
                    {
                      key: 'detail',
                      label: 'Detailed Report',
                      children: SAMPLE.slice(0, 3).map((c) => (
                        <Paragraph key={c.code} style={{ marginBottom: 8 }}>
                          <Text strong>
                            Criterion {c.code} · {c.band}
                          </Text>
                          <br />
                          <Text type="secondary">{c.feedback}</Text>
                        </Paragraph>
                      )),
                    },
                    {
                      key: 'tips',
                      label: 'Improvement Tips',
                      children: (
                        <Space orientation="vertical">
                          <Text>
                            <Badge status="error" /> Strengthen evidence for claims in section 3 <Tag>+2 pts</Tag>
                          </Text>
                          <Text>
                            <Badge status="warning" /> Evaluate source limitations explicitly <Tag>+1 pt</Tag>
                          </Text>
                          <Text>
                            <Badge status="success" /> Keep your clear, focused research question
                          </Text>
                        </Space>
                      ),
                    },
                    {
                      key: 'rubric',
                      label: 'Rubric Analysis',
                      children: SAMPLE.map((c) => (
                        <div key={c.code}>
                          <Text style={{ fontSize: 12 }}>Criterion {c.code} alignment</Text>
                          <Progress percent={[88, 82, 71, 66, 79][SAMPLE.indexOf(c)]} size="small" />
                        </div>
                      )),
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </div>
      </section>

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
                <Title level={5} style={{ marginTop: 12 }}>
                  {i + 1}. {s.title}
                </Title>
                <Text type="secondary">{s.text}</Text>
              </Card>
            </Col>
          ))}
        </Row>
      </section>

      <SampleReportSection signedIn={!!user} />

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
                  <Title level={4} style={{ marginTop: 0 }}>
                    {p.title}
                  </Title>
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
    </div>
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
