// Child processes of a bench, each in its own process group so it is ended with all it started: started,
// followed (stderr tail, stdout lines, exit), ended with SIGTERM then SIGKILL, and all killed on any way out.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';

export class ChildProcesses {
  #running = new Set();
  #cwd;

  constructor(cwd) {
    this.#cwd = cwd;
  }

  isRunning(handle) {
    return this.#running.has(handle.child);
  }

  start(label, command, args, { stdin = 'ignore' } = {}) {
    const child = spawn(command, args, { cwd: this.#cwd, detached: true, stdio: [stdin, 'pipe', 'pipe'] });
    this.#running.add(child);
    let stderr = '';
    child.stderr.on('data', (data) => {
      stderr = (stderr + data.toString()).slice(-4000);
    });
    const exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.#running.delete(child);
        resolve({ code, signal, at: performance.now() });
      });
      child.once('error', (error) => {
        this.#running.delete(child);
        stderr += `\n${error.message}`;
        resolve({ code: -1, signal: null, at: performance.now() });
      });
    });
    const lines = createInterface({ input: child.stdout });
    return { label, child, exited, lines, stderrTail: () => stderr.trim() };
  }

  /** SIGTERM to its group, SIGKILL after `timeoutMs`. */
  async end(handle, timeoutMs = 5000) {
    if (!this.#running.has(handle.child)) return handle.exited;
    killGroup(handle.child.pid, 'SIGTERM');
    const result = await Promise.race([handle.exited, delay(timeoutMs, null)]);
    if (result !== null) return result;
    killGroup(handle.child.pid, 'SIGKILL');
    return handle.exited;
  }

  killAll() {
    for (const child of this.#running) killGroup(child.pid, 'SIGKILL');
  }
}

export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
}
