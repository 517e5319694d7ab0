// The service's Reel counts (spec: Resources, "Label, Reel, Label Collection": counts including `identifiableCount`)
// in words for the report: a shift lead reads "identifiable 12", not `identifiableCount 12`.

/** `identifiableCount` → "identifiable", `boundLabelCount` → "bound label": the key's words, lower case, without "Count". */
export function countWords(key: string): string {
  return key
    .replace(/Count$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
}
