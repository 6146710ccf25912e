import { Button, Card, Empty, Popconfirm, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { ListRow, RowList, RowMeta } from '../common';
import type { LocalSubmission } from '../../lib/localAssessment';
import { formatDateTime } from '../../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

/** "This browser's assessments": each with its status, opened by a click, removed after a confirmation. */
export function LocalAssessmentList({
  items,
  open,
  onOpen,
  onRemove,
}: {
  items: LocalSubmission[];
  open: string | null;
  onOpen: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const intl = useIntl();
  return (
    <Card
      variant="borderless"
      title={<FormattedMessage id="localAssessmentList.thisBrowserSAssessments" defaultMessage="This browser's assessments" />}
      style={{ marginTop: 16 }}
    >
      {items.length === 0 ? (
        <Empty description={<FormattedMessage id="localAssessmentList.noneYet" defaultMessage="None yet" />} />
      ) : (
        <RowList
          items={items}
          row={(s, last) => (
            <ListRow
              key={s.id}
              last={last}
              style={{ cursor: 'pointer', background: s.id === open ? '#eff6ff' : undefined, paddingInline: 8 }}
              onClick={() => onOpen(s.id)}
              actions={
                <>
                  <Tag color={s.status === 'completed' ? 'green' : s.status === 'failed' ? 'red' : 'blue'}>{s.status}</Tag>
                  <Popconfirm
                    title={
                      <FormattedMessage
                        id="localAssessmentList.removeThisAssessmentFromThis"
                        defaultMessage="Remove this assessment from this browser?"
                      />
                    }
                    onConfirm={() => onRemove(s.id)}
                  >
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={intl.formatMessage({ id: 'localAssessmentList.remove', defaultMessage: 'Remove' })}
                      onClick={(e) => e.stopPropagation()}
                    />
                  </Popconfirm>
                </>
              }
            >
              <RowMeta title={`${s.fileName} · ${s.extractedWordCount} words`} description={formatDateTime(s.submittedAt)} />
            </ListRow>
          )}
        />
      )}
    </Card>
  );
}
