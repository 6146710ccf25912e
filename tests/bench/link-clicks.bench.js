const { load, round } = require('./load');

const CLIENTS = 100;
const CLICK = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user_agent":"bench"}' };

/** Clicks one link at CLIENTS concurrent clients; the link's count must grow by exactly the clicks answered 200. */
async function clicks(base, id) {
  const click = async () => {
    const res = await fetch(`${base}/external_links/${id}/click`, CLICK);
    if (res.status !== 200) throw new Error(`click: ${res.status} ${await res.text()}`);
    return (await res.json()).clicks;
  };
  const before = await click();
  // drain: no new click after 5 s, and every click sent is answered before the count is read
  const r = await load(`${base}/external_links/${id}/click`, { connections: CLIENTS, durationMs: 5000, init: CLICK, drain: true });
  if (r.sent !== r.requests) throw new Error(`${r.sent - r.requests} of ${r.sent} clicks sent were left without an answer`);
  const counted = (await click()) - before - 1;
  const answered = r.ok;
  if (counted !== answered) throw new Error(`count mismatch: ${answered} clicks answered 200, the link counted ${counted}`);
  return { r, answered, counted };
}

module.exports = {
  title: 'Link click tracking',
  measures: `Clicks/s and latency of POST /external_links/{id}/click (public; one atomic increment of the link's total and its day counter) with ${CLIENTS} concurrent keep-alive connections (wrk) sending for 5 s, all on one link (the worst case: one hot row), through the gateway and straight to the links service; each run then waits for every click in flight to be answered and checks that the link's count grew by exactly the clicks answered 200.`,
  async run(platform) {
    const { links } = await (await fetch(`${platform.gatewayUrl}/api/v1/external_links/public`)).json();
    const id = links[0].id;
    const row = (path, { r, answered, counted }) => ({
      path,
      'clicks/s': round(r.rps, 0),
      'p50 ms': round(r.p50, 2),
      'p99 ms': round(r.p99, 2),
      errors: r.errors,
      'answered 200': answered,
      counted,
      exact: counted === answered ? 'yes' : 'NO',
    });
    const proxied = await clicks(`${platform.gatewayUrl}/api/v1`, id);
    const direct = await clicks(platform.urls.links, id);
    return [row('via gateway', proxied), row('links direct', direct)];
  },
};
