import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** `npm run dev` proxies /api to the server on 3000; `npm run dev:fake` to the fake-api on 3001. */
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${mode === 'fake' ? (process.env.FAKE_API_PORT ?? 3001) : (process.env.PORT ?? 3000)}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
}));
