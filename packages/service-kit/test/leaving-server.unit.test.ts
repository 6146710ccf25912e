/**
 * A clustered bus moving off a server cut off from the others dials another one next (nats.js
 * alone would dial the one it left first, and land on the wrong side of the partition again).
 */
import type { Server } from '@nats-io/transport-node';
import { LeavingServer } from '../src/nats';

const server = (listen: string) => ({ listen }) as Server;
const pool = [server('127.0.0.1:4001'), server('127.0.0.1:4002'), server('127.0.0.1:4003')];

test('without a server being left, the client chooses (null)', () => {
  expect(new LeavingServer().pick(pool)).toBeNull();
});

test('the server being left is skipped once: the next dial goes to the first other one', () => {
  const leaving = new LeavingServer();
  leaving.set('127.0.0.1:4001');
  expect(leaving.pick(pool)?.listen).toBe('127.0.0.1:4002');
  // that one may be down too: from then on every server is a candidate again
  expect(leaving.pick(pool)).toBeNull();
});

test('a pool of the left server only is dialled as it is', () => {
  const leaving = new LeavingServer();
  leaving.set('127.0.0.1:4001');
  expect(leaving.pick([pool[0]])).toBeNull();
});
