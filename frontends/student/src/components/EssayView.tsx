import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Collapse, Empty, Grid, Popover, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { errorMessage, isApiError, type CorestoneClient, type EssayText, type Evaluation } from '@corestone/sdk';
import {
  groupPlaced,
  KIND_LABELS,
  notesOf,
  placeNotes,
  segmentsOf,
  type FeedbackNote,
  type PassageGroup,
  type Segment,
} from '@corestone/ui/passages';

const { Text, Paragraph } = Typography;

export const ESSAY_LOAD_FAILED = 'Failed to load your essay. Please try again.';
export const ESSAY_NOT_FOUND = 'The essay text of this submission could not be found.';

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

const criterionLabel = (n: FeedbackNote) => `Criterion ${n.criterionCode}: ${n.criterionName}`;

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
  return (
    <>
      {notes.map((n) => (
        <div key={n.id} data-remark={n.id} style={{ marginTop: 6 }}>
          <Space size={4} wrap>
            <Tag color={KIND_COLORS[n.kind]} style={{ marginInlineEnd: 0 }}>
              {KIND_LABELS[n.kind]}
            </Tag>
            <Text type="secondary" style={{ fontSize: 12 }}>
              {criterionLabel(n)}
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
  return (
    <div data-testid="passage-list">
      {groups.length === 0 && <Text type="secondary">The feedback quotes no passages of this essay.</Text>}
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
                Show in your essay
              </span>
            </button>
          </li>
        ))}
      </ul>
      {missing.length > 0 && (
        <div data-testid="passages-missing" style={{ marginTop: 12 }}>
          <Text type="secondary" style={{ fontSize: 12 }}>
            Not found in the essay text ({missing.length}):
          </Text>
          <ul style={{ paddingInlineStart: 18, margin: '4px 0 0', fontSize: 13, color: '#64748b' }}>
            {missing.map((n) => (
              <li key={n.id}>
                {criterionLabel(n)} — “{clip(n.quote)}”
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
  useEffect(() => {
    let alive = true;
    setState({});
    client.evaluations.essayText(id).then(
      (essay) => alive && setState({ essay }),
      (e) => {
        if (!alive) return;
        if (isApiError(e) && e.status === 404) setState({ notFound: true });
        else setState({ error: errorMessage(e, ESSAY_LOAD_FAILED) });
      },
    );
    return () => {
      alive = false;
    };
  }, [client, id, round]);
  return { state, reload: useCallback(() => setRound((n) => n + 1), []) };
}

/**
 * The essay as it was graded, every passage the feedback quotes highlighted: hover or focus a
 * highlight for its criterion and remark, choose a passage in the list to go to it. `focus`
 * (a note id, e.g. from `?passage=`; a new object per request) is shown once the text has loaded.
 */
export function EssayView({ client, ev, focus }: { client: CorestoneClient; ev: Evaluation; focus?: { id: string } | null }) {
  const { state, reload } = useEssayText(client, ev.id);
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
        <Result status="404" title="Evaluation Not Found" subTitle={ESSAY_NOT_FOUND} />
      </div>
    );
  if (state.error)
    return (
      <div data-testid="essay-error">
        <Result
          status="error"
          title="Could not load your essay"
          subTitle={state.error}
          extra={<Button onClick={reload}>Try Again</Button>}
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
        <Empty description="There is no essay text to show for this submission." />
      </div>
    );

  const list = <PassageList groups={groups} missing={missing} active={active} onShow={show} />;

  return (
    <div data-testid="essay-view" style={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: 24, alignItems: 'flex-start' }}>
      <style>{STYLES}</style>
      {/* what each highlight refers to, read out with it (aria-describedby) */}
      <div hidden>
        {notes.map((n) => (
          <span key={n.id} id={`cs-note-${n.id}`}>
            {`${KIND_LABELS[n.kind]}, ${criterionLabel(n)}: ${n.comment}`}
          </span>
        ))}
      </div>
      {!wide && (
        <Collapse
          style={{ width: '100%' }}
          items={[{ key: 'passages', label: `Feedback passages (${groups.length})`, children: list }]}
          data-testid="passage-collapse"
        />
      )}
      <div style={{ flex: '1 1 auto', minWidth: 0, width: '100%' }}>
        <Space size={[8, 4]} wrap style={{ marginBottom: 12 }}>
          <Text type="secondary" style={{ fontSize: 13 }}>
            {state.essay.word_count.toLocaleString()} words · {groups.length} passage{groups.length === 1 ? '' : 's'} quoted by the feedback
          </Text>
          <Tag color="green">Strength</Tag>
          <Tag color="orange">To improve</Tag>
        </Space>
        {placed.length === 0 && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title="The feedback on this essay quotes no passages of it." />
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
          title={`Feedback passages (${groups.length})`}
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
            Choose a passage to see it in your essay.
          </Paragraph>
          {list}
        </Card>
      )}
    </div>
  );
}
