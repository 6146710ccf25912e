/**
 * CPU time spent by the platform's processes, Postgres's backends and nats-server, read from
 * /proc (Linux): counted work, for "ms of CPU per request, process by process" beside the bench's
 * rates. It moves with the machine's speed too, so builds are compared by alternating them.
 */
const fs = require('node:fs');
const os = require('node:os');
const { spawnSync } = require('node:child_process');
const { PLATFORM_PROCESSES } = require('@corestone/devstack');

const TICKS_PER_S = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * User + system CPU seconds of one process so far (0 once it is gone), all its threads included;
 * with `children`, also that of the child processes it has waited for (a service's pdftotext runs).
 */
function cpuSeconds(pid, { children = false } = {}) {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime
    // are the 12th and 13th, cutime and cstime (waited-for children) the 14th and 15th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (children ? own + Number(fields[13]) + Number(fields[14]) : own) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** Pids of the processes whose command name is `comm` (Postgres's backends, nats-server). */
function pidsNamed(comm) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * CPU seconds so far of each platform process (with the subprocesses it ran: evaluation and rubric
 * read PDFs with pdftotext), of all Postgres processes together (exited backends included) and of
 * nats-server.
 */
function cpuSnapshot(platform) {
  const snapshot = {};
  for (const name of PLATFORM_PROCESSES) {
    const pid = platform.pidOf(name);
    if (pid) snapshot[name] = cpuSeconds(pid, { children: true });
  }
  // With their waited-for children: a Postgres backend that exits between two snapshots is then
  // counted in the postmaster's (cutime) instead of dropping out of the sum.
  for (const comm of ['postgres', 'nats-server']) {
    snapshot[comm] = pidsNamed(comm).reduce((s, pid) => s + cpuSeconds(pid, { children: true }), 0);
  }
  return snapshot;
}

/** The CPU seconds spent between two snapshots, added to `into` (per name). */
function addCpuSpent(into, before, after) {
  for (const name of Object.keys(after)) into[name] = (into[name] ?? 0) + after[name] - (before[name] ?? 0);
  return into;
}

/** Milliseconds of CPU per item of what was spent, per process (those that used any), and in all. */
function cpuPerItem(spent, items) {
  const per = {};
  let total = 0;
  for (const [name, seconds] of Object.entries(spent)) {
    const ms = (seconds * 1000) / items;
    if (ms <= 0) continue;
    per[name] = ms;
    total += ms;
  }
  return { per, total };
}

/** Milliseconds a loop of 3·10⁸ additions in a function takes here now (docs/performance.md: every figure names its machine). */
function additionLoopMs() {
  const t0 = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < 3e8; i++) sum += i;
  if (sum < 0) throw new Error('unreachable');
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Which machine a figure came from: cores, CPU model, the addition loop and how busy the machine was (1-minute load average). */
function machine() {
  const cpus = os.cpus();
  return `${cpus.length} vCPU ${cpus[0]?.model.trim() ?? 'unknown CPU'}, 3·10⁸-addition loop ${Math.round(additionLoopMs())} ms, load average ${os.loadavg()[0].toFixed(1)}`;
}

module.exports = { cpuSeconds, cpuSnapshot, addCpuSpent, cpuPerItem, machine };
