import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app-shell';
import { chooseBridge } from './bridge/companion-bridge';
import { connectBridge } from './bridge/connect-bridge';
// In this order: later files build on the earlier ones' rules.
import './styles/shell.css';
import './styles/controls.css';
import './styles/uploads.css';
import './styles/shared-pieces.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The transport is chosen once, here, and handed in: the slices never pick one themselves.
connectBridge(chooseBridge());
createRoot(root).render(
  <StrictMode>
    <AppShell />
  </StrictMode>,
);
