// Channel administration for the Channel panel: a channel's details (edit, delete), the account's custom
// metadata field definitions, and a channel's metadata values and display settings. Each call goes to the
// platform as it is asked; nothing is cached here (the renderer's slices hold what is shown).
import { CompanionError, type ChannelChoice, type ChannelDetails, type ChannelEdit, type ChannelMetadata, type MetadataContentType, type MetadataField, type NewMetadataField, type NamespaceImplementation, type channelNamespace } from '../../../preload/contract.js';
import type { ChannelChoices } from '../channels/channel-choices.js';
import type { PlatformApi } from '../../platform/endpoints/index.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import type { MetadataField as PlatformMetadataField } from '../../platform/endpoints/schemas.js';

export class ChannelAdminService extends PlatformBackedService implements NamespaceImplementation<typeof channelNamespace> {
  readonly #choices: ChannelChoices;

  constructor(platformApi: () => Promise<PlatformApi>, choices: ChannelChoices) {
    super(platformApi);
    this.#choices = choices;
  }

  async details(channelId: string): Promise<ChannelDetails> {
    const api = await this.api();
    const channel = await api.channels.get(channelId);
    const listed = (await this.#choices.list(api)).find((choice) => choice.id === channelId);
    return {
      id: channel.id,
      title: channel.title,
      description: channel.description ?? '',
      tags: channel.tags ?? [],
      url: channel.url ?? '',
      status: channel.status ?? 'offair',
      isDefault: listed?.isDefault ?? false,
      locked: !Array.isArray(channel.locks) && channel.locks.password !== undefined,
      managedFor: listed?.managedFor ?? null,
    };
  }

  async edit(channelId: string, edit: ChannelEdit): Promise<ChannelDetails> {
    const api = await this.api();
    await api.channels.edit(channelId, { title: edit.title, description: edit.description, tags: edit.tags });
    return this.details(channelId);
  }

  /** Deletes after checking the streamer named the right channel; answers the channels that are left. */
  async remove(channelId: string, { confirmTitle }: { confirmTitle: string }): Promise<ChannelChoice[]> {
    const api = await this.api();
    const channel = await api.channels.get(channelId);
    if (confirmTitle.trim() !== channel.title) {
      throw new CompanionError('confirmation_mismatch', `Type the channel's title, "${channel.title}", exactly to delete it.`);
    }
    await api.channels.remove(channelId);
    return this.#choices.list(api);
  }

  async fields(contentType: MetadataContentType): Promise<MetadataField[]> {
    const api = await this.api();
    return (await api.metadataFields.list(contentType)).map(fieldFromPlatform);
  }

  async createField(field: NewMetadataField): Promise<MetadataField> {
    const api = await this.api();
    const created = await api.metadataFields.create({
      name: field.name,
      displayName: field.displayName,
      contentType: field.contentType,
      type: field.type,
      description: field.description,
      isRequired: field.isRequired,
      enumItems: field.enumItems,
    });
    return fieldFromPlatform(created);
  }

  async deleteField(fieldId: string): Promise<null> {
    await (await this.api()).metadataFields.remove(fieldId);
    return null;
  }

  async metadata(channelId: string): Promise<ChannelMetadata> {
    const api = await this.api();
    const [values, displays] = await Promise.all([api.channelMetadata.list(channelId), api.channelMetadata.listDisplays(channelId)]);
    return {
      channelId,
      values: values.map((entry) => ({ fieldId: entry.field_id, value: entry.value })),
      displays: displays.map((entry) => ({ fieldId: entry.field_id, isLink: entry.is_link })),
    };
  }

  async setValue(channelId: string, fieldId: string, value: string): Promise<ChannelMetadata> {
    return this.#changeMetadata(channelId, (metadata) => metadata.set(channelId, fieldId, value));
  }

  async removeValue(channelId: string, fieldId: string): Promise<ChannelMetadata> {
    return this.#changeMetadata(channelId, (metadata) => metadata.remove(channelId, fieldId));
  }

  async setDisplay(channelId: string, fieldId: string, isLink: boolean): Promise<ChannelMetadata> {
    return this.#changeMetadata(channelId, (metadata) => metadata.setDisplay(channelId, fieldId, isLink));
  }

  async removeDisplay(channelId: string, fieldId: string): Promise<ChannelMetadata> {
    return this.#changeMetadata(channelId, (metadata) => metadata.removeDisplay(channelId, fieldId));
  }

  /** One change to the channel's metadata, then the metadata as the platform has it now. */
  async #changeMetadata(channelId: string, change: (metadata: PlatformApi['channelMetadata']) => Promise<unknown>): Promise<ChannelMetadata> {
    await change((await this.api()).channelMetadata);
    return this.metadata(channelId);
  }
}

/** A field definition as the contract shows it (the Videos panel reads video fields the same way). */
export function fieldFromPlatform(field: PlatformMetadataField): MetadataField {
  return {
    id: field.id ?? field.name,
    name: field.name,
    displayName: field.display_name,
    contentType: field.content_type,
    type: String(field.type),
    description: field.description ?? '',
    isRequired: field.is_required,
    enumItems: (field.enum_items ?? []).map((entry) => entry.item),
  };
}
