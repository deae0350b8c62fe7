// The dashboard's build: a single-page app served by the service at /dashboard (src/http/dashboard.ts).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/dashboard/',
  plugins: [react()],
  // The batch CSV reader from its sources, as the typecheck and the tests read it (tsconfig.json's
  // `paths`); its package.json's `#csv-parse` gives the browser build of csv-parse here.
  resolve: {
    alias: { '@tidings/batch-csv': fileURLToPath(new URL('../packages/batch-csv/src/batch-csv.ts', import.meta.url)) },
  },
  // `npm run dev:dashboard`: the page from Vite, the API from a service on PORT (default 3000),
  // the port `npm start` reads too.
  server: { proxy: { '/v1': `http://localhost:${process.env.PORT ?? '3000'}` } },
  build: { outDir: fileURLToPath(new URL('../dist/dashboard', import.meta.url)), emptyOutDir: true, sourcemap: true },
});
