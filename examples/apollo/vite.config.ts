/**
 * Vite's configuration of the Apollo Client example. The app calls /graphql on its own origin,
 * over HTTP for queries and WebSocket for subscriptions; Vite's dev server and `vite preview`
 * forward both to the gateway at GATEWAY_ORIGIN (`npm run demo`'s http://127.0.0.1:4000 by default).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const proxy = { '/graphql': { target: process.env.GATEWAY_ORIGIN ?? 'http://127.0.0.1:4000', ws: true } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy },
  preview: { proxy },
});
