import { streamName, type EventEnvelope } from '@corestone/contracts';
import type { Bus } from '@corestone/service-kit';

/** Every event stored in one of the run's streams, in order. */
export async function storedEvents(bus: Bus, service: string): Promise<Array<EventEnvelope & { subject: string }>> {
  const name = streamName(bus.prefix, service);
  const info = await bus.jsm.streams.info(name).catch(() => null);
  if (!info) return [];
  const out: Array<EventEnvelope & { subject: string }> = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const msg = await bus.jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (msg) out.push({ ...(msg.json<EventEnvelope>()), subject: msg.subject });
  }
  return out;
}

export const gradingEventsFor = async (bus: Bus, evaluationId: string) =>
  (await storedEvents(bus, 'grading')).filter((e) => (e.data as { evaluation_id: string }).evaluation_id === evaluationId);

export async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const v = await get();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

export const hasType = (type: string) => (events: EventEnvelope[]) => events.some((e) => e.type === type);
