import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src-shared/api/errors';
import { CLIENT_ERROR_CODES, ERROR_WORD_FIELDS } from '../../../src-shared/ipc/error-words';
import { CaptureRefusalCodeSchema } from '../../../src-shared/ipc/camera';
import { CAMERA_ERROR_CODES } from '../camera/camera-errors';
import { SyncPauseKind } from '../../../src-shared/ipc/station';
import { StationErrorCode } from '../../../src-shared/ipc/station-error';
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
const placeholderNames = (text: string) => [...text.matchAll(/\{\{\s*([^},\s]+)/g)].map((m) => m[1] ?? '');

const catalogs = { en: leaves(en), de: leaves(de as Tree) };

/** Every error code a screen can show: the station's, the spec's and the service client's own. */
const SCREEN_CODES = [...Object.values(StationErrorCode), ...ERROR_CODES, ...CLIENT_ERROR_CODES];

describe('string catalogs', () => {
  const english = catalogs.en;
  const german = catalogs.de;

  it('German has every English string, none empty', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of german) expect(text.trim(), key).not.toBe('');
  });

  it('each translation keeps the same placeholders', () => {
    for (const [key, text] of english) expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  // docs/architecture.md, "Errors": a shift lead reads words, not a command line.
  it('no string names a command-line flag or a station command', () => {
    for (const [language, catalog] of Object.entries(catalogs)) {
      for (const [key, text] of catalog) {
        expect(text, `${language} ${key}`).not.toMatch(/(^|[\s(“"„'])--[a-z]/);
        expect(text, `${language} ${key}`).not.toMatch(
          /["“„']?\bstation (connect|queue|sync|reel|enroll|import|verify|report|storage|serve|devices|move|bulk-bind|print-run)\b/,
        );
      }
    }
  });

  // docs/architecture.md, "Errors": every code has words in every language, so no screen shows the main process's
  // English. A code added to StationErrorCode without words fails here.
  it('every error code a screen can show has words in every language', () => {
    for (const [language, catalog] of Object.entries(catalogs)) {
      for (const code of SCREEN_CODES) expect(catalog.has(`errors.${code}`), `${language}: errors.${code}`).toBe(true);
      for (const code of CaptureRefusalCodeSchema.options) expect(catalog.has(`captureRefused.${code}`), `${language}: captureRefused.${code}`).toBe(true);
      // The camera's own failures (getUserMedia's names), shown with their code (components/say-error.ts, cameraErrorWords).
      for (const code of CAMERA_ERROR_CODES) expect(catalog.has(`cameraErrors.${code}`), `${language}: cameraErrors.${code}`).toBe(true);
    }
  });

  // docs/sync.md, "Pause and resume": the status bar and the Queue say why sending is paused from its kind, never in the
  // main process's English. A kind added to SyncPauseKind without words fails here.
  it('every reason sending can be paused for has words in every language', () => {
    for (const [language, catalog] of Object.entries(catalogs)) {
      for (const kind of SyncPauseKind.options) expect(catalog.has(`status.pausedBy.${kind}`), `${language}: status.pausedBy.${kind}`).toBe(true);
    }
  });

  it('error words name only the fields their error carries (src-shared/ipc/error-words.ts)', () => {
    const fields = ERROR_WORD_FIELDS as Record<string, Record<string, unknown> | undefined>;
    for (const [language, catalog] of Object.entries(catalogs)) {
      for (const [key, text] of catalog) {
        const match = /^errors\.([A-Z_]+)$/.exec(key) ?? /^errorCases\.([A-Z_]+)\.(\w+)$/.exec(key);
        if (!match) continue;
        const wordsKey = match[2] ? `${match[1]}.${match[2]}` : (match[1] ?? '');
        const known = Object.keys(fields[wordsKey] ?? {});
        for (const name of placeholderNames(text)) expect(known, `${language} ${key}: {{${name}}}`).toContain(name);
      }
    }
  });

  // A Label, Reel or Thread is named by its name or position on a screen, never by its id (docs/architecture.md,
  // "Errors"): no string is filled with an id, and none names one in the text itself.
  it('no string is filled with an id where a name exists', () => {
    const ID_PLACEHOLDERS = ['id', 'opId', 'subject', 'labelId', 'reelId', 'serviceId', 'threadId', 'compositeTagId', 'uuid'];
    const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    for (const [language, catalog] of Object.entries(catalogs)) {
      for (const [key, text] of catalog) {
        for (const name of placeholderNames(text)) expect(ID_PLACEHOLDERS, `${language} ${key}: {{${name}}}`).not.toContain(name);
        expect(text, `${language} ${key}`).not.toMatch(UUID);
      }
    }
  });
});
