// One process using the built keychain store the way the app and the command line do at the same time:
//   node keychain-churn.mjs <built secret-store.js> <service> check <rounds>   (the keychain check, again and again)
//   node keychain-churn.mjs <built secret-store.js> <service> read <account> <rounds>  (get and list, again and again)
// Prints one JSON line at the end: { rounds, errors: [first few messages] }.
import { pathToFileURL } from 'node:url';

const [modulePath, service, mode, ...rest] = process.argv.slice(2);
const { keytarSecretStore } = await import(pathToFileURL(modulePath).href);
const store = keytarSecretStore(service);
const rounds = Number(mode === 'check' ? rest[0] : rest[1]);
const errors = [];
for (let round = 0; round < rounds; round += 1) {
  try {
    if (mode === 'check') await store.check();
    else if ((await store.get(rest[0])) === null || !(await store.list()).includes(rest[0])) errors.push(`round ${round}: ${rest[0]} not found`);
  } catch (error) {
    errors.push(`round ${round}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.stdout.write(`${JSON.stringify({ rounds, errors: errors.slice(0, 5), errorCount: errors.length })}\n`);
