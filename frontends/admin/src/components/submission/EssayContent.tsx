import { useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { CorestoneClient, Evaluation } from '@corestone/sdk';
import { useEssayText } from '../../hooks/useEssayText';
import { textStats } from '../../lib/text';
import { studentName } from '../badges';
import { EssayViewer } from '../EssayViewer';
import { FormattedMessage } from 'react-intl';

/** The essay's first lines and its counts; 'View Full Text' opens the whole essay. */
export function EssayContent({ ev, client }: { ev: Evaluation; client: CorestoneClient }) {
  const { text, error } = useEssayText(client, ev.id);
  const [open, setOpen] = useState(false);
  const stats = text !== null ? textStats(text) : null;
  return (
    <Card
      title={<FormattedMessage id="essayContent.essayContent" defaultMessage="Essay Content" />}
      variant="borderless"
      data-testid="essay-content"
      extra={
        <Button icon={<FileTextOutlined />} disabled={text === null} onClick={() => setOpen(true)}>
          <FormattedMessage id="essayContent.viewFullText" defaultMessage="View Full Text" />
        </Button>
      }
    >
      {error ? (
        <Typography.Text type="danger">{error}</Typography.Text>
      ) : text === null ? (
        <Typography.Text type="secondary">
          <FormattedMessage id="essayContent.loadingEssay" defaultMessage="Loading essay…" />
        </Typography.Text>
      ) : (
        <>
          <Typography.Text type="secondary">
            <FormattedMessage
              id="essayContent.stats"
              defaultMessage="{words, number} words · {paragraphs} paragraphs · {minutes} min read"
              values={{ words: stats!.words, paragraphs: stats!.paragraphs, minutes: stats!.readingMinutes }}
            />
          </Typography.Text>
          <Typography.Paragraph ellipsis={{ rows: 6 }} style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>
            {text}
          </Typography.Paragraph>
          <EssayViewer
            open={open}
            onClose={() => setOpen(false)}
            title={ev.title || ev.fileName}
            text={text}
            essayType={ev.essay_type}
            submitter={studentName(ev)}
            date={ev.submittedAt}
          />
        </>
      )}
    </Card>
  );
}
