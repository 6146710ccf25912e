/**
 * CPU time spent by the platform's processes, Postgres's backends and nats-server, read from
 * /proc (Linux): counted work, for "ms of CPU per request, process by process" beside the bench's
 * rates. It moves with the machine's speed too, so builds are compared by alternating them.
 */
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const { PLATFORM_PROCESSES } = require('@corestone/devstack');

const TICKS_PER_S = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** User + system CPU seconds of one process so far (0 once it is gone). */
function cpuSeconds(pid) {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
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

/** CPU seconds so far of each platform process, of all Postgres processes together and of nats-server. */
function cpuSnapshot(platform) {
  const snapshot = {};
  for (const name of PLATFORM_PROCESSES) {
    const pid = platform.pidOf(name);
    if (pid) snapshot[name] = cpuSeconds(pid);
  }
  for (const comm of ['postgres', 'nats-server']) snapshot[comm] = pidsNamed(comm).reduce((s, pid) => s + cpuSeconds(pid), 0);
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

module.exports = { cpuSnapshot, addCpuSpent, cpuPerItem };
