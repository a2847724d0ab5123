// Hands the chosen bridge to the slices: their actions call it (bridge-registry), and the slices that follow
// main's events subscribe here, in one list. A new slice with events is one line in SLICE_CONNECTORS.
import type { CompanionBridge } from '../../../preload/contract.js';
import { connectAppStatus } from '../state/app-status-slice';
import { connectHooks } from '../state/hooks-slice';
import { connectKeychain } from '../state/keychain-slice';
import { connectLive } from '../state/live-slice';
import { connectNotices } from '../state/notices-slice';
import { connectSession } from '../state/session-slice';
import { connectTrimCopy } from '../state/trim-copy-slice';
import { connectUploads } from '../state/uploads-slice';
import { connectVideoDownload } from '../state/video-download-slice';
import { setBridge } from './bridge-registry';

/** Each subscribes its slice to the bridge's events and returns the unsubscribe. */
const SLICE_CONNECTORS: readonly ((companion: CompanionBridge) => () => void)[] = [
  connectAppStatus,
  connectHooks,
  connectKeychain,
  connectLive,
  connectNotices,
  connectSession,
  connectTrimCopy,
  connectUploads,
  connectVideoDownload,
];

/** Makes `companion` the slices' bridge and subscribes them to its events; the result undoes both. */
export function connectBridge(companion: CompanionBridge): () => void {
  setBridge(companion);
  const unsubscribes = SLICE_CONNECTORS.map((connect) => connect(companion));
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    setBridge(null);
  };
}
