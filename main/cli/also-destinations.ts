// `--also URL[,URL...]` (repeatable) as relay destinations: each flag is one more destination, with its
// own failover list in the order given; `--to` is the main destination's list. Each URL's stream key (the
// last path segment) is registered with the logger, so no log or event line shows it.
import type { Logger } from '../log/redacting-logger.js';
import { fixedTargets } from '../relay/relay.js';
import type { DestinationSpec, TargetSpec } from '../relay/relay-types.js';
import { UsageError } from './command-context.js';

/** `--to` URLs as the main destination's failover list. */
export function publishTargets(flag: string, urls: readonly string[], idPrefix: string, logger: Pick<Logger, 'registerSecret'>): TargetSpec[] {
  return urls.map((url, index) => {
    if (!/^rtmps?:\/\/[^/]+\/[^/]+\/[^/]+/.test(url)) throw new UsageError(`${flag} takes rtmp:// or rtmps:// addresses with an application and a stream key, rtmp[s]://HOST[:PORT]/APP/KEY (got ${redacted(url)})`);
    logger.registerSecret(new URL(url).pathname.split('/').pop() ?? '');
    return { id: `${idPrefix}${index + 1}`, label: `${new URL(url).host} (#${index + 1})`, url };
  });
}

/** Each `--also` value is one destination, `also-1`, `also-2`…; commas separate its failover URLs. */
export function alsoDestinations(values: readonly string[] | undefined, logger: Pick<Logger, 'registerSecret'>): DestinationSpec[] {
  return (values ?? []).map((value, index) => {
    const id = `also-${index + 1}`;
    const urls = value.split(',').map((url) => url.trim()).filter((url) => url !== '');
    if (urls.length === 0) throw new UsageError('--also needs an address: --also rtmp[s]://HOST[:PORT]/APP/KEY (or several, comma-separated, for its failover list)');
    const targets = publishTargets('--also', urls, `${id}-target-`, logger);
    return { id, label: `${new URL(urls[0]!).host} (also #${index + 1})`, targets: fixedTargets(targets) };
  });
}

/** A URL as a usage error may show it: without the path, where the key goes. */
function redacted(url: string): string {
  return url.replace(/^([a-z][a-z\d+.-]*:\/\/[^/]*).*/i, '$1/…');
}
