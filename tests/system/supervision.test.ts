/**
 * `npm start` heals a one-machine install: a process that dies is restarted with backoff and the
 * restart is logged; a process stopped on purpose stays stopped.
 */
import { startTestPlatform, type TestPlatform } from '../support/platform';

let p: TestPlatform;
const lines: string[] = [];

beforeAll(async () => {
  p = await startTestPlatform({}, { only: ['rubric'], supervise: true, log: (line) => lines.push(line) });
});
afterAll(async () => {
  await p?.shutdown();
});

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not true after ${timeoutMs} ms; supervisor said: ${lines.join(' | ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ready = () =>
  fetch(`${p.urls.rubric}/readyz`).then(
    (r) => r.ok,
    () => false,
  );

test('a crashed process is restarted and serves again; the restart is logged', async () => {
  const before = p.pidOf('rubric');
  p.crashProcess('rubric');
  await waitFor(async () => p.pidOf('rubric') !== before && (await ready()));
  // The supervisor logs "is back" when its own readiness poll succeeds, which may be a poll after ours.
  await waitFor(() => lines.some((l) => /rubric is back \(restart 1\)/.test(l)));
  expect(p.restarts.rubric).toBe(1);
  expect(lines.some((l) => /rubric exited \(SIGKILL\); restarting in 1 s/.test(l))).toBe(true);
});

test('a process stopped on purpose is not restarted', async () => {
  await p.stopProcess('rubric');
  await new Promise((r) => setTimeout(r, 1500));
  expect(await ready()).toBe(false);
  expect(p.restarts.rubric).toBe(1);
  await p.startProcess('rubric');
  expect(await ready()).toBe(true);
});
