import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Badge, Button, Card, Col, Progress, Row, Space, Tabs, Tag, Typography } from 'antd';
import { ClockCircleOutlined, LineChartOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import type { CorestoneClient, ExternalLink } from '@corestone/sdk';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '../session';
import { usePublicLinks } from '../links/publicLinks';
import { ExternalAnchor } from '../components/ExternalLinks';
import { section } from './landingLayout';
import { SAMPLE, SAMPLE_MAX, SAMPLE_POINTS } from './landingSample';

/*
 * The landing page (spec user-app §2). This module is the first screen — the promotional banner, the
 * tutoring hero and the grading hero with its sample preview — and is in the shell's first chunk.
 * Everything below the fold (LandingSections.tsx) is a chunk of its own, fetched while the first
 * screen renders and rendered right after it, so the first render does not wait for sections (and
 * their antd components and styles) that nobody sees yet.
 */
const LandingBelowFold = lazy(() => import('./LandingSections'));

const noSubscription = () => () => {};
/**
 * False in the build's prerender and while React takes over the prerendered markup (hydration),
 * true otherwise. The prerender leaves the sections below the fold out, so hydration covers the
 * first screen only and they render right after it, as when React renders the page itself.
 */
const useBrowserRender = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const { Title, Paragraph, Text } = Typography;

const belowFoldPlaceholder = <div style={{ minHeight: '100vh' }} />;

const isTutoring = (l: ExternalLink) => /tutor/i.test(`${l.title} ${l.url}`);
const isPrediction = (l: ExternalLink) => /predict/i.test(`${l.title} ${l.url}`);

export function Landing() {
  const { user, client } = useSession();
  const { sisters } = usePublicLinks(client);
  const tutoring = sisters.find(isTutoring);
  const navigate = useNavigate();
  const browserRender = useBrowserRender();
  const intl = useIntl();

  return (
    <div>
      {!user && (
        <div style={{ marginTop: 64, background: '#1e3a8a', color: '#e0e7ff', textAlign: 'center', padding: '10px 16px', fontSize: 14 }}>
          <FormattedMessage
            id="landing.banner"
            defaultMessage="Need TOK or EE support? Book a free IBDP consultation with our coordinator."
          />{' '}
          {tutoring ? (
            <ExternalAnchor client={client} link={tutoring} style={{ color: '#fff', fontWeight: 600, textDecoration: 'underline' }}>
              <FormattedMessage id="landing.bannerLink" defaultMessage="Contact us Now" />
            </ExternalAnchor>
          ) : (
            <Link to="/contact" style={{ color: '#fff', fontWeight: 600, textDecoration: 'underline' }}>
              <FormattedMessage id="landing.bannerLink" defaultMessage="Contact us Now" />
            </Link>
          )}
        </div>
      )}

      <TutoringHero client={client} sisters={sisters} signedIn={!!user} />

      <section style={{ background: 'linear-gradient(160deg, #eef2ff 0%, #f8fafc 70%)' }}>
        <div style={{ ...section, paddingTop: 80 }}>
          {/* the prerendered page has the widest gutter until the width is read: at most 40, the section's padding, so a phone never scrolls sideways */}
          <Row gutter={[{ xs: 16, md: 32, lg: 40 }, 40]} align="middle">
            <Col xs={24} lg={12}>
              <Space size={8} wrap style={{ marginBottom: 16 }}>
                <Tag color="blue">
                  <FormattedMessage id="landing.ee2026" defaultMessage="EE 2026 compliant" />
                </Tag>
                <Tag color="geekblue">
                  <FormattedMessage id="landing.ee2027" defaultMessage="EE 2027 compliant" />
                </Tag>
                <Tag color="green">
                  <FormattedMessage id="landing.tokReady" defaultMessage="TOK ready" />
                </Tag>
              </Space>
              <Title className="cs-hero-title" style={{ fontSize: 46, lineHeight: 1.1, marginTop: 0 }}>
                <FormattedMessage id="landing.heroTitle" defaultMessage="Rubric-based feedback on your IB essays in minutes" />
              </Title>
              <Paragraph style={{ fontSize: 18, color: '#475569' }}>
                <FormattedMessage
                  id="landing.heroText"
                  defaultMessage="Upload your Extended Essay or TOK essay and get criterion scores, bands and concrete improvement tips, aligned with the official IB assessment criteria. Feedback only: we never rewrite your work."
                />
              </Paragraph>
              <Space size={12} wrap>
                <Button type="primary" size="large" onClick={() => navigate('/upload/ee')}>
                  <FormattedMessage id="landing.gradeEe" defaultMessage="Grade Extended Essay" />
                </Button>
                <Button size="large" onClick={() => navigate('/upload/tok')}>
                  <FormattedMessage id="landing.gradeTok" defaultMessage="Grade TOK Essay" />
                </Button>
              </Space>
              <Space size={24} wrap style={{ marginTop: 28, color: '#475569' }}>
                <span>
                  <ClockCircleOutlined /> <FormattedMessage id="landing.fast" defaultMessage="Feedback in under 90 seconds" />
                </span>
                <span>
                  <SafetyCertificateOutlined /> <FormattedMessage id="landing.private" defaultMessage="Privacy protected" />
                </span>
              </Space>
            </Col>
            <Col xs={24} lg={12}>
              <Card
                id="sample-preview"
                variant="borderless"
                style={{ boxShadow: '0 20px 50px rgba(30,58,138,0.12)' }}
                title={intl.formatMessage({ id: 'landing.sampleTitle', defaultMessage: 'Sample report · Extended Essay (History)' })}
                extra={
                  <Tag color="blue">
                    <FormattedMessage id="landing.sampleTag" defaultMessage="Sample" />
                  </Tag>
                }
              >
                <Tabs
                  size="small"
                  items={[
                    {
                      key: 'overview',
                      label: intl.formatMessage({ id: 'landing.tab.overview', defaultMessage: 'Overview' }),
                      children: (
                        <Row gutter={16} align="middle">
                          <Col span={10} style={{ textAlign: 'center' }}>
                            <Progress
                              type="circle"
                              aria-label={`${SAMPLE_POINTS} / ${SAMPLE_MAX}`}
                              percent={Math.round((SAMPLE_POINTS / SAMPLE_MAX) * 100)}
                              format={() => <span style={{ fontSize: 30, fontWeight: 700 }}>B</span>}
                            />
                            <div style={{ marginTop: 8 }}>
                              <Text strong>
                                {SAMPLE_POINTS} / {SAMPLE_MAX}
                              </Text>{' '}
                              <Text type="secondary">
                                <FormattedMessage id="landing.points" defaultMessage="points" />
                              </Text>
                            </div>
                          </Col>
                          <Col span={14}>
                            {SAMPLE.map((c) => (
                              <div key={c.code} style={{ marginBottom: 6 }}>
                                <Text style={{ fontSize: 12 }}>
                                  {c.code}. {intl.formatMessage(c.name)}
                                </Text>
                                <Progress
                                  aria-label={`${c.code}. ${intl.formatMessage(c.name)}`}
                                  percent={Math.round((c.score / c.max) * 100)}
                                  size="small"
                                  format={() => `${c.score}/${c.max}`}
                                />
                              </div>
                            ))}
                          </Col>
                        </Row>
                      ),
                    },
                    {
                      key: 'detail',
                      label: intl.formatMessage({ id: 'landing.tab.detail', defaultMessage: 'Detailed Report' }),
                      children: SAMPLE.slice(0, 3).map((c) => (
                        <Paragraph key={c.code} style={{ marginBottom: 8 }}>
                          <Text strong>
                            <FormattedMessage
                              id="landing.criterionBand"
                              defaultMessage="Criterion {code} · {band}"
                              values={{ code: c.code, band: intl.formatMessage(c.band) }}
                            />
                          </Text>
                          <br />
                          <Text type="secondary">{intl.formatMessage(c.feedback)}</Text>
                        </Paragraph>
                      )),
                    },
                    {
                      key: 'tips',
                      label: intl.formatMessage({ id: 'landing.tab.tips', defaultMessage: 'Improvement Tips' }),
                      children: (
                        <Space orientation="vertical">
                          <Text>
                            <Badge status="error" />{' '}
                            <FormattedMessage id="landing.tip1" defaultMessage="Strengthen evidence for claims in section 3" />{' '}
                            <Tag>
                              <FormattedMessage
                                id="landing.tipPoints"
                                defaultMessage="+{count, plural, one {# pt} other {# pts}}"
                                values={{ count: 2 }}
                              />
                            </Tag>
                          </Text>
                          <Text>
                            <Badge status="warning" />{' '}
                            <FormattedMessage id="landing.tip2" defaultMessage="Evaluate source limitations explicitly" />{' '}
                            <Tag>
                              <FormattedMessage
                                id="landing.tipPoints"
                                defaultMessage="+{count, plural, one {# pt} other {# pts}}"
                                values={{ count: 1 }}
                              />
                            </Tag>
                          </Text>
                          <Text>
                            <Badge status="success" />{' '}
                            <FormattedMessage id="landing.tip3" defaultMessage="Keep your clear, focused research question" />
                          </Text>
                        </Space>
                      ),
                    },
                    {
                      key: 'rubric',
                      label: intl.formatMessage({ id: 'landing.tab.rubric', defaultMessage: 'Rubric Analysis' }),
                      children: SAMPLE.map((c) => (
                        <div key={c.code}>
                          <Text style={{ fontSize: 12 }}>
                            <FormattedMessage
                              id="landing.alignment"
                              defaultMessage="Criterion {code} alignment"
                              values={{ code: c.code }}
                            />
                          </Text>
                          <Progress
                            aria-label={intl.formatMessage(
                              { id: 'landing.alignment', defaultMessage: 'Criterion {code} alignment' },
                              { code: c.code },
                            )}
                            percent={[88, 82, 71, 66, 79][SAMPLE.indexOf(c)]}
                            size="small"
                          />
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

      {/* below the fold: its own chunk, rendered after the first screen (the placeholder keeps the footer out of view meanwhile) */}
      {browserRender ? (
        <Suspense fallback={belowFoldPlaceholder}>
          <LandingBelowFold signedIn={!!user} />
        </Suspense>
      ) : (
        belowFoldPlaceholder
      )}
    </div>
  );
}

const TUTORING_FIGURES = [
  {
    value: { id: 'landing.figure.free', defaultMessage: 'Free' },
    label: { id: 'landing.figure.freeLabel', defaultMessage: 'first consultation' },
  },
  {
    value: { id: 'landing.figure.oneToOne', defaultMessage: '1:1' },
    label: { id: 'landing.figure.oneToOneLabel', defaultMessage: 'online tutoring' },
  },
  {
    value: { id: 'landing.figure.ibdp', defaultMessage: 'IBDP' },
    label: { id: 'landing.figure.ibdpLabel', defaultMessage: 'academic counselling' },
  },
  {
    value: { id: 'landing.figure.points', defaultMessage: '45' },
    label: { id: 'landing.figure.pointsLabel', defaultMessage: 'point prediction' },
  },
];

/** The first hero: the tutoring service and the free grade-prediction tool (sister sites from the links service). */
export function TutoringHero({ client, sisters, signedIn }: { client: CorestoneClient; sisters: ExternalLink[]; signedIn: boolean }) {
  const tutoring = sisters.find(isTutoring);
  const prediction = sisters.find(isPrediction);
  const intl = useIntl();
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
              <FormattedMessage id="landing.family" defaultMessage="From the Corestone family" />
            </Tag>
            <Title level={2} style={{ color: '#fff', marginTop: 0 }}>
              <FormattedMessage id="landing.tutoringTitle" defaultMessage="Expert IBDP tutoring and a free grade prediction" />
            </Title>
            <Paragraph style={{ color: '#cbd5e1', fontSize: 16, maxWidth: 620 }}>
              <FormattedMessage
                id="landing.tutoringText"
                defaultMessage="One-to-one online tutoring with experienced IB teachers, academic counselling and free consultations for TOK and the Extended Essay — plus a free tool that predicts your IB Diploma score from your subject grades."
              />
            </Paragraph>
            <Space size={12} wrap>
              {tutoring ? (
                <ExternalAnchor client={client} link={tutoring} style={{ ...buttonStyle, background: '#facc15', color: '#1e293b' }}>
                  <TeamOutlined /> <FormattedMessage id="landing.bookConsultation" defaultMessage="Book a Free Consultation" />
                </ExternalAnchor>
              ) : (
                <Link to="/contact" style={{ ...buttonStyle, background: '#facc15', color: '#1e293b' }}>
                  <TeamOutlined /> <FormattedMessage id="landing.bookConsultation" defaultMessage="Book a Free Consultation" />
                </Link>
              )}
              {prediction && (
                <ExternalAnchor client={client} link={prediction} style={{ ...buttonStyle, border: '1px solid #94a3b8', color: '#fff' }}>
                  <LineChartOutlined /> <FormattedMessage id="landing.predict" defaultMessage="Predict My IB Grade" />
                </ExternalAnchor>
              )}
            </Space>
          </Col>
          <Col xs={24} md={10}>
            <Row gutter={[12, 12]}>
              {TUTORING_FIGURES.map(({ value, label }) => (
                <Col span={12} key={label.id}>
                  <div style={{ background: 'rgba(255,255,255,0.08)', borderRadius: 12, padding: '18px 16px', textAlign: 'center' }}>
                    <div style={{ fontSize: 26, fontWeight: 700, color: '#fff' }}>{intl.formatMessage(value)}</div>
                    <div style={{ color: '#cbd5e1', fontSize: 13 }}>{intl.formatMessage(label)}</div>
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
