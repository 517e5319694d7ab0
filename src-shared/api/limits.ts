// spec: Limits (plus Authentication items 4, and Labels and Reels, Bulk-bind)

/** Bulk-bind pairs per call. spec: Limits, "Bulk-bind pairs | 500 per call". */
export const BULK_BIND_MAX_PAIRS = 500;

/** Loose identifier activation. spec: Limits, "200 tagIds per call" for `/api/v1/tags/activate`. */
export const TAG_ACTIVATE_MAX_IDS = 200;

/** Suggested margin before token expiry at which to re-exchange the key. spec: Limits / Authentication 4. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 60;

/** A 401 is retried once, after re-exchanging the key; never in a loop. spec: Limits, Retry guidance. */
export const UNAUTHORIZED_MAX_RETRIES = 1;
