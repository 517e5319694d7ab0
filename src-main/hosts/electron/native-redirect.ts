import Module from 'node:module';
import { sep } from 'node:path';

// Native addons built for Node's ABI stay in node_modules (tests, CLI and web host use them);
// the Electron host loads copies built for Electron's ABI from .electron-native/ (scripts/start.mjs).
// better-sqlite3 takes its binary as an option. @pokusew/pcsclite (under nfc-pcsc) is found by
// `bindings`, which cannot be pointed elsewhere, so its load is redirected here: Node loads every
// `.node` file through `Module._extensions['.node']` (stable since Node 0.x, also in Electron).

type NodeLoader = (module: unknown, filename: string) => void;
const extensions = (Module as unknown as { _extensions: Record<string, NodeLoader> })._extensions;

/**
 * Loads each `.node` file whose path ends with a key of `redirects` (e.g.
 * `@pokusew/pcsclite/build/Release/pcsclite.node`) from the path it maps to instead.
 * Returns the function that undoes it.
 */
export function redirectNativeAddons(redirects: Record<string, string>): () => void {
  const original = extensions['.node'] as NodeLoader;
  const suffixes = Object.entries(redirects).map(([suffix, target]) => [suffix.split('/').join(sep), target] as const);
  extensions['.node'] = (module, filename) => {
    const hit = suffixes.find(([suffix]) => filename.endsWith(sep + suffix));
    original(module, hit ? hit[1] : filename);
  };
  return () => {
    extensions['.node'] = original;
  };
}
