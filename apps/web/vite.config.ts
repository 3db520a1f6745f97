import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { htmlHeadPlugin } from './scripts/html-head-plugin.ts';
import { prerenderLandingPlugin } from './scripts/prerender-plugin.ts';

const SERVER_URL = 'http://127.0.0.1:3000';
const proxiedPaths = ['/api', '/waitlist', '/contact', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react(), tailwindcss(), htmlHeadPlugin(), prerenderLandingPlugin()],
  server: {
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: SERVER_URL, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The contracts build zod schemas at module level; marking zod's builder pure lets the
      // landing chunk drop the schemas it does not use (and zod with them).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
