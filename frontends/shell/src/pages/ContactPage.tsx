import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Result, Row, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { errorMessage } from '@corestone/sdk';
import { useSession } from '../session';
import { Heading } from '@corestone/ui/heading';
import { EMAIL_RE } from '../auth/validation';
import { FormattedMessage, useIntl } from 'react-intl';
import { useTranslateKnown } from '../i18n/known';

export const CONTACT_FAILED = 'Failed to send your message. Please try again.';

export interface ContactForm {
  name: string;
  school: string;
  email: string;
  number_of_students: number | null;
  message: string;
}

/** First problem of the enquiry form, or null (the content service checks the same rules). */
export function validateContact(f: ContactForm): { field: keyof ContactForm; message: string } | null {
  if (!f.name.trim()) return { field: 'name', message: 'Please enter your name' };
  if (!f.school.trim()) return { field: 'school', message: 'Please enter your school or institution' };
  if (!f.email.trim()) return { field: 'email', message: 'Email address is required' };
  if (!EMAIL_RE.test(f.email.trim())) return { field: 'email', message: 'Please enter a valid email address' };
  if (!f.number_of_students || f.number_of_students < 1 || !Number.isInteger(f.number_of_students))
    return { field: 'number_of_students', message: 'Please enter the number of students (at least 1)' };
  if (!f.message.trim()) return { field: 'message', message: 'Please write a message' };
  if (f.message.length > 5000) return { field: 'message', message: 'Must be no more than 5000 characters long' };
  return null;
}

/** /contact: enquiries about the Power User plan, school licences or a consultation (POST /general/contact). */
export function ContactPage() {
  const { client, user } = useSession();
  const intl = useIntl();
  const known = useTranslateKnown();
  const [form, setForm] = useState<ContactForm>({
    name: user?.name ?? '',
    school: '',
    email: user?.email ?? '',
    number_of_students: null,
    message: '',
  });
  const [problem, setProblem] = useState<ReturnType<typeof validateContact>>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const set = <K extends keyof ContactForm>(k: K, v: ContactForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const help = (k: keyof ContactForm) => (problem?.field === k ? { validateStatus: 'error' as const, help: known(problem.message) } : {});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const p = validateContact(form);
    setProblem(p);
    setFailure(null);
    if (p) return;
    setBusy(true);
    try {
      const r = await client.content.contact({
        name: form.name.trim(),
        school: form.school.trim(),
        email: form.email.trim(),
        number_of_students: form.number_of_students!,
        message: form.message.trim(),
      });
      setSent(
        r.message ||
          intl.formatMessage({ id: 'contact.thanks', defaultMessage: 'Thank you. We will get back to you within one working day.' }),
      );
    } catch (err) {
      setFailure(errorMessage(err, known(CONTACT_FAILED)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ padding: '112px 20px 64px', maxWidth: 1040, margin: '0 auto' }}>
      <Row gutter={[{ xs: 16, md: 32 }, 24]}>
        <Col xs={24} md={9}>
          <Heading level={1} size={2} style={{ marginTop: 0 }}>
            <FormattedMessage id="contact.title" defaultMessage="Contact us" />
          </Heading>
          <Typography.Paragraph>
            <FormattedMessage
              id="contact.intro"
              defaultMessage="Interested in the Power User plan with unlimited essay credits for your school, or a free IBDP consultation about TOK and EE support? Tell us about your students and our coordinator will get back to you within one working day."
            />
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            <MailOutlined /> <FormattedMessage id="contact.privacy" defaultMessage="We only use your details to answer this enquiry." />
          </Typography.Paragraph>
        </Col>
        <Col xs={24} md={15}>
          <Card variant="borderless" styles={{ body: { padding: 32 } }}>
            {sent ? (
              <Result
                status="success"
                title={intl.formatMessage({ id: 'contact.sent', defaultMessage: 'Message Sent' })}
                subTitle={sent}
                data-testid="contact-sent"
                extra={
                  <Link to="/">
                    <Button type="primary">
                      <FormattedMessage id="contact.backHome" defaultMessage="Back to Home" />
                    </Button>
                  </Link>
                }
              />
            ) : (
              <Form layout="vertical" component={false}>
                <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'contact.form', defaultMessage: 'Contact form' })}>
                  <Row gutter={16}>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        label={intl.formatMessage({ id: 'contact.name', defaultMessage: 'Your Name' })}
                        htmlFor="contact-name"
                        required
                        {...help('name')}
                      >
                        <Input
                          id="contact-name"
                          value={form.name}
                          onChange={(e) => set('name', e.target.value)}
                          autoComplete="name"
                          maxLength={200}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        label={intl.formatMessage({ id: 'auth.email', defaultMessage: 'Email' })}
                        htmlFor="contact-email"
                        required
                        {...help('email')}
                      >
                        <Input
                          id="contact-email"
                          type="email"
                          value={form.email}
                          onChange={(e) => set('email', e.target.value)}
                          autoComplete="email"
                          maxLength={254}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={16}>
                      <Form.Item
                        label={intl.formatMessage({ id: 'contact.school', defaultMessage: 'School or Institution' })}
                        htmlFor="contact-school"
                        required
                        {...help('school')}
                      >
                        <Input
                          id="contact-school"
                          value={form.school}
                          onChange={(e) => set('school', e.target.value)}
                          autoComplete="organization"
                          maxLength={300}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={8}>
                      <Form.Item
                        label={intl.formatMessage({ id: 'contact.students', defaultMessage: 'Number of Students' })}
                        htmlFor="contact-students"
                        required
                        {...help('number_of_students')}
                      >
                        <InputNumber
                          id="contact-students"
                          min={1}
                          max={1_000_000}
                          precision={0}
                          style={{ width: '100%' }}
                          value={form.number_of_students}
                          onChange={(v) => set('number_of_students', typeof v === 'number' ? v : null)}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Form.Item
                    label={intl.formatMessage({ id: 'contact.message', defaultMessage: 'Message' })}
                    htmlFor="contact-message"
                    required
                    {...help('message')}
                  >
                    <Input.TextArea
                      id="contact-message"
                      rows={5}
                      value={form.message}
                      onChange={(e) => set('message', e.target.value)}
                      maxLength={5000}
                      showCount
                    />
                  </Form.Item>
                  {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="contact-error" />}
                  <Button type="primary" htmlType="submit" size="large" loading={busy} block>
                    <FormattedMessage id="contact.send" defaultMessage="Send Message" />
                  </Button>
                </form>
              </Form>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
