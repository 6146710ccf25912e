import type { EventEnvelope } from '@corestone/contracts';
import type { Bus } from '@corestone/service-kit';
import { storedEvents } from '@corestone/service-kit/testing';

export { storedEvents };

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
