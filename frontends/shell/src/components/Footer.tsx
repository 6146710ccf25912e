import { Link } from 'react-router-dom';
import { Col, Row, Space, Typography } from 'antd';
import { Heading } from '@corestone/ui/heading';
import { Logo } from '@corestone/ui/brand';
import { ExternalAnchor, SocialIcons } from './ExternalLinks';
import { useSession } from '../session';
import { usePublicLinks } from '../links/publicLinks';
import { FormattedMessage, useIntl } from 'react-intl';

const linkStyle = { color: '#cbd5e1' };
const heading = { color: '#fff', marginTop: 0 };

/**
 * Each label opens the page it names. (The spec observed the last two labels swapped relative to
 * their paths, user-app §2 route table; we do not ship that defect — issue 28.)
 */
export const POLICY_LINKS = [
  { label: 'Privacy Policy', to: '/privacy-policy', message: { id: 'footer.privacy', defaultMessage: 'Privacy Policy' } },
  {
    label: 'Safeguarding Policy',
    to: '/safeguarding-policy',
    message: { id: 'footer.safeguarding', defaultMessage: 'Safeguarding Policy' },
  },
  {
    label: 'Academic Integrity',
    to: '/academic-integrity-policy',
    message: { id: 'footer.academicIntegrity', defaultMessage: 'Academic Integrity' },
  },
  { label: 'Client Terms', to: '/client-terms', message: { id: 'footer.clientTerms', defaultMessage: 'Client Terms' } },
] as const;

export function Footer() {
  const { client } = useSession();
  const { sisters, social } = usePublicLinks(client);
  const intl = useIntl();
  return (
    <footer style={{ background: '#0f172a', color: '#cbd5e1', padding: '48px 20px 24px' }}>
      <div style={{ maxWidth: 1200, margin: '0 auto' }}>
        <Row gutter={[32, 32]}>
          <Col xs={24} md={9}>
            <Logo light />
            <Typography.Paragraph style={{ color: '#94a3b8', marginTop: 16 }}>
              <FormattedMessage
                id="footer.about"
                defaultMessage="Corestone is run by a registered Canadian business offering online tutoring for IBDP students. We give rubric-based feedback and grading guidance on Extended Essays and TOK essays."
              />
            </Typography.Paragraph>
            <SocialIcons client={client} links={social} />
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Heading level={2} size={5} style={heading}>
              <FormattedMessage id="footer.integrityTitle" defaultMessage="Academic integrity" />
            </Heading>
            <Typography.Paragraph style={{ color: '#94a3b8' }}>
              <FormattedMessage
                id="footer.integrity"
                defaultMessage="We give feedback only. Corestone never rewrites or generates essay content, and your work stays private."
              />
            </Typography.Paragraph>
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Heading level={2} size={5} style={heading}>
              <FormattedMessage id="footer.policies" defaultMessage="Policies" />
            </Heading>
            <Space orientation="vertical" size={6}>
              {POLICY_LINKS.map((l) => (
                <Link key={l.to} style={linkStyle} to={l.to}>
                  {intl.formatMessage(l.message)}
                </Link>
              ))}
              <Link style={linkStyle} to="/contact">
                <FormattedMessage id="footer.contact" defaultMessage="Contact Us" />
              </Link>
            </Space>
          </Col>
          <Col xs={12} sm={6} md={5}>
            <Heading level={2} size={5} style={heading}>
              <FormattedMessage id="footer.family" defaultMessage="Our family" />
            </Heading>
            <Space orientation="vertical" size={6} data-testid="sister-sites">
              {sisters.map((l) => (
                <ExternalAnchor key={l.id} client={client} link={l} style={linkStyle}>
                  {l.title}
                </ExternalAnchor>
              ))}
              {sisters.length === 0 && <span style={{ color: '#94a3b8' }}>Corestone Essay Feedback</span>}
            </Space>
          </Col>
        </Row>
        <div style={{ borderTop: '1px solid #1e293b', marginTop: 32, paddingTop: 20, fontSize: 13, color: '#94a3b8' }}>
          <FormattedMessage id="footer.copyright" defaultMessage="© 2025 Corestone. All rights reserved." />
        </div>
      </div>
    </footer>
  );
}
