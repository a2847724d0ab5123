// The preload: exposes the contract-derived bridge as window.companion (never ipcRenderer itself), and
// window.companionFiles, the path of a dropped file, which only the preload can read. Bundled to one
// CommonJS file because sandboxed preloads cannot load modules.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { contract, type CompanionTransport, type DroppedFilePaths } from './contract.js';
import { createIpcBridge } from './preload-bridge.js';

type DroppedFile = Parameters<typeof webUtils.getPathForFile>[0];

contextBridge.exposeInMainWorld('companion', createIpcBridge(contract, ipcRenderer) satisfies CompanionTransport);
contextBridge.exposeInMainWorld('companionFiles', { pathForFile: (file: DroppedFile) => webUtils.getPathForFile(file) } satisfies DroppedFilePaths<DroppedFile>);
