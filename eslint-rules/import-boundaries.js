// Enforces the import rules of docs/architecture.md ("Folders", "The rooms of src-main"): which part of
// the tree may import which, and where `electron` and Node built-ins may appear.
import { builtinModules } from 'node:module';
import path from 'node:path';

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The area a file belongs to, from its path relative to the repository root. */
export function areaOf(relPath) {
  const p = relPath.split(path.sep).join('/');
  if (p.startsWith('src-main/hosts/electron/')) return 'main/hosts/electron';
  if (p.startsWith('src-main/hosts/')) return 'main/hosts';
  if (/^src-main\/station(\.[cm]?[jt]s)?$/.test(p)) return 'main/station';
  for (const sub of ['service', 'store', 'sync', 'devices', 'enrollment']) {
    if (p.startsWith(`src-main/${sub}/`)) return `main/${sub}`;
  }
  if (p.startsWith('src-main/')) return 'main/other';
  for (const top of ['src-shared', 'src-preload', 'src-renderer', 'src-sandbox']) {
    if (p.startsWith(`${top}/`)) return top;
  }
  return undefined;
}

const MAIN_CORE = ['main/service', 'main/store', 'main/sync', 'main/devices', 'main/enrollment', 'main/other'];

/** area → areas it may import (besides itself). Anything else in the tree is refused. */
const ALLOWED = {
  'src-shared': [],
  'src-preload': ['src-shared'],
  'src-renderer': ['src-shared'],
  'src-sandbox': ['src-shared'],
  'main/service': ['src-shared', 'main/other'],
  'main/store': ['src-shared', 'main/other'],
  'main/sync': ['main/store', 'main/service', 'src-shared', 'main/other'],
  'main/devices': ['src-shared', 'main/other'],
  'main/enrollment': ['main/store', 'main/devices', 'src-shared', 'main/other'],
  'main/other': [...MAIN_CORE, 'src-shared'],
  'main/station': [...MAIN_CORE, 'src-shared', 'src-sandbox'],
  'main/hosts': [...MAIN_CORE, 'main/station', 'src-shared', 'src-sandbox'],
  'main/hosts/electron': [...MAIN_CORE, 'main/station', 'main/hosts', 'src-shared', 'src-sandbox'],
};

const ELECTRON_ALLOWED = new Set(['main/hosts/electron', 'src-preload']);

function message(from, to) {
  return `${from} may not import ${to} (ARCHITECTURE.md, "Never").`;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import rules between the station\'s folders.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const filename = context.filename;
    const from = areaOf(path.relative(root, filename));
    if (!from) return {};
    // A unit test beside the code may use the test runner and Node; it still may
    // not reach into folders its code may not import.
    const isTest = /\.test\.tsx?$/.test(filename);

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source === 'electron' || source.startsWith('electron/')) {
        if (!ELECTRON_ALLOWED.has(from)) context.report({ node, message: message(from, 'electron') });
        return;
      }
      if (NODE_BUILTINS.has(source)) {
        if (!isTest && (from === 'src-shared' || from === 'src-renderer' || from === 'src-preload')) {
          context.report({ node, message: message(from, `the Node built-in "${source}"`) });
        }
        return;
      }
      if (!source.startsWith('.')) {
        if (from === 'src-shared' && source !== 'zod' && !source.startsWith('zod/') && !(isTest && source === 'vitest')) {
          context.report({ node, message: message(from, `"${source}" (src-shared may import only zod)`) });
        }
        return;
      }
      const target = areaOf(path.relative(root, path.resolve(path.dirname(filename), source)));
      if (!target || target === from) return;
      if (!(ALLOWED[from] ?? []).includes(target)) context.report({ node, message: message(from, target) });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') {
          check(node, node.arguments[0].value);
        }
      },
    };
  },
};
