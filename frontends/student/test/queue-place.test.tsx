import { queuePlaceText } from '../src/components/QueuePlace';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, 0) + ms).toISOString();
const now = Date.UTC(2026, 10, 29, 12, 0, 0);

test('the queue place in words: minutes rounded, less than a minute, one essay, next', () => {
  expect(queuePlaceText({ ahead: 120, estimated_start_at: at(4 * 60_000) }, now)).toBe('About 4 minutes: 120 essays ahead of yours');
  expect(queuePlaceText({ ahead: 30, estimated_start_at: at(70_000) }, now)).toBe('About 1 minute: 30 essays ahead of yours');
  expect(queuePlaceText({ ahead: 1, estimated_start_at: at(10_000) }, now)).toBe('Less than a minute: 1 essay ahead of yours');
  expect(queuePlaceText({ ahead: 0, estimated_start_at: at(-5_000) }, now)).toBe('Less than a minute: yours is next');
  expect(queuePlaceText({ ahead: 3, estimated_start_at: 'not a date' }, now)).toBe('Less than a minute: 3 essays ahead of yours');
});
