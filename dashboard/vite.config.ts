// The dashboard's build: a single-page app served by the service at /dashboard (src/http/dashboard.ts).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/dashboard/',
  plugins: [react()],
  // `npm run dev:dashboard`: the page from Vite, the API from a service on port 3000.
  server: { proxy: { '/v1': 'http://localhost:3000' } },
  build: { outDir: fileURLToPath(new URL('../dist/dashboard', import.meta.url)), emptyOutDir: true, sourcemap: true },
});
