import { useEffect, useState } from 'react';
import { Button, Descriptions, Modal, Space, Tooltip, Typography } from 'antd';
import { CheckOutlined, CopyOutlined, DownloadOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { TYPE_LABELS } from './badges';
import { formatDate, saveBlob, textStats, txtFileName } from '../lib/text';
import { FormattedMessage, useIntl } from 'react-intl';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  essayType: 'ee' | 'tok';
  submitter: string;
  date: string | null;
}

/**
 * The full-text viewer (spec admin §2): copy ('Copied!' for 2 s), download as .txt named from the
 * title, fullscreen (button or F11), closes with Esc or a click on the backdrop.
 */
export function EssayViewer({ open, onClose, title, text, essayType, submitter, date }: Props) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const stats = textStats(text);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F11') {
        e.preventDefault();
        setFullscreen((f) => !f);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      keyboard
      mask={{ closable: true }}
      footer={null}
      width={fullscreen ? '100vw' : 900}
      style={fullscreen ? { top: 0, maxWidth: '100vw', padding: 0 } : undefined}
      // The title row leaves room for the Modal's own close button (absolute, top right); border-box
      // keeps that padding inside the row's 100 % width.
      title={
        <Space style={{ width: '100%', boxSizing: 'border-box', justifyContent: 'space-between', paddingRight: 44 }} wrap>
          <span>{title}</span>
          <Space>
            <Tooltip title={<FormattedMessage id="essayViewer.copyToClipboard" defaultMessage="Copy to clipboard" />}>
              <Button size="small" icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={copy} data-testid="essay-copy">
                {copied ? 'Copied!' : 'Copy'}
              </Button>
            </Tooltip>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), txtFileName(title))}
            >
              <FormattedMessage id="essayViewer.download" defaultMessage="Download" />
            </Button>
            <Button
              size="small"
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              aria-label={intl.formatMessage({ id: 'essayViewer.toggleFullscreen', defaultMessage: 'Toggle fullscreen' })}
              onClick={() => setFullscreen((f) => !f)}
            />
          </Space>
        </Space>
      }
    >
      {/* the scrolling box is focusable, so the keyboard scrolls it (WCAG 2.1.1) */}
      <div
        tabIndex={0}
        role="region"
        aria-label={intl.formatMessage({ id: 'essayViewer.essayText', defaultMessage: 'Essay text' })}
        style={{ maxHeight: fullscreen ? 'calc(100vh - 170px)' : '65vh', overflow: 'auto' }}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ marginBottom: 12 }} data-testid="essay-stats">
          <Descriptions.Item label={<FormattedMessage id="essayViewer.type" defaultMessage="Type" />}>
            <FormattedMessage {...TYPE_LABELS[essayType]} />
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="essayViewer.submittedBy" defaultMessage="Submitted by" />}>
            {submitter}
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="essayViewer.date" defaultMessage="Date" />}>{formatDate(date)}</Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="essayViewer.words" defaultMessage="Words" />}>
            {stats.words.toLocaleString()}
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="essayViewer.paragraphs" defaultMessage="Paragraphs" />}>
            {stats.paragraphs}
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="essayViewer.characters" defaultMessage="Characters" />}>
            {stats.characters.toLocaleString()}
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="essayViewer.readingTime" defaultMessage="Reading time" />}>
            {stats.readingMinutes} min
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontFamily: 'Georgia, serif', fontSize: 15, lineHeight: 1.75 }}>
          {text}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
