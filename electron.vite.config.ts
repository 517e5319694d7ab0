import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

// One build for the three runtimes: the main process (core + hosts), the preload
// (one contextBridge object) and the renderer (React). The web host serves the
// same renderer build from out/renderer.
export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/hosts/electron/main.ts') },
      },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // Minified: electron-vite leaves it off by default, and the unminified renderer was 3.2 MB to parse before the
      // first screen (docs/architecture.md, "Renderer"). Each screen is its own chunk (App.tsx, React.lazy).
      minify: true,
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
});
