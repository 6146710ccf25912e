/** A small closed-loop load generator: N connections each sending requests back to back. */
async function load(url, { connections = 16, durationMs = 4000, maxRequests = 200000, init = {} } = {}) {
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const until = Date.now() + durationMs;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (Date.now() < until && sent < maxRequests) {
      sent++;
      const t0 = process.hrtime.bigint();
      try {
        const res = await fetch(url, init);
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, rps: latencies.length / seconds, p50: pct(50), p99: pct(99) };
}

const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

module.exports = { load, round };
