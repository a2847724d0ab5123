// The platform's public web addresses (pages, players, thumbnails). The sandbox has no website, so these
// point at a reserved domain: they are shaped like the real thing but never resolve.
const WEB = 'https://sandbox.invalid';

export const webAddresses = {
  channelPage: (urlName: string) => `${WEB}/channel/${urlName}`,
  channelShort: (id: string) => `${WEB}/c/${id}`,
  channelHls: (id: string) => `${WEB}/hls/${id}/playlist.m3u8`,
  channelDirectHls: (id: string) => `${WEB}/dhls/${id}/playlist.m3u8`,
  channelThumbnail: (id: string) => `${WEB}/thumbnails/channel/${id}.jpg`,
  channelPicture: (id: string, size: string) => `${WEB}/pictures/channel/${id}/${size}.jpg`,
  videoPage: (id: string) => `${WEB}/recorded/${id}`,
  videoThumbnail: (id: string) => `${WEB}/thumbnails/video/${id}.jpg`,
  videoFlv: (id: string) => `${WEB}/media/${id}.flv`,
  videoDirectHls: (id: string) => `${WEB}/dhls/video/${id}/playlist.m3u8`,
};

export const PICTURE_SIZES = ['66x66', '90x90', '120x120', '128x128', '256x256'] as const;
