/** CPU seconds and resident memory of each process, read from its own /metrics (prom-client defaults). */
async function processFigures(urls) {
  const figures = {};
  for (const [name, url] of Object.entries(urls)) {
    const text = await fetch(`${url}/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    const value = (metric) => Number((text.match(new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'm')) ?? [])[1] ?? NaN);
    figures[name] = { cpu: value('process_cpu_seconds_total'), rss: value('process_resident_memory_bytes') };
  }
  return figures;
}

module.exports = { processFigures };
