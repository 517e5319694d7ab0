import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

// A placeholder with its format (`{{count, number}}`): a translation formats the value as the original does.
const placeholders = (text: string) => [...text.matchAll(/\{\{([^}]+)\}\}/g)].map((m) => (m[1] ?? '').replace(/\s+/g, '')).sort();

describe('string catalogs', () => {
  const english = leaves(en);
  const german = leaves(de as Tree);

  it('German has every English string, none empty', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of german) expect(text.trim(), key).not.toBe('');
  });

  it('each translation keeps the same placeholders', () => {
    for (const [key, text] of english) expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  // Issue 17: the GUI told operators to use `--first-position`; a shift lead reads words, not a command line.
  it('no string names a command-line flag', () => {
    for (const [key, text] of [...english, ...german]) expect(text, key).not.toMatch(/(^|[\s(])--[a-z]/);
  });
});
