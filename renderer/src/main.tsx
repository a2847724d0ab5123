import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app-shell';
import { chooseBridge } from './bridge/companion-bridge';
import { connectBridge } from './bridge/connect-bridge';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The transport is chosen once, here, and handed in: the slices never pick one themselves.
connectBridge(chooseBridge());
createRoot(root).render(
  <StrictMode>
    <AppShell />
  </StrictMode>,
);
