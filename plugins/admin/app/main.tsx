/**
 * The panel's entry: Mantine's styles and theme, the session, the built-in pages (registered
 * through the same extension point as a plugin's), then the app.
 */
import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { exposeGlobal } from './global';
import { registerBuiltinPages } from './builtin-pages';
import { SessionProvider } from './session';

registerBuiltinPages();
exposeGlobal();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider defaultColorScheme="light">
        <SessionProvider>
          <App />
        </SessionProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
