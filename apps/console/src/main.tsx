import '@mantine/core/styles.css';
import './console.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// System fonts only (Mantine's defaults): nothing is fetched from a CDN.
const theme = createTheme({ focusRing: 'always', defaultRadius: 'sm' });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <App />
      </MantineProvider>
    </StrictMode>,
  );
}
