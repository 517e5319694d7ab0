// The import rules between the station's folders (eslint-rules/README.md; the rooms: docs/architecture.md): every source file
// belongs to an area, and an area may import only the areas ALLOWED names; `electron` and Node
// built-ins only where they can run. In src-main every folder is an area of its own, so a file
// in a folder no area covers is an error: a new folder cannot slip through unchecked.
import { builtinModules } from 'node:module';
import path from 'node:path';

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The folders of src-main with an area of their own (`main/<folder>`); hosts/electron is `main/hosts/electron`. */
const MAIN_FOLDERS = [
  'commands',
  'changes',
  'reads',
  'connection',
  'sync',
  'service',
  'store',
  'devices',
  'print-run',
  'printers',
  'print-quality',
  'quality-check',
  'reports',
  'runtime',
  'hosts',
];

const TOP_AREAS = ['src-shared', 'src-preload', 'src-renderer', 'src-sandbox'];

/** The repository's test folder: helpers and fixtures that only unit tests (`*.test.ts`) may import. */
const TEST_FOLDER = 'test';

const toPosix = (relPath) => relPath.split(path.sep).join('/');
const under = (p, folder) => p === folder || p.startsWith(`${folder}/`);

/**
 * The area a file (or an import's resolved target, which may lack its extension or name a folder)
 * belongs to, from its path relative to the repository root; undefined outside every area.
 */
export function areaOf(relPath) {
  const p = toPosix(relPath);
  if (under(p, 'src-main/hosts/electron')) return 'main/hosts/electron';
  if (/^src-main\/station(\.test)?(\.[cm]?[jt]sx?)?$/.test(p)) return 'main/station';
  // The first path segment after src-main/: a folder's name, or a file's (`store.ts` is no area).
  const folder = /^src-main\/([^/]+)(?:\/|$)/.exec(p)?.[1];
  if (folder !== undefined && MAIN_FOLDERS.includes(folder)) return `main/${folder}`;
  return TOP_AREAS.find((top) => under(p, top));
}

/**
 * For a path in src-main that no area covers, what to name in the error: its folder
 * (`src-main/core`) or, directly in src-main, the file itself (`src-main/log.ts`). Undefined otherwise.
 */
export function withoutArea(relPath) {
  const p = toPosix(relPath);
  if (!p.startsWith('src-main/') || areaOf(p) !== undefined) return undefined;
  return `src-main/${p.slice('src-main/'.length).split('/')[0]}`;
}

const RUNTIME = 'main/runtime';
const SHARED = 'src-shared';
const COMMANDS_MAY = [
  'main/changes',
  'main/reads',
  'main/sync',
  'main/connection',
  'main/store',
  'main/service',
  'main/devices',
  'main/print-run',
  'main/printers',
  'main/print-quality',
  'main/quality-check',
  'main/reports',
];
// The CLI grades an image named on its command line and says grades in its own words (src-main/print-quality).
const HOSTS_MAY = ['main/station', RUNTIME, 'main/store', 'main/devices', 'main/print-quality', 'main/service', 'src-sandbox', SHARED];

/** area → areas it may import (besides itself). Anything else in the tree is refused. */
export const ALLOWED = {
  'src-shared': [],
  'src-preload': [SHARED],
  'src-renderer': [SHARED],
  'src-sandbox': [SHARED],
  'main/runtime': [SHARED],
  'main/store': [SHARED, RUNTIME],
  'main/service': [SHARED, RUNTIME],
  'main/devices': [SHARED, RUNTIME],
  'main/connection': [SHARED, RUNTIME, 'main/store', 'main/service'],
  'main/sync': [SHARED, RUNTIME, 'main/store', 'main/service'],
  'main/changes': [SHARED, RUNTIME, 'main/store', 'main/devices', 'main/print-run', 'main/print-quality'],
  // Reads join rows (and the service's answers) into one answer; they find a Label or Reel as the changes do (changes/context.ts).
  'main/reads': [SHARED, RUNTIME, 'main/store', 'main/service', 'main/changes'],
  'main/print-run': [SHARED, RUNTIME, 'main/store'],
  // The shop's printers and print jobs (docs/printing.md): they send the print run's exports.
  'main/printers': [SHARED, RUNTIME, 'main/store', 'main/print-run'],
  // Print-quality grading (docs/print-quality.md): image analysis of a still the camera's pipeline decoded and read.
  'main/print-quality': [SHARED, RUNTIME, 'main/devices'],
  'main/quality-check': [SHARED, RUNTIME, 'main/store', 'main/service'],
  'main/reports': [SHARED, RUNTIME, 'main/store', 'main/service', 'main/quality-check'],
  'main/commands': [SHARED, RUNTIME, ...COMMANDS_MAY],
  'main/station': [SHARED, RUNTIME, 'main/commands', ...COMMANDS_MAY, 'src-sandbox'],
  'main/hosts': HOSTS_MAY,
  'main/hosts/electron': [...HOSTS_MAY, 'main/hosts'],
};

