const { load, round } = require('./load');

module.exports = {
  title: 'Gateway proxy overhead',
  measures:
    'Requests/s and latency of GET /plans/plans (a small public JSON answer from billing) asked directly of billing and through the gateway at /api/v1, 16 keep-alive connections for 4 s each; the load generator shares the 2 cores with the servers.',
  async run(platform) {
    const direct = await load(`${platform.urls.billing}/plans/plans`);
    const proxied = await load(`${platform.gatewayUrl}/api/v1/plans/plans`);
    const own = await load(`${platform.gatewayUrl}/livez`);
    const row = (name, r) => ({
      path: name,
      'req/s': round(r.rps, 0),
      'p50 ms': round(r.p50, 2),
      'p99 ms': round(r.p99, 2),
      errors: r.errors,
    });
    return [
      row('billing direct', direct),
      row('via gateway', proxied),
      row('gateway /livez (no proxy)', own),
      {
        path: 'ratio gateway/direct',
        'req/s': round(proxied.rps / direct.rps, 2),
        'p50 ms': round(proxied.p50 / direct.p50, 2),
        'p99 ms': round(proxied.p99 / direct.p99, 2),
        errors: '',
      },
    ];
  },
};
