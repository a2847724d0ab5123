// Runs a command with inherited output and fails loudly with the command's name if it fails.
import { spawn } from 'node:child_process';

export function run(command, args, { cwd, env, label } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: 'inherit' });
    child.on('error', (error) => reject(new Error(`${label ?? command}: could not start ${command}: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${label ?? command} failed (${signal ?? `exit code ${code}`}): ${command} ${args.join(' ')}`));
    });
  });
}