const ELECTRON_ALLOWED = ['main/hosts/electron', 'src-preload'];
const WITHOUT_NODE = ['src-shared', 'src-renderer', 'src-preload'];

function refused(from, to) {
  const may = ALLOWED[from] ?? [];
  return `${from} may not import ${to}: ${from} may import ${may.length ? may.join(', ') : 'nothing else in the tree'} (eslint-rules/import-boundaries.js, ALLOWED).`;
}

/** `place` is a folder of src-main (`src-main/core`) or a file directly in it (`src-main/log.ts`). */
function noArea(place) {
  const fix = /\.[cm]?[jt]sx?$/.test(place) ? 'move it into the folder of its area, or add it to' : 'add it to';
  return `${place} has no import area: ${fix} eslint-rules/import-boundaries.js.`;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "Enforce the import rules between the station's folders." },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const filename = context.filename;
    const relPath = path.relative(root, filename);
    const from = areaOf(relPath);
    const missing = withoutArea(relPath);
    if (!from && !missing) return {};
    // The file's own place in the messages: its area, or the src-main folder that has none.
    const self = from ?? missing;
    // A unit test beside the code may use the test runner, Node and the repository's test
    // folder; it still may not reach into folders its code may not import.
    const isTest = /\.test\.tsx?$/.test(filename);

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source === 'electron' || source.startsWith('electron/')) {
        if (!ELECTRON_ALLOWED.includes(self)) {
          context.report({ node, message: `${self} may not import electron: only ${ELECTRON_ALLOWED.join(' and ')} may.` });
        }
        return;
      }
      if (NODE_BUILTINS.has(source)) {
        if (!isTest && WITHOUT_NODE.includes(self)) {
          context.report({
            node,
            message: `${self} may not import the Node built-in "${source}": ${WITHOUT_NODE.join(', ')} run without Node (only their *.test.ts may).`,
          });
        }
        return;
      }
      if (!source.startsWith('.')) {
        if (self === 'src-shared' && source !== 'zod' && !source.startsWith('zod/') && !(isTest && source === 'vitest')) {
          context.report({ node, message: `src-shared may not import "${source}": src-shared may import only zod (and its tests vitest).` });
        }
        return;
      }
      // A file without an area is reported once (Program); its imports are not checked.
      if (!from) return;
      const targetPath = path.relative(root, path.resolve(path.dirname(filename), source));
      if (under(toPosix(targetPath), TEST_FOLDER)) {
        if (!isTest) context.report({ node, message: `${from} may not import ${TEST_FOLDER}/: only a unit test (*.test.ts) may.` });
        return;
      }
      const targetMissing = withoutArea(targetPath);
      if (targetMissing) {
        context.report({ node, message: `${from} may not import ${targetMissing}, which has no import area: add it to eslint-rules/import-boundaries.js.` });
        return;
      }
      const target = areaOf(targetPath);
      if (!target || target === from) return;
      if (!(ALLOWED[from] ?? []).includes(target)) context.report({ node, message: refused(from, target) });
    }

    return {
      Program: (node) => {
        if (missing) context.report({ node, loc: { line: 1, column: 0 }, message: noArea(missing) });
      },
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
