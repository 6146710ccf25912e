const { load, round } = require('./load');

const CLIENTS = 100;

module.exports = {
  title: 'Link click tracking',
  measures: `Clicks/s and latency of POST /external_links/{id}/click (public, one atomic increment of the link's total and its day counter) through the gateway with ${CLIENTS} concurrent clients for 5 s, all on the same link (the worst case: one hot row); afterwards the link's count must have grown by exactly the clicks answered 200.`,
  async run(platform) {
    const base = `${platform.gatewayUrl}/api/v1/external_links`;
    const { links } = await (await fetch(`${base}/public`)).json();
    const link = links[0];
    const click = async () => {
      const res = await fetch(`${base}/${link.id}/click`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user_agent":"bench"}' });
      if (res.status !== 200) throw new Error(`click: ${res.status} ${await res.text()}`);
      return (await res.json()).clicks;
    };
    const before = await click();
    const r = await load(`${base}/${link.id}/click`, {
      connections: CLIENTS,
      durationMs: 5000,
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user_agent":"bench"}' },
    });
    const after = await click();
    const counted = after - before - 1;
    const answered = r.requests - r.errors;
    if (counted !== answered) throw new Error(`count mismatch: ${answered} clicks answered 200, the link counted ${counted}`);
    return [
      { measure: 'clicks/s', value: round(r.rps, 0) },
      { measure: 'p50 ms', value: round(r.p50, 2) },
      { measure: 'p99 ms', value: round(r.p99, 2) },
      { measure: 'errors', value: r.errors },
      { measure: 'clicks answered 200', value: answered },
      { measure: 'clicks counted by the link', value: counted },
      { measure: 'exact', value: counted === answered ? 'yes' : 'NO' },
    ];
  },
};
