// The preload: exposes the contract-derived bridge as window.companion, and nothing else
// (never ipcRenderer itself). Bundled to one CommonJS file because sandboxed preloads cannot load modules.
import { contextBridge, ipcRenderer } from 'electron';
import { contract, type CompanionTransport } from './contract.js';
import { createIpcBridge } from './preload-bridge.js';

contextBridge.exposeInMainWorld('companion', createIpcBridge(contract, ipcRenderer) satisfies CompanionTransport);
