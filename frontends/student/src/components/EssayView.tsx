import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Collapse, Empty, Grid, Popover, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { errorMessage, isApiError, type CorestoneClient, type EssayText, type Evaluation } from '@corestone/sdk';
import { groupPlaced, notesOf, placeNotes, segmentsOf, type FeedbackNote, type PassageGroup, type Segment } from '@corestone/ui/passages';

const { Text, Paragraph } = Typography;

import { ENGLISH, useIntlRef } from '@corestone/ui/i18n';

const TEXTS = {
  loadFailed: { id: 'essay.loadFailed', defaultMessage: 'Failed to load your essay. Please try again.' },
  notFound: { id: 'essay.notFound', defaultMessage: 'The essay text of this submission could not be found.' },
} satisfies Record<string, MessageDescriptor>;
export const ESSAY_LOAD_FAILED = ENGLISH.formatMessage(TEXTS.loadFailed);

const KIND_LABELS: Record<FeedbackNote['kind'], MessageDescriptor> = {
  strength: { id: 'essay.kind.strength', defaultMessage: 'Strength' },
  improvement: { id: 'essay.kind.improvement', defaultMessage: 'To improve' },
};

/** The shell's fixed header over the report: sticky parts stay below it. */
const SHELL_HEADER = 64;

const KIND_COLORS = { strength: 'green', improvement: 'orange' } as const;

/** Highlight colours: strengths green, improvements amber, a stretch several remarks quote darker; the chosen one outlined. */
const STYLES = `
.cs-essay-text { white-space: pre-wrap; overflow-wrap: anywhere; font-family: Georgia, 'Times New Roman', serif; font-size: 16px; line-height: 1.8; color: #1e293b; max-width: 72ch; }
.cs-essay-text mark { padding: 1px 0; border-radius: 2px; cursor: pointer; color: inherit; scroll-margin: 96px; }
.cs-essay-text mark.cs-strength { background: #dcfce7; box-shadow: inset 0 -2px 0 #16a34a; }
.cs-essay-text mark.cs-improvement { background: #fef3c7; box-shadow: inset 0 -2px 0 #d97706; }
.cs-essay-text mark.cs-both { background: #fde68a; box-shadow: inset 0 -3px 0 #b45309; }
.cs-essay-text mark.cs-active { outline: 2px solid #2563eb; outline-offset: 1px; }
.cs-essay-text mark:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.cs-passage-item { display: block; width: 100%; text-align: left; background: none; border: 1px solid transparent; border-radius: 8px; padding: 8px 10px; cursor: pointer; font: inherit; color: inherit; }
.cs-passage-item:hover { background: #f8fafc; border-color: #e2e8f0; }
.cs-passage-item:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 1px; }
.cs-passage-item.cs-active { background: #eff6ff; border-color: #93c5fd; }
`;

function kindClass(notes: FeedbackNote[]): string {
  const kinds = new Set(notes.map((n) => n.kind));
  if (notes.length > 1) return 'cs-both';
  return kinds.has('improvement') ? 'cs-improvement' : 'cs-strength';
}

const criterionLabel = (n: FeedbackNote, intl: IntlShape) =>
  intl.formatMessage(
    { id: 'results.criterionLabel', defaultMessage: 'Criterion {code}: {name}' },
    { code: n.criterionCode, name: n.criterionName },
  );

/** What a highlight says: each remark quoting this stretch, with its criterion (long lists scroll). */
function NoteDetails({ notes }: { notes: FeedbackNote[] }) {
  return (
    <div style={{ maxWidth: 300, maxHeight: 300, overflowY: 'auto' }} data-testid="passage-details">
      <RemarkLines notes={notes} />
    </div>
  );
}

function Highlight({ segment, active, onSelect }: { segment: Segment; active: boolean; onSelect: (id: string) => void }) {
  const select = () => onSelect(segment.notes[0]!.id);
  return (
    <Popover content={<NoteDetails notes={segment.notes} />} trigger={['hover', 'focus']} mouseEnterDelay={0.15}>
      <mark
        tabIndex={0}
        className={`${kindClass(segment.notes)}${active ? ' cs-active' : ''}`}
        data-note-start={segment.starts.map((n) => n.id).join(' ') || undefined}
        data-notes={segment.notes.map((n) => n.id).join(' ')}
        aria-describedby={segment.notes.map((n) => `cs-note-${n.id}`).join(' ')}
        onClick={select}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            select();
          }
        }}
      >
        {segment.text}
      </mark>
    </Popover>
  );
}

