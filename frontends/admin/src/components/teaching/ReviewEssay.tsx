import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Input, Popover, Space, Tag, Typography } from 'antd';
import { CommentOutlined, DeleteOutlined } from '@ant-design/icons';
import type { Evaluation, PassageComment } from '@corestone/sdk';
import { notesOf, placeNotes, segmentsOf, type FeedbackNote, type PlacedNote } from '@corestone/ui/passages';
import { FormattedMessage, useIntl } from 'react-intl';

const STYLES = `
.cs-review-text { white-space: pre-wrap; overflow-wrap: anywhere; font-family: Georgia, 'Times New Roman', serif; font-size: 16px; line-height: 1.8; color: #1e293b; max-height: 70vh; overflow-y: auto; padding-right: 8px; }
.cs-review-text mark { padding: 1px 0; border-radius: 2px; color: inherit; }
.cs-review-text mark.cs-strength { background: #dcfce7; box-shadow: inset 0 -2px 0 #16a34a; }
.cs-review-text mark.cs-improvement { background: #fef3c7; box-shadow: inset 0 -2px 0 #d97706; }
.cs-review-text mark.cs-teacher { background: #dbeafe; box-shadow: inset 0 -2px 0 #2563eb; }
`;

const TEACHER = 't';

/** The offsets of the current selection inside `root` (whose text is the essay), or null. */
function selectionIn(root: HTMLElement): { start: number; end: number } | null {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const range = sel.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(root);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  const end = start + range.toString().length;
  return end > start ? { start, end } : null;
}

/**
 * The essay with the grader's feedback pinned to its passages (green strengths, amber points to
 * improve) and the teacher's own passage comments (blue); selecting words offers "Comment on selection".
 */
