// Labels sort the owner's library: the account's labels (create, rename, delete) and which of them a
// video carries (attach, detach). The spec lists no label errors; the sandbox's 400 (a name in use, a label
// that is not the user's) and 404 (a label gone) get sentences anyway.
import type { Label } from '../../platform/endpoints/schemas.js';
import type { VideoLabel, VideoLabels, NamespaceImplementation, labelsNamespace } from '../../../preload/contract.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import { explained } from './video-tool-errors.js';

const LABEL_GONE = 'This label no longer exists (it may have been deleted elsewhere). Reload the labels.';

export class LabelService extends PlatformBackedService implements NamespaceImplementation<typeof labelsNamespace> {
  async list(): Promise<VideoLabel[]> {
    const api = await this.api();
    return (await explained(() => api.labels.list())).map(labelOf).sort(byName);
  }

  async forVideo(videoId: string): Promise<VideoLabels> {
    const api = await this.api();
    const [labels, attached] = await Promise.all([explained(() => api.labels.list()), explained(() => api.labels.listForVideo(videoId))]);
    return { videoId, labels: labels.map(labelOf).sort(byName), attached: attached.map((label) => label.label_id) };
  }

  async create(name: string): Promise<VideoLabel> {
    const api = await this.api();
    const label = await explained(() => api.labels.create(name), { 400: nameRefused(name) });
    return labelOf(label);
  }

  async rename(labelId: number, name: string): Promise<null> {
    const api = await this.api();
    await explained(() => api.labels.rename(labelId, name), { 400: nameRefused(name), 404: LABEL_GONE });
    return null;
  }

  async remove(labelId: number): Promise<null> {
    const api = await this.api();
    await explained(() => api.labels.remove(labelId), { 404: LABEL_GONE });
    return null;
  }

  async setOnVideo(videoId: string, labelId: number, attached: boolean): Promise<null> {
    const api = await this.api();
    // 400 here means the label is not (any more) one of the video owner's labels.
    await explained(() => (attached ? api.labels.addToVideo(videoId, [labelId]) : api.labels.removeFromVideo(videoId, [labelId])), { 400: LABEL_GONE });
    return null;
  }
}

function labelOf(label: Label): VideoLabel {
  return { id: label.label_id, name: label.label_name, color: label.label_color };
}

function byName(a: VideoLabel, b: VideoLabel): number {
  return a.name.localeCompare(b.name);
}

function nameRefused(name: string): string {
  return `The platform refused the label name "${name}". Use 1 to 100 characters on one line that no other label of yours has (case does not count).`;
}
