import i18next, { type i18n } from 'i18next';
import type { ErrorCode } from '../../src-shared/api/errors';

// Localized error messages. spec: Errors — "`message` (localized by Svc-Ctx-Locale, wording may change)".
// Every error code has a default text; a thrower may pick a more specific key (SvcError's `message`).
// Areas add their own keys with addMessages() from their folder instead of editing this catalog.

const SUPPORTED_LOCALES = ['en', 'de'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export type MessageKey = string;
export type MessageTexts = Record<SupportedLocale, string>;

const CODE_MESSAGES: Record<ErrorCode, MessageTexts> = {
  INVALID_REQUEST: { en: 'The request is malformed; see detail for what to fix.', de: 'Die Anfrage ist fehlerhaft; Einzelheiten stehen in detail.' },
  INVALID_DATA: { en: 'The values were understood but cannot be used.', de: 'Die Werte wurden verstanden, sind aber nicht verwendbar.' },
  UNAUTHORIZED: {
    en: 'Missing, expired or invalid bearer token. Exchange the API key for a new token.',
    de: 'Bearer-Token fehlt, ist abgelaufen oder ungültig. Tauschen Sie den API-Schlüssel gegen ein neues Token.',
  },
  FORBIDDEN: { en: 'This context may not do that.', de: 'In diesem Kontext ist das nicht erlaubt.' },
  ATTRIBUTION_REQUIRED: {
    en: 'This Service Account must name the person acting: send Svc-Ctx-Declared-Actor.',
    de: 'Dieses Dienstkonto muss die handelnde Person nennen: senden Sie Svc-Ctx-Declared-Actor.',
  },
  ORG_ID_REQUIRED: { en: 'This endpoint needs the Svc-Ctx-Org-Id header.', de: 'Dieser Endpunkt braucht den Header Svc-Ctx-Org-Id.' },
  TEAM_ID_REQUIRED: { en: 'This endpoint needs the Svc-Ctx-Team-Id header.', de: 'Dieser Endpunkt braucht den Header Svc-Ctx-Team-Id.' },
  NOT_FOUND: { en: 'No such record is visible in this context.', de: 'Kein solcher Datensatz ist in diesem Kontext sichtbar.' },
  NO_DATA_FOUND: { en: 'No data was found in this context.', de: 'In diesem Kontext wurden keine Daten gefunden.' },
  RATE_LIMITED: { en: 'Too many requests; back off and retry.', de: 'Zu viele Anfragen; warten Sie und versuchen Sie es erneut.' },
  THREAD_DATA_CONFLICT: {
    en: 'The Thread changed since you read it; re-read it and reapply your change.',
    de: 'Der Thread wurde seit dem Lesen geändert; lesen Sie ihn neu und wenden Sie Ihre Änderung erneut an.',
  },
  COMPOSITE_TAG_CONFLICT: {
    en: 'The Label change conflicts with existing data; detail.reason says which.',
    de: 'Die Etikettenänderung steht im Konflikt mit vorhandenen Daten; detail.reason nennt den Grund.',
  },
  UNKNOWN_ERROR: { en: 'An unexpected error occurred.', de: 'Ein unerwarteter Fehler ist aufgetreten.' },
  SERVICE_ERROR: { en: 'The service failed to complete the request.', de: 'Der Dienst konnte die Anfrage nicht ausführen.' },
  IDENTIFIER_NOT_FOUND: { en: 'No identifier matched.', de: 'Keine Kennung passte.' },
  IDENTIFIER_NOT_BOUND: { en: 'The identifier exists but is bound to no Thread.', de: 'Die Kennung existiert, ist aber an keinen Thread gebunden.' },
  IDENTIFIER_ALREADY_BOUND: {
    en: 'The identifier or its Label is already bound to another Thread.',
    de: 'Die Kennung oder ihr Etikett ist bereits an einen anderen Thread gebunden.',
  },
  IDENTIFIER_VERIFY_FAILED: { en: 'The scan did not verify against the named identifier.', de: 'Der Scan passte nicht zur genannten Kennung.' },
  SCAN_AMBIGUOUS_MATCH: {
    en: 'Several bound optical identifiers matched; a fresh capture will not resolve it.',
    de: 'Mehrere gebundene optische Kennungen passten; eine neue Aufnahme löst das nicht.',
  },
  SCAN_SEARCH_INCOMPLETE: {
    en: 'Some partitions could not be searched; retry.',
    de: 'Einige Bereiche konnten nicht durchsucht werden; bitte erneut versuchen.',
  },
  SCAN_LOW_KEYPOINTS: { en: 'The capture has too little usable detail; rescan.', de: 'Die Aufnahme hat zu wenig verwertbare Details; bitte neu scannen.' },
  SCAN_NO_KEYPOINTS: { en: 'The capture has no usable detail; rescan.', de: 'Die Aufnahme hat keine verwertbaren Details; bitte neu scannen.' },
  SCAN_IDENTICAL_SCAN: {
    en: 'These image bytes were already captured; take a fresh capture.',
    de: 'Diese Bilddaten wurden bereits erfasst; bitte neu aufnehmen.',
  },
  SCAN_EXTRACTION_FAILURE: { en: 'Extraction failed on this capture; rescan.', de: 'Die Auswertung dieser Aufnahme schlug fehl; bitte neu scannen.' },
  SCAN_ROUTING_UNAVAILABLE: { en: 'This operation is unavailable for this organization.', de: 'Dieser Vorgang ist für diese Organisation nicht verfügbar.' },
  SCAN_BACKEND_UNAVAILABLE: {
    en: 'The scan backend is temporarily unavailable; retry.',
    de: 'Das Scan-Backend ist vorübergehend nicht verfügbar; bitte erneut versuchen.',
  },
};

const SPECIFIC_MESSAGES: Record<MessageKey, MessageTexts> = {
  header_not_uuid: { en: 'Header {{header}} must be a UUID.', de: 'Der Header {{header}} muss eine UUID sein.' },
  validation: {
    en: 'The request does not match the schema; detail.issues lists each problem.',
    de: 'Die Anfrage entspricht nicht dem Schema; detail.issues nennt jedes Problem.',
  },
  route_not_found: { en: 'No endpoint {{method}} {{path}}.', de: 'Kein Endpunkt {{method}} {{path}}.' },
  api_key_as_bearer: {
    en: 'An API key is not a bearer token: exchange it at /api/auth/token first.',
    de: 'Ein API-Schlüssel ist kein Bearer-Token: tauschen Sie ihn zuerst bei /api/auth/token.',
  },
  invalid_api_key: { en: 'Wrong, revoked or unknown API key.', de: 'Falscher, widerrufener oder unbekannter API-Schlüssel.' },
  org_not_allowed: { en: 'This credential does not belong to organization {{orgId}}.', de: 'Diese Zugangsdaten gehören nicht zur Organisation {{orgId}}.' },
  team_not_in_org: { en: 'Team {{teamId}} is not a Team of this organization.', de: 'Team {{teamId}} ist kein Team dieser Organisation.' },
  not_team_member: { en: 'This Service Account is not a member of the selected Team.', de: 'Dieses Dienstkonto ist kein Mitglied des gewählten Teams.' },
  not_team_admin: {
    en: 'This needs a Team or Organization administrator of the selected Team.',
    de: 'Dafür ist ein Team- oder Organisationsadministrator des gewählten Teams nötig.',
  },
  thread_not_found: { en: 'Thread {{threadId}} is not visible in this context.', de: 'Thread {{threadId}} ist in diesem Kontext nicht sichtbar.' },
  thread_not_editable: {
    en: 'Thread {{threadId}} is not owned by the selected Team, so it cannot be changed here.',
    de: 'Thread {{threadId}} gehört nicht dem gewählten Team und kann hier nicht geändert werden.',
  },
  field_not_found: { en: 'Field {{fieldId}} is not on this Thread.', de: 'Feld {{fieldId}} gehört nicht zu diesem Thread.' },
  thread_id_mismatch: { en: 'threadId in the body differs from the path.', de: 'threadId im Body weicht vom Pfad ab.' },
  invalid_cursor: {
    en: 'The cursor is not valid for this list or ordering; start again without it.',
    de: 'Der Cursor passt nicht zu dieser Liste oder Sortierung; beginnen Sie ohne ihn neu.',
  },
  admin_forbidden: {
    en: 'The admin API needs the x-sandbox-admin header with the admin secret.',
    de: 'Die Admin-API braucht den Header x-sandbox-admin mit dem Admin-Geheimnis.',
  },
  admin_loopback_only: { en: 'The admin API answers only on 127.0.0.1.', de: 'Die Admin-API antwortet nur auf 127.0.0.1.' },
  injected_fault: { en: 'Injected fault (sandbox test hook).', de: 'Eingespeister Fehler (Sandbox-Testhaken).' },
};

const store: Record<SupportedLocale, Record<string, string>> = { en: {}, de: {} };

function put(key: string, texts: MessageTexts): void {
  for (const locale of SUPPORTED_LOCALES) store[locale][key] = texts[locale];
}
for (const [code, texts] of Object.entries(CODE_MESSAGES)) put(code, texts);
for (const [key, texts] of Object.entries(SPECIFIC_MESSAGES)) put(key, texts);

const translator: i18n = i18next.createInstance();
void translator.init({
  initAsync: false,
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LOCALES],
  resources: { en: { translation: store.en }, de: { translation: store.de } },
  interpolation: { escapeValue: false },
  returnNull: false,
  // i18next otherwise prints an advert to stdout, which would break the CLI's single ready line.
  showSupportNotice: false,
});

/** Adds message texts (areas call this at import time for their own SvcError message keys). */
export function addMessages(messages: Record<MessageKey, MessageTexts>): void {
  for (const [key, texts] of Object.entries(messages)) {
    for (const locale of SUPPORTED_LOCALES) translator.addResource(locale, 'translation', key, texts[locale]);
  }
}

/** The supported locale for a Svc-Ctx-Locale value ("de-DE", "de_CH", "DE" → de); English otherwise. */
export function resolveLocale(header: string | undefined): SupportedLocale {
  const primary = (header ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (SUPPORTED_LOCALES as readonly string[]).includes(primary) ? (primary as SupportedLocale) : 'en';
}

export function hasMessage(key: MessageKey): boolean {
  return translator.exists(key);
}

/** The localized text for key, filled with params; the code's default text when key is unknown. */
export function localize(locale: SupportedLocale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return translator.t(key, { lng: locale, ...params });
}