export function ReviewEssay({
  ev,
  text,
  comments,
  onAdd,
  onRemove,
  readOnly,
}: {
  ev: Evaluation;
  text: string;
  comments: PassageComment[];
  onAdd: (c: PassageComment) => void;
  onRemove: (index: number) => void;
  readOnly?: boolean;
}) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  const [draft, setDraft] = useState('');
  const { placed, missing } = useMemo(() => placeNotes(text, notesOf(ev)), [text, ev]);
  const teacherPlaced = useMemo(
    () =>
      comments.map((c, i): PlacedNote => ({
        start: c.start,
        end: c.end,
        note: {
          id: `${TEACHER}${i}`,
          criterionCode: '',
          criterionName: intl.formatMessage({ id: 'review.yourComment', defaultMessage: 'Your comment' }),
          kind: 'improvement',
          comment: c.text,
          quote: text.slice(c.start, c.end),
        },
      })),
    [comments, text, intl],
  );
  const segments = useMemo(() => segmentsOf(text, [...placed, ...teacherPlaced]), [text, placed, teacherPlaced]);
  const isTeacher = (n: FeedbackNote) => n.id.startsWith(TEACHER);

  const add = () => {
    if (!selection || !draft.trim()) return;
    onAdd({ start: selection.start, end: selection.end, text: draft.trim() });
    setDraft('');
    setSelection(null);
    window.getSelection()?.removeAllRanges();
  };

  return (
    <Card
      variant="borderless"
      title={<FormattedMessage id="review.essay" defaultMessage="Essay" />}
      data-testid="review-essay"
      extra={
        <Space size={4} wrap>
          <Tag color="green">
            <FormattedMessage id="review.strength" defaultMessage="Strength" />
          </Tag>
          <Tag color="orange">
            <FormattedMessage id="review.toImprove" defaultMessage="To improve" />
          </Tag>
          <Tag color="blue">
            <FormattedMessage id="review.yourComment" defaultMessage="Your comment" />
          </Tag>
        </Space>
      }
    >
      <style>{STYLES}</style>
      {!readOnly && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          <FormattedMessage id="review.selectWordsInTheEssay" defaultMessage="Select words in the essay to comment on them." />
        </Typography.Paragraph>
      )}
      {selection && !readOnly && (
        <div data-testid="selection-comment" style={{ marginBottom: 12, padding: 12, background: '#eff6ff', borderRadius: 8 }}>
          <Typography.Text italic>“{text.slice(selection.start, selection.end).slice(0, 160)}”</Typography.Text>
          <Input.TextArea
            aria-label={intl.formatMessage({ id: 'review.commentOnSelection', defaultMessage: 'Comment on the selected passage' })}
            autoFocus
            rows={2}
            maxLength={2000}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            style={{ margin: '8px 0' }}
          />
          <Space>
            <Button type="primary" size="small" icon={<CommentOutlined />} disabled={!draft.trim()} onClick={add}>
              <FormattedMessage id="review.addComment" defaultMessage="Add comment" />
            </Button>
            <Button size="small" onClick={() => setSelection(null)}>
              <FormattedMessage id="review.cancel" defaultMessage="Cancel" />
            </Button>
          </Space>
        </div>
      )}
      <div
        ref={ref}
        className="cs-review-text"
        data-testid="review-essay-text"
        // it scrolls: focusable so a keyboard can scroll it and select a passage (WCAG 2.1.1)
        tabIndex={0}
        role="region"
        aria-label={intl.formatMessage({ id: 'review.essayText', defaultMessage: 'Essay text' })}
        onMouseUp={() => {
          if (readOnly || !ref.current) return;
          const s = selectionIn(ref.current);
          if (s) setSelection(s);
        }}
        onKeyUp={() => {
          if (readOnly || !ref.current) return;
          const s = selectionIn(ref.current);
          if (s) setSelection(s);
        }}
      >
        {segments.map((s) => {
          if (!s.notes.length) return <span key={s.start}>{s.text}</span>;
          const teacher = s.notes.some(isTeacher);
          const cls = teacher ? 'cs-teacher' : s.notes.some((n) => n.kind === 'improvement') ? 'cs-improvement' : 'cs-strength';
          return (
            <Popover
              key={s.start}
              trigger={['hover']}
              content={
                <div style={{ maxWidth: 320 }}>
                  {s.notes.map((n) => (
                    <div key={n.id} style={{ marginBottom: 6 }}>
                      <Typography.Text strong>
                        {isTeacher(n)
                          ? intl.formatMessage({ id: 'review.yourComment', defaultMessage: 'Your comment' })
                          : `${n.criterionCode} · ${intl.formatMessage(
                              n.kind === 'strength'
                                ? { id: 'review.strength', defaultMessage: 'Strength' }
                                : { id: 'review.toImprove', defaultMessage: 'To improve' },
                            )}`}
                      </Typography.Text>
                      <div>{n.comment}</div>
                    </div>
                  ))}
                </div>
              }
            >
              <mark className={cls}>{s.text}</mark>
            </Popover>
          );
        })}
      </div>
      {missing.length > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          title={intl.formatMessage(
            {
              id: 'review.passagesMissing',
              defaultMessage:
                '{count, plural, one {# quoted passage} other {# quoted passages}} of the feedback could not be found in the text.',
            },
            { count: missing.length },
          )}
        />
      )}
      <div data-testid="passage-comments" style={{ marginTop: 16 }}>
        <Typography.Title level={5}>
          <FormattedMessage
            id="review.passageComments"
            defaultMessage="Your passage comments ({count})"
            values={{ count: comments.length }}
          />
        </Typography.Title>
        {comments.length === 0 ? (
          <Typography.Text type="secondary">
            <FormattedMessage id="review.noneYet" defaultMessage="None yet." />
          </Typography.Text>
        ) : (
          comments.map((c, i) => (
            <div
              key={`${c.start}-${c.end}-${i}`}
              data-testid="passage-comment"
              style={{ display: 'flex', gap: 8, padding: '6px 0', borderBottom: '1px solid #f1f5f9' }}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text type="secondary" italic>
                  “{text.slice(c.start, c.end).slice(0, 120)}”
                </Typography.Text>
                <div>{c.text}</div>
              </div>
              {!readOnly && (
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={intl.formatMessage({ id: 'review.removeComment', defaultMessage: 'Remove comment' })}
                  onClick={() => onRemove(i)}
                />
              )}
            </div>
          ))
        )}
      </div>
    </Card>
  );
}
