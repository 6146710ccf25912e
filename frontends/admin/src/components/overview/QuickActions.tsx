import { useNavigate } from 'react-router-dom';
import { Button, Card, Space } from 'antd';
import { BookOutlined, ExperimentOutlined, FileDoneOutlined, TeamOutlined } from '@ant-design/icons';
import type { SessionUser } from '@corestone/sdk';
import { mayOpen } from '../../lib/roles';
import { FormattedMessage } from 'react-intl';

/** Shortcuts to the screens this admin may open (an admin who is not super admin would meet 'Access Denied'). */
export function QuickActions({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  return (
    <Card title={<FormattedMessage id="quickActions.quickActions" defaultMessage="Quick Actions" />} variant="borderless">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button block icon={<TeamOutlined />} onClick={() => navigate('/admin/users')}>
          <FormattedMessage id="quickActions.manageUsers" defaultMessage="Manage Users" />
        </Button>
        {mayOpen('rubrics', user) && (
          <Button block icon={<BookOutlined />} onClick={() => navigate('/admin/rubrics')}>
            <FormattedMessage id="quickActions.manageRubrics" defaultMessage="Manage Rubrics" />
          </Button>
        )}
        {mayOpen('submissions', user) && (
          <Button block icon={<FileDoneOutlined />} onClick={() => navigate('/admin/submissions')}>
            <FormattedMessage id="quickActions.reviewSubmissions" defaultMessage="Review Submissions" />
          </Button>
        )}
        <Button block icon={<ExperimentOutlined />} onClick={() => navigate('/admin/assess')}>
          <FormattedMessage id="quickActions.assessAnEssay" defaultMessage="Assess an Essay" />
        </Button>
      </Space>
    </Card>
  );
}
