// A process that holds the app's secret store (the built keychain-or-memory store over keytar) and runs the
// operations a test sends it, one JSON line each, answering one JSON line each; every change of the store's
// state is a line too. Its own process, because the keychain's environment (the session bus, HOME) is read
// once per process, and a keychain crash must not take the test runner down with it.
//   node vault-driver.mjs <folder of the built vault modules> <keychain service> <promptAfterMs> <giveUpAfterMs> <recheckEveryMs>
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const [folder, service, promptAfterMs, giveUpAfterMs, recheckEveryMs] = process.argv.slice(2);
const { keytarSecretStore } = await import(pathToFileURL(join(folder, 'secret-store.js')).href);
const { FallbackSecretStore } = await import(pathToFileURL(join(folder, 'fallback-secret-store.js')).href);

const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
const store = new FallbackSecretStore(keytarSecretStore(service), {
  promptAfterMs: Number(promptAfterMs),
  giveUpAfterMs: Number(giveUpAfterMs),
  recheckEveryMs: Number(recheckEveryMs),
});
store.onChange((state) => print({ event: 'state', state }));

for await (const line of createInterface({ input: process.stdin })) {
  const { id, op, args } = JSON.parse(line);
  try {
    const value = op === 'retry' ? await store.retry() : op === 'ready' ? await store.ready() : await store[op](...args);
    print({ id, ok: true, value: value ?? null, state: store.state });
  } catch (error) {
    print({ id, ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), state: store.state });
  }
}
store.close();
