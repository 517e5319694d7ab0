import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * `<link rel="modulepreload">` in index.html for the chunks of the screens a page load opens on (the Reels, or
 * Connect on first run; App.tsx `preloadFirstScreen`) and every chunk they import: fetched beside the shell's own
 * chunks instead of after the shell has run (issue 17: the Reels chunk waited ~200 ms for the shell's script).
 */
function preloadFirstScreens(screens: string[]): Plugin {
  return {
    name: 'station:preload-first-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || !chunk || chunk.type !== 'chunk') return;
          files.add(fileName);
          chunk.imports.forEach(add);
        };
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isDynamicEntry && screens.some((screen) => chunk.facadeModuleId?.endsWith(`/${screen}.tsx`))) add(chunk.fileName);
        if (files.size === 0) throw new Error(`No chunk for the first screens ${screens.join(', ')}: App.tsx's imports changed?`);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

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
    plugins: [react(), preloadFirstScreens(['ReelsScreen', 'ConnectScreen'])],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // Minified: electron-vite leaves it off by default, and the unminified renderer was 3.2 MB to parse before the
      // first screen (docs/architecture.md, "Renderer"). Each screen is its own chunk (App.tsx, React.lazy).
      minify: true,
      // A chunk loaded by import() fetches its own imports (the Electron window reads files, the web host's chunks are
      // cached: docs/architecture.md, "Renderer"), so Vite's helper adds no <link rel="modulepreload"> per import and
      // does not wait for them; it still adds a chunk's stylesheets, which nothing else would load.
      modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))) },
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
});
