import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The operator console: served by every service under /console/ (libs/console), built into apps/console/dist. */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed names under assets/: the service caches those for a year, index.html never.
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    // `npx vite` in apps/console during development: the API of a local service (npm run start:lf, port 3000).
    proxy: Object.fromEntries(
      [
        '/operator',
        '/processes',
        '/triggers',
        '/findings',
        '/refused',
        '/deadlines',
        '/bookings',
        '/journal',
        '/get',
      ].map((prefix) => [prefix, { target: 'http://localhost:3000', changeOrigin: false }]),
    ),
  },
});