/** Each remark of a passage: kind, criterion, the remark itself. */
function RemarkLines({ notes }: { notes: FeedbackNote[] }) {
  const intl = useIntl();
  return (
    <>
      {notes.map((n) => (
        <div key={n.id} data-remark={n.id} style={{ marginTop: 6 }}>
          <Space size={4} wrap>
            <Tag color={KIND_COLORS[n.kind]} style={{ marginInlineEnd: 0 }}>
              {intl.formatMessage(KIND_LABELS[n.kind])}
            </Tag>
            <Text type="secondary" style={{ fontSize: 12 }}>
              {criterionLabel(n, intl)}
            </Text>
          </Space>
          <div style={{ fontSize: 13 }}>{n.comment}</div>
        </div>
      ))}
    </>
  );
}

const clip = (q: string, max = 140) =>
  q.length > max ? `${q.slice(0, q.lastIndexOf(' ', max) > 40 ? q.lastIndexOf(' ', max) : max)}…` : q;

/** The quoted passages in the order of the essay, each with its remarks; choosing one shows it in the essay. */
function PassageList({
  groups,
  missing,
  active,
  onShow,
}: {
  groups: PassageGroup[];
  missing: FeedbackNote[];
  active: string | null;
  onShow: (id: string) => void;
}) {
  const intl = useIntl();
  return (
    <div data-testid="passage-list">
      {groups.length === 0 && (
        <Text type="secondary">
          {intl.formatMessage({ id: 'essay.noPassagesList', defaultMessage: 'The feedback quotes no passages of this essay.' })}
        </Text>
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {groups.map((g) => (
          <li key={`${g.start}:${g.end}`} style={{ marginBottom: 4 }}>
            <button
              type="button"
              className={`cs-passage-item${g.notes.some((n) => n.id === active) ? ' cs-active' : ''}`}
              data-passage-link={g.notes[0]!.id}
              onClick={() => onShow(g.notes[0]!.id)}
            >
              <div style={{ fontFamily: "Georgia, 'Times New Roman', serif", fontSize: 14, color: '#1e293b' }}>“{clip(g.quote)}”</div>
              <RemarkLines notes={g.notes} />
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                {intl.formatMessage({ id: 'essay.showInEssay', defaultMessage: 'Show in your essay' })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {missing.length > 0 && (
        <div data-testid="passages-missing" style={{ marginTop: 12 }}>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {intl.formatMessage(
              { id: 'essay.notFoundIn', defaultMessage: 'Not found in the essay text ({count}):' },
              { count: missing.length },
            )}
          </Text>
          <ul style={{ paddingInlineStart: 18, margin: '4px 0 0', fontSize: 13, color: '#64748b' }}>
            {missing.map((n) => (
              <li key={n.id}>
                {criterionLabel(n, intl)} — “{clip(n.quote)}”
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

type TextState = { essay?: EssayText; notFound?: boolean; error?: string };

function useEssayText(client: CorestoneClient, id: string) {
  const [state, setState] = useState<TextState>({});
  const [round, setRound] = useState(0);
  const intl = useIntlRef();
  useEffect(() => {
    let alive = true;
    setState({});
    client.evaluations.essayText(id).then(
      (essay) => alive && setState({ essay }),
      (e) => {
        if (!alive) return;
        if (isApiError(e) && e.status === 404) setState({ notFound: true });
        else setState({ error: errorMessage(e, intl.current.formatMessage(TEXTS.loadFailed)) });
      },
    );
    return () => {
      alive = false;
    };
  }, [client, id, round, intl]);
  return { state, reload: useCallback(() => setRound((n) => n + 1), []) };
}

/**
 * The essay as it was graded, every passage the feedback quotes highlighted: hover or focus a
 * highlight for its criterion and remark, choose a passage in the list to go to it. `focus`
 * (a note id, e.g. from `?passage=`; a new object per request) is shown once the text has loaded.
 */
export function EssayView({ client, ev, focus }: { client: CorestoneClient; ev: Evaluation; focus?: { id: string } | null }) {
  const { state, reload } = useEssayText(client, ev.id);
  const intl = useIntl();
  const screens = Grid.useBreakpoint();
  const wide = !!screens.lg;
  const [active, setActive] = useState<string | null>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const notes = useMemo(() => notesOf(ev), [ev]);
  const text = state.essay?.text ?? '';
  const { placed, missing } = useMemo(() => placeNotes(text, notes), [text, notes]);
  const segments = useMemo(() => segmentsOf(text, placed), [text, placed]);
  const groups = useMemo(() => groupPlaced(text, placed), [text, placed]);

  const show = useCallback((id: string) => {
    setActive(id);
    const mark = textRef.current?.querySelector<HTMLElement>(`mark[data-note-start~="${id}"]`);
    if (!mark) return;
    mark.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    mark.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!focus || !state.essay) return;
    // after this render is on screen (a tab that has just opened), and outside React's commit
    const t = setTimeout(() => show(focus.id), 0);
    return () => clearTimeout(t);
  }, [focus, state.essay, show]);

  if (state.notFound)
    return (
      <div data-testid="essay-not-found">
        <Result
          status="404"
          title={intl.formatMessage({ id: 'report.notFound', defaultMessage: 'Evaluation Not Found' })}
          subTitle={intl.formatMessage(TEXTS.notFound)}
        />
      </div>
    );
  if (state.error)
    return (
      <div data-testid="essay-error">
        <Result
          status="error"
          title={intl.formatMessage({ id: 'essay.loadFailedTitle', defaultMessage: 'Could not load your essay' })}
          subTitle={state.error}
          extra={<Button onClick={reload}>{intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Try Again' })}</Button>}
        />
      </div>
    );
  if (!state.essay)
    return (
      <div data-testid="essay-loading">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  if (!text.trim())
    return (
      <div data-testid="essay-empty">
        <Empty
          description={intl.formatMessage({ id: 'essay.empty', defaultMessage: 'There is no essay text to show for this submission.' })}
        />
      </div>
    );

  const passagesTitle = intl.formatMessage(
    { id: 'essay.passages', defaultMessage: 'Feedback passages ({count})' },
    { count: groups.length },
  );
  const list = <PassageList groups={groups} missing={missing} active={active} onShow={show} />;

  return (
    <div data-testid="essay-view" style={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: 24, alignItems: 'flex-start' }}>
      <style>{STYLES}</style>
      {/* what each highlight refers to, read out with it (aria-describedby) */}
      <div hidden>
        {notes.map((n) => (
          <span key={n.id} id={`cs-note-${n.id}`}>
            {`${intl.formatMessage(KIND_LABELS[n.kind])}, ${criterionLabel(n, intl)}: ${n.comment}`}
          </span>
        ))}
      </div>
      {!wide && (
        <Collapse
          style={{ width: '100%' }}
          items={[{ key: 'passages', label: passagesTitle, children: list }]}
          data-testid="passage-collapse"
        />
      )}
      <div style={{ flex: '1 1 auto', minWidth: 0, width: '100%' }}>
        <Space size={[8, 4]} wrap style={{ marginBottom: 12 }}>
          <Text type="secondary" style={{ fontSize: 13 }}>
            {intl.formatMessage(
              {
                id: 'essay.facts',
                defaultMessage:
                  '{words, plural, one {# word} other {# words}} · {passages, plural, one {# passage} other {# passages}} quoted by the feedback',
              },
              { words: state.essay.word_count, passages: groups.length },
            )}
          </Text>
          <Tag color="green">{intl.formatMessage(KIND_LABELS.strength)}</Tag>
          <Tag color="orange">{intl.formatMessage(KIND_LABELS.improvement)}</Tag>
        </Space>
        {placed.length === 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={intl.formatMessage({ id: 'essay.noPassages', defaultMessage: 'The feedback on this essay quotes no passages of it.' })}
          />
        )}
        <div className="cs-essay-text" ref={textRef} data-testid="essay-text">
          {segments.map((s) =>
            s.notes.length ? (
              <Highlight
                key={s.start}
                segment={s}
                active={!!active && s.notes.some((n) => n.id === active)}
                onSelect={(id) => setActive(id)}
              />
            ) : (
              <span key={s.start}>{s.text}</span>
            ),
          )}
        </div>
      </div>
      {wide && (
        <Card
          size="small"
          title={passagesTitle}
          style={{
            width: 340,
            flex: '0 0 340px',
            position: 'sticky',
            top: SHELL_HEADER + 16,
            maxHeight: `calc(100vh - ${SHELL_HEADER + 32}px)`,
            overflow: 'auto',
          }}
        >
          <Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
            {intl.formatMessage({ id: 'essay.choose', defaultMessage: 'Choose a passage to see it in your essay.' })}
          </Paragraph>
          {list}
        </Card>
      )}
    </div>
  );
}
