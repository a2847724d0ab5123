// The panels of the navigation (renderer/src/state/navigation-slice.ts), by their address.
export const PANELS = ['sign-in', 'go-live', 'uploads', 'videos', 'playlists', 'channel', 'managers', 'device-passwords', 'security', 'branding', 'hooks', 'settings'] as const;
