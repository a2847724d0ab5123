// Journals written before upload transports (version 1, no header line): FTP only, the platform upload as
// `{videoId, path, host, port, user}` and one `transferred` flag. Their lines are read into version 2 as
// they are read: the upload becomes an FTP ticket (the FTP name `<path>.<extension>`, the item's channel)
// with one part, acknowledged when the file was transferred. Opening then rewrites the journal in version 2.
import { z } from 'zod';
import { ftpLogin } from './ftp-upload-transport.js';
import { journalItem, journalRecord, type JournalItem, type ParsedJournalRecord, type PlatformUpload } from './journal-records.js';

const v1Upload = ftpLogin.extend({ path: z.string().min(1) });
type V1Upload = z.output<typeof v1Upload>;

const v1Item = journalItem.omit({ upload: true }).extend({ upload: v1Upload.nullable(), transferred: z.boolean() });

const v1Record = z.union([
  z.object({ t: z.literal('item'), item: v1Item }),
  z.object({ t: z.literal('initialised'), id: z.string(), upload: v1Upload }),
]);

/**
 * A version 1 line as a version 2 record, given the items read so far (an `initialised` step needs its
 * item's channel, extension and size); null when it is no record of either version.
 */
export function migratedRecord(parsed: unknown, items: ReadonlyMap<string, JournalItem>): ParsedJournalRecord | null {
  const old = v1Record.safeParse(parsed);
  if (old.success) {
    if (old.data.t === 'item') {
      const { transferred, upload, ...rest } = old.data.item;
      return { t: 'item', item: { ...rest, upload: upload === null ? null : ftpUpload(upload, rest, transferred) } };
    }
    const item = items.get(old.data.id);
    if (!item) return null;
    return { t: 'initialised', id: old.data.id, upload: ftpUpload(old.data.upload, item, false) };
  }
  // Every other step is the same in both versions.
  const same = journalRecord.safeParse(parsed);
  return same.success && same.data.t !== 'item' && same.data.t !== 'initialised' && same.data.t !== 'part' ? same.data : null;
}

function ftpUpload(upload: V1Upload, item: Pick<JournalItem, 'channelId' | 'extension' | 'size'>, transferred: boolean): PlatformUpload {
  return {
    transport: 'ftp',
    ticket: { channelId: item.channelId, videoId: upload.videoId, host: upload.host, port: upload.port, user: upload.user, remoteName: `${upload.path}.${item.extension}` },
    parts: { count: 1, size: Math.max(1, item.size), acknowledged: transferred ? [[0, 0]] : [] },
  };
}
