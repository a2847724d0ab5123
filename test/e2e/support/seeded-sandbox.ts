// An embedded sandbox that starts from the seed with a change: written into the app's data folder before
// the app starts (StartOptions.prepare), as the sandbox's own state file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Benefit, SandboxData } from '../../../sandbox/state/model.js';
import { seedData } from '../../../sandbox/state/seed.js';

export function seededSandbox(change: (state: SandboxData) => void): (dataDir: string) => void {
  return (dataDir) => {
    const state = seedData();
    change(state);
    mkdirSync(join(dataDir, 'sandbox'), { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'sandbox', 'state.json'), JSON.stringify(state), { mode: 0o600 });
  };
}

/** The seed with the demo account's plan lacking these benefits (the platform's 402/403 answers). */
export function demoWithout(...lacking: Benefit[]): (dataDir: string) => void {
  return seededSandbox((state) => {
    const demo = state.accounts.find((account) => account.username === 'demo')!;
    demo.benefits = demo.benefits.filter((benefit) => !lacking.includes(benefit));
  });
}
