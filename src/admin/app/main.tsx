import './zod-jitless.ts';
import { createRoot } from 'react-dom/client';
import AdminApp from './AdminApp.tsx';

/**
 * The console's entry: the shell page (src/pages/admin-console.astro) loads this as its own bundle
 * and it mounts the app into #admin-root. A separate bundle, not an Astro island, so the console
 * shares no chunk with the public islands and public pages do not change by a byte.
 */
const root = document.getElementById('admin-root');
if (root) createRoot(root).render(<AdminApp />);
