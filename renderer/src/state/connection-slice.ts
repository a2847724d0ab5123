// Connection to the core process: what the header's indicator shows.
import { create } from 'zustand';
import type { LinkState } from '../bridge/socket-bridge';

// Types
export type Transport = 'electron' | 'browser';

export interface ConnectionState {
  readonly link: LinkState;
  readonly transport: Transport | null;
}

export interface ConnectionActions {
  setLink(link: LinkState, transport: Transport): void;
}

// Initial state
export const initialConnectionState: ConnectionState = { link: { kind: 'connecting' }, transport: null };

// Hook (with its actions)
export const useConnectionStore = create<ConnectionState & ConnectionActions>()((set) => ({
  ...initialConnectionState,
  setLink: (link, transport) => set({ link, transport }),
}));
