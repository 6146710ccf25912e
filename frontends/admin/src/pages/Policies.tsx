import { useDeferredValue, useRef, useState } from 'react';
import { App, Alert, Badge, Button, Card, Col, Empty, Input, Row, Segmented, Select, Space, Typography } from 'antd';
import { EditOutlined, ExportOutlined, FilePdfOutlined, SaveOutlined } from '@ant-design/icons';
import type { Policy, PolicyId, PolicyStatus, RemoteAppProps } from '@corestone/sdk';
// The public policy pages' own renderer (text nodes only, no HTML): the preview is exactly what visitors see.
import { Markdown } from '@corestone/ui/markdown';
import { ListRow, LoadError, Loading, PageHeader, RowList, useLoad } from '../components/common';
import { POLICY_MAX_CHARS, usePolicyEditor } from '../hooks/usePolicyEditor';
import { mayEditPolicies } from '../lib/roles';
import { useLeaveGuard } from '../lib/leaveGuard';
import { formatDateTime } from '../lib/text';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

export const POLICY_LIST: { id: PolicyId; title: string; publicPath: string }[] = [
  { id: 'privacy', title: 'Privacy Policy', publicPath: '/privacy-policy' },
  { id: 'safeguarding', title: 'Safeguarding Policy', publicPath: '/safeguarding-policy' },
  { id: 'client-terms', title: 'Client Terms of Service', publicPath: '/client-terms' },
  { id: 'academic-integrity', title: 'Academic Integrity Policy', publicPath: '/academic-integrity-policy' },
];

/** The policies' names in the page's language (`title` above stays the stored English one). */
const POLICY_TITLES = defineMessages({
  privacy: { id: 'policies.title.privacy', defaultMessage: 'Privacy Policy' },
  safeguarding: { id: 'policies.title.safeguarding', defaultMessage: 'Safeguarding Policy' },
  'client-terms': { id: 'policies.title.clientTerms', defaultMessage: 'Client Terms of Service' },
  'academic-integrity': { id: 'policies.title.academicIntegrity', defaultMessage: 'Academic Integrity Policy' },
}) satisfies Record<PolicyId, unknown>;

/** What saving with each status does to the public page (the content service keeps the last published version). */
const STATUS_HINT = defineMessages({
  published: { id: 'policies.hint.published', defaultMessage: 'Saving publishes this text on the public page.' },
  draft: { id: 'policies.hint.draft', defaultMessage: 'Saved privately: visitors keep seeing the last published version.' },
  archived: { id: 'policies.hint.archived', defaultMessage: 'Saving withdraws the policy: its public page shows it no longer.' },
}) satisfies Record<PolicyStatus, unknown>;

/** A policy's status as its badge says it (lower case, as the content service names it). */
const STATUS_WORD = defineMessages({
  published: { id: 'policies.statusWord.published', defaultMessage: 'published' },
  draft: { id: 'policies.statusWord.draft', defaultMessage: 'draft' },
  archived: { id: 'policies.statusWord.archived', defaultMessage: 'archived' },
}) satisfies Record<PolicyStatus, unknown>;

const LOAD_FAILED = { id: 'policies.loadFailed', defaultMessage: 'Failed to fetch all general content. Please try again.' };

const STATUS_BADGE: Record<PolicyStatus, 'success' | 'warning' | 'default'> = {
  published: 'success',
  draft: 'warning',
  archived: 'default',
};

/** Fetches all four at load (spec §2); one that fails is shown as missing, not as a broken screen. */
async function loadAll(client: RemoteAppProps['client'], failed: string): Promise<Partial<Record<PolicyId, Policy>>> {
  const results = await Promise.allSettled(POLICY_LIST.map((p) => client.content.policy(p.id)));
  if (results.every((r) => r.status === 'rejected')) throw new Error(failed);
  const out: Partial<Record<PolicyId, Policy>> = {};
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') out[POLICY_LIST[i]!.id] = r.value.data;
  });
  return out;
}

