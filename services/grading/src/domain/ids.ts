import { createHash } from 'node:crypto';

/** Fixed namespace for grading's event ids (a random UUID chosen once). */
const NAMESPACE = Buffer.from('5c1f0d2e8a4b4e7f9a3d6b2c1e0f4a57', 'hex');

/**
 * A UUIDv5 (RFC 9562: SHA-1 of namespace + name) for an event about one evaluation, e.g.
 * `eventIdFor(evaluationId, 'completed')`. A redelivered job publishes the same ids, so JetStream
 * (duplicate window) and the evaluation service's processed-event table drop the repeats.
 */
export function eventIdFor(evaluationId: string, kind: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${evaluationId}:${kind}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
