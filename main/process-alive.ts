// Whether a process still runs, by its id: for files a process leaves behind (a lock, a runtime file)
// that another process must tell from stale ones.

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
