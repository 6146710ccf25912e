import { Button, Card, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CorestoneClient } from '@corestone/sdk';
import { ListRow, RowList, useHealth } from '../common';
import { systemChecks } from '../../lib/overview';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';

/** The checks' names in the page's language (`systemChecks` keys them by their English names). */
const CHECK_NAMES: Record<string, MessageDescriptor> = defineMessages({
  API: { id: 'systemStatusPanel.api', defaultMessage: 'API' },
  Database: { id: 'systemStatusPanel.database', defaultMessage: 'Database' },
  'Message Bus': { id: 'systemStatusPanel.messageBus', defaultMessage: 'Message Bus' },
  'AI Service': { id: 'systemStatusPanel.aiService', defaultMessage: 'AI Service' },
});

/** The overview's System Status: API, Database, Message Bus and AI Service from GET /health, every 30 s and on demand. */
export function SystemStatusPanel({ client }: { client: CorestoneClient }) {
  const { health, recheck } = useHealth(client, 30_000);
  const intl = useIntl();
  const rows = systemChecks(health, intl);
  const nameOf = (name: string) => (CHECK_NAMES[name] ? intl.formatMessage(CHECK_NAMES[name]) : name);
  return (
    <Card
      title={<FormattedMessage id="systemStatusPanel.systemStatus" defaultMessage="System Status" />}
      variant="borderless"
      data-testid="system-status"
      extra={
        <Button
          type="text"
          size="small"
          icon={<ReloadOutlined />}
          aria-label={intl.formatMessage({ id: 'systemStatusPanel.checkAgain', defaultMessage: 'Check again' })}
          onClick={recheck}
        />
      }
    >
      <RowList
        items={rows}
        row={(r, last) => (
          <ListRow
            key={r.name}
            last={last}
            data-check={r.name}
            data-ok={String(r.ok)}
            style={{ padding: '8px 0' }}
            actions={
              r.ok !== null && (
                <Tag color={r.ok ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
                  {r.ok ? (
                    <FormattedMessage id="systemStatusPanel.healthy" defaultMessage="Healthy" />
                  ) : (
                    <FormattedMessage id="systemStatusPanel.down" defaultMessage="Down" />
                  )}
                </Tag>
              )
            }
          >
            <Space align="start">
              {r.ok === null ? (
                <LoadingOutlined style={{ color: '#94a3b8' }} />
              ) : r.ok ? (
                <CheckCircleFilled style={{ color: '#16a34a' }} />
              ) : (
                <CloseCircleFilled style={{ color: '#dc2626' }} />
              )}
              <div style={{ lineHeight: 1.3 }}>
                <Typography.Text strong>{nameOf(r.name)}</Typography.Text>
                <div style={{ fontSize: 12, color: '#64748b' }}>{r.detail}</div>
              </div>
            </Space>
          </ListRow>
        )}
      />
    </Card>
  );
}
