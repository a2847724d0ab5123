// What a bench ran on, for its report: cores, CPU model, memory, kernel, Node, and the tools it names.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

/** A tool's version line (some print it on stderr, as nginx -v does); 'unknown' when it does not run. */
export function toolOutput(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() || 'unknown';
}

export function machine(tools = {}) {
  const model = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return {
    nproc: toolOutput('nproc', []),
    cpu: model,
    memory: `${Math.round(totalmem() / 1024 ** 3)} GiB`,
    kernel: toolOutput('uname', ['-r']),
    node: process.version,
    ...Object.fromEntries(Object.entries(tools).map(([name, version]) => [name, version()])),
  };
}
