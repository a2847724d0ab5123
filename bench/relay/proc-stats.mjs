// CPU time and memory of running processes, from /proc (Linux): user + system CPU seconds from
// /proc/<pid>/stat; peak RSS (VmHWM, the kernel's own high-water mark) from /proc/<pid>/status; and the
// process's anonymous memory (Anonymous of /proc/<pid>/smaps_rollup: heaps, buffers, JIT code), which
// leaves out the executable and shared-library pages RSS counts. (Private_Clean would not do: a library
// page is private until another process maps the same library, so it depends on what else runs.)
// Sampled until stopped, so the last reading before a process is ended counts. Also: how busy the whole
// machine was, from /proc/stat, to tell whether something else ran during a measurement.
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
    return { cpuSeconds, userSeconds, systemSeconds, peakRssKb: field(status, 'VmHWM'), rssKb: field(status, 'VmRSS'), anonKb: field(rollup, 'Anonymous') };
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
  const peakAnonKb = {};
  let peakSumRssKb = 0;
  let peakSumAnonKb = 0;
  /** [performance.now(), CPU seconds of all together] per sample. */
  const timeline = [];
  const sample = () => {
    let rss = 0;
    let anon = 0;
    for (const name of names) {
      const reading = readProc(pids[name]);
      if (reading === null) continue;
      last[name] = reading;
      peakAnonKb[name] = Math.max(peakAnonKb[name] ?? 0, reading.anonKb);
      rss += reading.rssKb;
      anon += reading.anonKb;
    }
    peakSumRssKb = Math.max(peakSumRssKb, rss);
    peakSumAnonKb = Math.max(peakSumAnonKb, anon);
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
        perProcess: Object.fromEntries(names.map((name) => [name, { ...last[name], peakAnonKb: peakAnonKb[name] ?? 0 }])),
        cpuSeconds: cpuNow(),
        /** Each process's own peak RSS, added up. */
        peakRssKb: names.reduce((total, name) => total + (last[name]?.peakRssKb ?? 0), 0),
        /** The highest RSS the processes had together at one sampling instant. */
        peakSumRssKb,
        /** The highest anonymous memory they had together at one sampling instant. */
        peakSumAnonKb,
        timeline,
      };
    },
  };
}

/** Busy and total jiffies of all cores so far (/proc/stat); the difference of two readings gives a share. */
export function machineCpu() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}
