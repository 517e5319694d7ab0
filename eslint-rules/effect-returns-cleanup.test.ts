import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../test/helpers/processes';

// The cases are linted as renderer files that are not on disk: the project service gives them the renderer's compiler
// options (tsconfig.web.json) as it gives a file of the renderer its program (eslint.config.js).
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: {
    files: ['src-renderer/src/**/x-effect-rule.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['src-renderer/src/screens/x-effect-rule.tsx', 'src-renderer/src/x-effect-rule.ts'],
          defaultProject: 'tsconfig.web.json',
        },
        tsconfigRootDir: repoRoot,
      },
    },
  },
});

/** The rule's messages for this code, linted as a renderer file with the renderer's TypeScript program. */
async function effectErrors(code: string, file = 'src-renderer/src/screens/x-effect-rule.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  expect(fatal, 'the code parses').toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'station/effect-returns-cleanup').map((m) => m.message);
}

const HEADER = `import * as React from 'react';
import { useEffect, useLayoutEffect, useInsertionEffect, useRef, useState } from 'react';
declare const on: (listener: () => void) => () => void;
declare const maybeStop: (() => void) | undefined;
declare const load: () => Promise<void>;
declare const anything: any;
`;

const component = (body: string) =>
  `${HEADER}export function X() {\n  const panel = useRef<HTMLElement>(null);\n  const [n, setN] = useState(0);\n${body}\n  return n;\n}\n`;

// What an effect must not return: each is a value React would call as the cleanup.
const REFUSED: [string, string][] = [
  ["useEffect(() => panel.current?.scrollIntoView({ block: 'nearest' }), []);", 'expression body: a DOM call (a Promise in some Chromium)'],
  ['useEffect(() => setN(1), []);', 'expression body: a state setter'],
  ['useLayoutEffect(() => load(), []);', 'expression body: a Promise'],
  ['useInsertionEffect(() => n + 1, [n]);', 'expression body: a number'],
  ['React.useEffect(() => anything.go(), []);', 'expression body: any, through React.useEffect'],
  ['useEffect(() => { return load(); }, []);', 'return of a Promise'],
  ['useEffect(() => { if (n) return 1; }, [n]);', 'return of a number in a branch'],
  ['useEffect(function () { return anything; }, []);', 'return of any from a function expression'],
  ['useEffect(() => { setN(1); return panel.current?.scrollIntoView(); }, []);', 'return of void'],
];

// What an effect may return: nothing, or a function, written in place or typed as one.
const ALLOWED: [string, string][] = [
  ["useEffect(() => { panel.current?.scrollIntoView({ block: 'nearest' }); }, []);", 'a block body'],
  ['useEffect(() => on(() => setN(2)), []);', "a subscription's unsubscribe, by its type"],
  ['useEffect(() => { const t = setTimeout(() => setN(1)); return () => clearTimeout(t); }, []);', 'a cleanup arrow'],
  ['useEffect(() => { if (!n) return; return on(() => undefined); }, [n]);', 'an early return, then a subscription'],
  ['useLayoutEffect(() => maybeStop, []);', 'a function or undefined'],
  ['useEffect(() => { return undefined; }, []);', 'undefined'],
  ['useEffect(function () { return function () { setN(0); }; }, []);', 'a function expression'],
  ['useEffect(() => { const f = () => 1; const g = function () { return 2; }; setN(f() + g()); }, []);', 'returns of functions nested in the effect'],
  ['const value = React.useMemo(() => n + 1, [n]); useEffect(() => { setN(value); }, [value]);', 'another hook returning a value'],
];

describe('An effect returns only its cleanup lint rule', () => {
  it.each(REFUSED)('refuses %s (%s)', async (code) => {
    const errors = await effectErrors(component(`  ${code}`));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/React calls what an effect returns as its cleanup/);
  });

  it.each(ALLOWED)('allows %s (%s)', async (code) => {
    expect(await effectErrors(component(`  ${code}`))).toEqual([]);
  });

  it('names the value returned and the fix', async () => {
    const [arrow] = await effectErrors(component("  useEffect(() => panel.current?.scrollIntoView({ block: 'nearest' }), []);"));
    expect(arrow).toContain("`panel.current?.scrollIntoView({ block: 'nearest' })`");
    expect(arrow).toContain('Write a block body');
    const [returned] = await effectErrors(component('  useEffect(() => { return load(); }, []);'));
    expect(returned).toContain('`load()`');
    expect(returned).toContain('Return nothing, or a function that cleans up');
  });

  it('runs on plain .ts renderer files too (hooks outside components)', async () => {
    const code = `${HEADER}export function useX() {\n  useEffect(() => load(), []);\n}\n`;
    expect(await effectErrors(code, 'src-renderer/src/x-effect-rule.ts')).toHaveLength(1);
  });
});