export function Policies({ client, user }: RemoteAppProps) {
  const { modal } = App.useApp();
  const intl = useIntl();
  const policies = useLoad(() => loadAll(client, intl.formatMessage(LOAD_FAILED)), [client]);
  const [selected, setSelected] = useState<PolicyId>('privacy');
  const [view, setView] = useState<'Preview' | 'Markdown'>('Preview');
  const previewRef = useRef<HTMLDivElement>(null);
  const mayEdit = mayEditPolicies(user);

  const current = policies.data?.[selected];
  const meta = POLICY_LIST.find((p) => p.id === selected)!;
  const titleOf = (id: PolicyId) => intl.formatMessage(POLICY_TITLES[id]);
  // a stored title other than the default one is the editor's own: shown as written
  const shownTitle = current?.title && current.title !== meta.title ? current.title : titleOf(selected);
  const { editing, draft, setDraft, status, setStatus, saving, error, dirty, tooLong, startEdit, stopEdit, save } = usePolicyEditor(
    client,
    selected,
    current,
    meta.title,
    shownTitle,
    (fresh) => policies.setData((d) => ({ ...d, [selected]: fresh })),
  );
  /** Runs `then` at once, or after the editor agreed to drop the changes they have not saved. */
  const unlessUnsaved = (then: () => void) => {
    if (!dirty) return then();
    modal.confirm({
      title: intl.formatMessage({ id: 'policies.discardTitle', defaultMessage: 'Discard unsaved changes?' }),
      content: intl.formatMessage(
        { id: 'policies.discardContent', defaultMessage: 'Your changes to the {title} have not been saved.' },
        { title: titleOf(selected) },
      ),
      okText: intl.formatMessage({ id: 'policies.discardChanges', defaultMessage: 'Discard changes' }),
      okButtonProps: { danger: true },
      cancelText: intl.formatMessage({ id: 'policies.keepEditing', defaultMessage: 'Keep editing' }),
      focusable: { autoFocusButton: 'cancel' }, // the safe answer is the one a stray Enter gives
      onOk: then,
    });
  };
  useLeaveGuard(dirty, unlessUnsaved);
  // the preview follows the typing at its own pace: a long policy stays quick to edit
  const preview = useDeferredValue(editing ? draft : (current?.content ?? ''));

  if (policies.loading && !policies.data) return <Loading />;
  if (policies.error || !policies.data)
    return <LoadError message={policies.error ?? intl.formatMessage(LOAD_FAILED)} onRetry={policies.reload} />;

  const downloadPdf = () => {
    // The browser's own PDF writer: the policy alone, rendered as on the public page, in a print window.
    const w = window.open('', '_blank');
    if (!w || !previewRef.current) return;
    w.document.title = current?.title ?? meta.title;
    w.document.body.innerHTML = `<h1 style="font-family:Georgia,serif">${(current?.title ?? meta.title).replace(/[<&>]/g, '')}</h1>${previewRef.current.innerHTML}`;
    w.document.body.style.cssText = 'font-family:system-ui,sans-serif;max-width:760px;margin:40px auto;line-height:1.6;color:#1e293b';
    w.focus();
    w.print();
  };

  const shown = editing ? draft : (current?.content ?? '');
  return (
    <div data-testid="admin-policies">
      <PageHeader
        title={<FormattedMessage id="policies.policiesCms" defaultMessage="Policies & CMS" />}
        subtitle={<FormattedMessage id="policies.thePolicyPagesEveryVisitor" defaultMessage="The policy pages every visitor reads" />}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={7}>
          <Card variant="borderless" styles={{ body: { padding: 8 } }}>
            <RowList
              items={POLICY_LIST}
              row={(p, last) => {
                const doc = policies.data![p.id];
                return (
                  <ListRow
                    key={p.id}
                    last={last}
                    onClick={() => p.id !== selected && unlessUnsaved(() => setSelected(p.id))}
                    data-testid={`policy-${p.id}`}
                    style={{
                      cursor: 'pointer',
                      padding: '12px 14px',
                      borderRadius: 8,
                      background: p.id === selected ? '#eff6ff' : undefined,
                      borderBlockEnd: 'none',
                    }}
                  >
                    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                      <Typography.Text strong>{titleOf(p.id)}</Typography.Text>
                      {doc && <Badge status={STATUS_BADGE[doc.status]} text={intl.formatMessage(STATUS_WORD[doc.status])} />}
                    </Space>
                    <div style={{ fontSize: 12, color: '#5b6472' }}>
                      <FormattedMessage
                        id="policies.updatedBy"
                        defaultMessage="Updated {when} · by {who}"
                        values={{
                          when: doc?.last_updated
                            ? formatDateTime(doc.last_updated)
                            : intl.formatMessage({ id: 'policies.never', defaultMessage: 'Never' }),
                          who: doc?.updated_by || intl.formatMessage({ id: 'policies.unknown', defaultMessage: 'Unknown' }),
                        }}
                      />
                    </div>
                  </ListRow>
                );
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={17}>
          <Card
            variant="borderless"
            title={shownTitle}
            extra={current && <Badge status={STATUS_BADGE[current.status]} text={intl.formatMessage(STATUS_WORD[current.status])} />}
          >
            <div style={{ marginBottom: 16 }}>
              <Space wrap>
                <Button icon={<ExportOutlined />} href={meta.publicPath} target="_blank">
                  <FormattedMessage id="policies.viewPublicVersion" defaultMessage="View Public Version" />
                </Button>
                <Button icon={<FilePdfOutlined />} onClick={downloadPdf} disabled={!current}>
                  <FormattedMessage id="policies.downloadPdf" defaultMessage="Download PDF" />
                </Button>
                {editing ? (
                  <>
                    <Button onClick={() => unlessUnsaved(stopEdit)}>
                      <FormattedMessage id="policies.cancel" defaultMessage="Cancel" />
                    </Button>
                    <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!draft.trim() || tooLong} onClick={save}>
                      <FormattedMessage id="policies.saveChanges" defaultMessage="Save Changes" />
                    </Button>
                  </>
                ) : (
                  mayEdit && (
                    <Button type="primary" icon={<EditOutlined />} onClick={startEdit}>
                      <FormattedMessage id="policies.editPolicy" defaultMessage="Edit Policy" />
                    </Button>
                  )
                )}
              </Space>
            </div>
            {!mayEdit && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title={<FormattedMessage id="policies.onlyASuperAdminCan" defaultMessage="Only a super admin can edit policies." />}
              />
            )}
            {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} />}
            {!current && !editing ? (
              <Empty
                description={
                  <FormattedMessage
                    id="policies.failedToFetchGeneralContent"
                    defaultMessage="Failed to fetch general content. Please try again."
                  />
                }
              />
            ) : (
              <>
                {editing && (
                  <Space style={{ marginBottom: 12 }} wrap>
                    <span>
                      <FormattedMessage id="policies.status" defaultMessage="Status" />
                    </span>
                    <Select
                      aria-label={intl.formatMessage({ id: 'policies.policyStatus', defaultMessage: 'Policy status' })}
                      style={{ width: 140 }}
                      value={status}
                      onChange={setStatus}
                      options={[
                        { value: 'published', label: <FormattedMessage id="policies.published" defaultMessage="Published" /> },
                        { value: 'draft', label: <FormattedMessage id="policies.draft" defaultMessage="Draft" /> },
                        { value: 'archived', label: <FormattedMessage id="policies.archived" defaultMessage="Archived" /> },
                      ]}
                    />
                    <Typography.Text type="secondary" data-testid="policy-status-hint">
                      {intl.formatMessage(STATUS_HINT[status])}
                    </Typography.Text>
                  </Space>
                )}
                <Row gutter={16}>
                  {editing && (
                    <Col xs={24} xl={12}>
                      <Input.TextArea
                        aria-label={intl.formatMessage({ id: 'policies.policyContent', defaultMessage: 'Policy content' })}
                        value={draft}
                        count={{ show: true, max: POLICY_MAX_CHARS }}
                        status={tooLong ? 'error' : undefined}
                        onChange={(e) => setDraft(e.target.value)}
                        autoSize={{ minRows: 18, maxRows: 40 }}
                        style={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}
                      />
                      {tooLong && (
                        <Typography.Text type="danger" data-testid="policy-too-long" style={{ display: 'block', marginTop: 24 }}>
                          <FormattedMessage
                            id="policies.tooLong"
                            defaultMessage="A policy can be at most {max} characters: shorten it by {over} to save it."
                            values={{ max: intl.formatNumber(POLICY_MAX_CHARS), over: intl.formatNumber(draft.length - POLICY_MAX_CHARS) }}
                          />
                        </Typography.Text>
                      )}
                    </Col>
                  )}
                  <Col xs={24} xl={editing ? 12 : 24}>
                    {!editing && (
                      <Segmented
                        size="small"
                        options={[
                          { value: 'Preview', label: intl.formatMessage({ id: 'policies.preview', defaultMessage: 'Preview' }) },
                          { value: 'Markdown', label: 'Markdown' },
                        ]}
                        value={view}
                        onChange={(v) => setView(v as 'Preview' | 'Markdown')}
                        style={{ marginBottom: 12 }}
                      />
                    )}
                    <div
                      ref={previewRef}
                      data-testid="policy-preview"
                      // it scrolls: focusable so a keyboard can scroll it (WCAG 2.1.1)
                      tabIndex={0}
                      role="region"
                      aria-label={intl.formatMessage({ id: 'policies.preview', defaultMessage: 'Preview' })}
                      style={{
                        display: editing || view === 'Preview' ? 'block' : 'none',
                        border: '1px solid #eef0f3',
                        borderRadius: 8,
                        padding: 20,
                        maxHeight: 720,
                        overflow: 'auto',
                        background: '#fff',
                      }}
                    >
                      <Markdown source={preview} topLevel={2} />
                    </div>
                    {!editing && view === 'Markdown' && (
                      <pre style={{ whiteSpace: 'pre-wrap', fontSize: 13, background: '#f8fafc', padding: 16, borderRadius: 8 }}>
                        {shown}
                      </pre>
                    )}
                  </Col>
                </Row>
              </>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
