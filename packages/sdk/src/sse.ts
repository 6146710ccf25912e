/** A server-sent event as the wire format defines it (`event`, `data`, `id`). */
export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Incremental parser of `text/event-stream` (WHATWG HTML §9.2.6): feed it text as it arrives,
 * it calls `onEvent` for every complete event. Comments (`:`) and `retry:` are skipped.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;

  constructor(private readonly onEvent: (e: SseEvent) => void) {}

  push(text: string): void {
    this.buffer += text;
    let nl: number;
    while ((nl = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, nl);
      const sepLength = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      // a lone \r at the end of a chunk may be half of \r\n: wait for more
      if (sepLength === 1 && this.buffer[nl] === '\r' && nl === this.buffer.length - 1) break;
      this.buffer = this.buffer.slice(nl + sepLength);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id') this.id = value;
  }

  private dispatch(): void {
    if (this.data.length) this.onEvent({ event: this.event || 'message', data: this.data.join('\n'), id: this.id });
    this.event = '';
    this.data = [];
  }
}

/**
 * Reads a response body as an event stream until it ends, `onEvent` returns true (stop), the
 * signal aborts, or nothing (not even a heartbeat) arrives for `idleMs`. Resolves true when
 * stopped by `onEvent`, false when the stream ended or went idle first.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: SseEvent) => boolean | void,
  opts: { signal?: AbortSignal; idleMs: number },
): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let stopped = false;
  const parser = new SseParser((e) => {
    if (!stopped && onEvent(e)) stopped = true;
  });
  let idle: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => void reader.cancel().catch(() => undefined);
  const arm = () => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(cancel, opts.idleMs);
  };
  opts.signal?.addEventListener('abort', cancel, { once: true });
  try {
    arm();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arm();
      parser.push(decoder.decode(value, { stream: true }));
      if (stopped) break;
    }
  } finally {
    if (idle) clearTimeout(idle);
    opts.signal?.removeEventListener('abort', cancel);
    if (stopped) cancel();
  }
  if (opts.signal?.aborted) throw opts.signal.reason ?? new Error('Aborted');
  return stopped;
}
