/**
 * Vite's configuration of the example explorer. It knows nothing of the gateway: the app calls
 * `VITE_GATEWAY_URL` (default `/graphql` on its own origin), and whoever serves it (serve.ts,
 * the browser test) answers /graphql there, so no CORS is involved.
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
