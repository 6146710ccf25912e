import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Empty, Input, Space, Spin, Typography } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import type { CorestoneClient } from '@corestone/sdk';
import { ListRow, LoadError, RowList, RowMeta } from '../common';
import { ApprovalTag, StatusTag, TypeTag, gradeText, studentName } from '../badges';
import { FilterSelect, SUBMISSION_STATUS_FILTER, SUBMISSION_TYPE_FILTER } from '../selects';
import { useRecentSubmissions } from '../../hooks/useRecentSubmissions';
import { formatDateTime, truncate } from '../../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

/** The overview's Recent Submissions card (super admins; others are told the lists are theirs). */
export function RecentSubmissions({ client, visible }: { client: CorestoneClient; visible: boolean }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const { state, items, viewAll, toggleViewAll, status, setStatus, type, setType, setSearch, loadMore, retry } = useRecentSubmissions(
    client,
    visible,
  );

  return (
    <Card
      title={<FormattedMessage id="recentSubmissions.recentSubmissions" defaultMessage="Recent Submissions" />}
      variant="borderless"
      data-testid="recent-submissions"
      extra={
        visible && (
          <Button type="link" onClick={toggleViewAll}>
            {viewAll ? (
              <FormattedMessage id="recentSubmissions.showLess" defaultMessage="Show Less" />
            ) : (
              <FormattedMessage id="recentSubmissions.viewAll" defaultMessage="View All" />
            )}
          </Button>
        )
      }
    >
      {!visible ? (
        <Empty
          description={
            <FormattedMessage
              id="recentSubmissions.submissionListsAreAvailableTo"
              defaultMessage="Submission lists are available to super admins."
            />
          }
        />
      ) : (
        <>
          {viewAll && (
            <Space wrap style={{ marginBottom: 12 }}>
              <FilterSelect
                label={{ id: 'recentSubmissions.statusFilter', defaultMessage: 'Status filter' }}
                width={150}
                value={status}
                onChange={setStatus}
                options={SUBMISSION_STATUS_FILTER}
              />
              <FilterSelect
                label={{ id: 'recentSubmissions.typeFilter', defaultMessage: 'Type filter' }}
                width={160}
                value={type}
                onChange={setType}
                options={SUBMISSION_TYPE_FILTER}
              />
              <Input.Search
                allowClear
                placeholder={intl.formatMessage({ id: 'recentSubmissions.searchPlaceholder', defaultMessage: 'Search submissions...' })}
                onSearch={setSearch}
                style={{ width: 240 }}
              />
            </Space>
          )}
          {state.error ? (
            <LoadError message={state.error} onRetry={retry} />
          ) : (
            <Spin spinning={state.loading}>
              {items.length === 0 ? (
                state.loading ? (
                  <div style={{ minHeight: 120 }} />
                ) : (
                  <Empty description={<FormattedMessage id="recentSubmissions.noSubmissionsYet" defaultMessage="No submissions yet." />} />
                )
              ) : (
                <RowList
                  items={items}
                  row={(ev, last) => (
                    <ListRow
                      key={ev.id}
                      last={last}
                      style={{ cursor: 'pointer' }}
                      onClick={() => navigate(`/admin/submissions/${ev.id}`)}
                      actions={<Typography.Text strong>{gradeText(ev, intl)}</Typography.Text>}
                    >
                      <RowMeta
                        avatar={<FileDoneOutlined style={{ fontSize: 20, color: '#1d4ed8', marginTop: 4 }} />}
                        title={<Link to={`/admin/submissions/${ev.id}`}>{truncate(ev.title || ev.fileName)}</Link>}
                        description={
                          <Space size={4} wrap>
                            <span>{studentName(ev)}</span>·<span>{formatDateTime(ev.submittedAt)}</span>
                            <TypeTag type={ev.essay_type} />
                            <StatusTag status={ev.status} />
                            <ApprovalTag evaluation={ev} />
                          </Space>
                        }
                      />
                    </ListRow>
                  )}
                />
              )}
            </Spin>
          )}
          {viewAll && state.items.length < state.total && (
            <div style={{ textAlign: 'center', marginTop: 12 }}>
              <Button onClick={loadMore} loading={state.loading}>
                <FormattedMessage id="recentSubmissions.loadMore" defaultMessage="Load More" />
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
