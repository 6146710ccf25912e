import { Link } from 'react-router-dom';
import { Col, Row, Space, Typography } from 'antd';
import { Logo } from './Logo';

const linkStyle = { color: '#cbd5e1' };

export function Footer() {
  return (
    <footer style={{ background: '#0f172a', color: '#cbd5e1', padding: '48px 20px 24px' }}>
      <div style={{ maxWidth: 1200, margin: '0 auto' }}>
        <Row gutter={[32, 32]}>
          <Col xs={24} md={10}>
            <Logo light />
            <Typography.Paragraph style={{ color: '#94a3b8', marginTop: 16 }}>
              Corestone is run by a registered Canadian business offering online tutoring for IBDP students. We give rubric-based
              feedback and grading guidance on Extended Essays and TOK essays.
            </Typography.Paragraph>
          </Col>
          <Col xs={24} md={7}>
            <Typography.Title level={5} style={{ color: '#fff' }}>
              Academic integrity
            </Typography.Title>
            <Typography.Paragraph style={{ color: '#94a3b8' }}>
              We give feedback only. Corestone never rewrites or generates essay content, and your work stays private.
            </Typography.Paragraph>
          </Col>
          <Col xs={24} md={7}>
            <Typography.Title level={5} style={{ color: '#fff' }}>
              Policies
            </Typography.Title>
            <Space orientation="vertical" size={6}>
              <Link style={linkStyle} to="/privacy-policy">Privacy Policy</Link>
              <Link style={linkStyle} to="/safeguarding-policy">Safeguarding Policy</Link>
              <Link style={linkStyle} to="/client-terms">Client Terms</Link>
              <Link style={linkStyle} to="/academic-integrity-policy">Academic Integrity Policy</Link>
            </Space>
          </Col>
        </Row>
        <div style={{ borderTop: '1px solid #1e293b', marginTop: 32, paddingTop: 20, fontSize: 13, color: '#64748b' }}>
          © 2025 Corestone. All rights reserved.
        </div>
      </div>
    </footer>
  );
}
