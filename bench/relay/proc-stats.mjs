// CPU time and memory of running processes, from /proc (Linux): user + system CPU seconds from
// /proc/<pid>/stat; peak RSS (VmHWM, the kernel's own high-water mark) from /proc/<pid>/status; and the
// process's private memory (USS: Private_Clean + Private_Dirty of /proc/<pid>/smaps_rollup), which leaves
// out the shared-library and executable pages that RSS counts in every process mapping them. Sampled
// until stopped, so the last reading before a process is ended counts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

const field = (text, name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);

/** @param {number} pid */
export function readProc(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    const userSeconds = Number(fields[11]) / CLOCK_TICKS;
    const systemSeconds = Number(fields[12]) / CLOCK_TICKS;
    const cpuSeconds = userSeconds + systemSeconds;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return { cpuSeconds, userSeconds, systemSeconds, peakRssKb: field(status, 'VmHWM'), rssKb: field(status, 'VmRSS'), ussKb: field(rollup, 'Private_Clean') + field(rollup, 'Private_Dirty') };
  } catch {
    return null;
  }
}

/**
 * Samples a set of processes every `intervalMs`.
 * @param {Record<string, number>} pids  name -> pid
 */
export function sampleProcesses(pids, intervalMs = 200) {
  const names = Object.keys(pids);
  const last = {};
  const peakUssKb = {};
  let peakSumRssKb = 0;
  let peakSumUssKb = 0;
  /** [performance.now(), CPU seconds of all together] per sample. */
  const timeline = [];
  const sample = () => {
    let rss = 0;
    let uss = 0;
    for (const name of names) {
      const reading = readProc(pids[name]);
      if (reading === null) continue;
      last[name] = reading;
      peakUssKb[name] = Math.max(peakUssKb[name] ?? 0, reading.ussKb);
      rss += reading.rssKb;
      uss += reading.ussKb;
    }
    peakSumRssKb = Math.max(peakSumRssKb, rss);
    peakSumUssKb = Math.max(peakSumUssKb, uss);
    timeline.push([performance.now(), cpuNow()]);
  };
  const cpuNow = () => names.reduce((total, name) => total + (last[name]?.cpuSeconds ?? 0), 0);
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    /** CPU seconds of the processes together so far. */
    cpuSeconds() {
      sample();
      return cpuNow();
    },
    /** Takes a final reading and stops. */
    stop() {
      sample();
      clearInterval(timer);
      return {
        perProcess: Object.fromEntries(names.map((name) => [name, { ...last[name], peakUssKb: peakUssKb[name] ?? 0 }])),
        cpuSeconds: cpuNow(),
        /** Each process's own peak RSS, added up. */
        peakRssKb: names.reduce((total, name) => total + (last[name]?.peakRssKb ?? 0), 0),
        /** The highest RSS the processes had together at one sampling instant. */
        peakSumRssKb,
        /** The highest private memory (USS) they had together at one sampling instant. */
        peakSumUssKb,
        timeline,
      };
    },
  };
}
