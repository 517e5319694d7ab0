// When two identifier values are the same marking. spec: Resources, Identifier (tag) — "Matching: `TEXT` is
// case-insensitive, all other types match byte for byte." Every comparison of identifier values — the station's
// repeat warnings and lookups, the bench, the sandbox's stored match column (tags.normalized_value) and its Reel
// warnings — goes through these functions; SQL that compares values compares identifierKey's output.

/**
 * The canonical comparison key of a value of `tagType`: two values of the same tagType are the same marking
 * exactly when their keys are equal. TEXT is lower-cased; every other type is the value itself.
 */
export function identifierKey(tagType: string, value: string): string {
  return matchesByteForByte(tagType) ? value : value.toLowerCase();
}

/** Whether values of `tagType` match byte for byte (every type but TEXT), so SQL may compare them with `=` as they are. */
export function matchesByteForByte(tagType: string): boolean {
  return tagType !== 'TEXT';
}

/** Whether `a` and `b`, both of `tagType`, are the same marking (see identifierKey). */
export function identifierValuesMatch(tagType: string, a: string, b: string): boolean {
  return identifierKey(tagType, a) === identifierKey(tagType, b);
}

/** A key for maps and sets holding identifiers of several types: the tagType and identifierKey of the value. */
export function identifierMapKey(tagType: string, value: string): string {
  return `${tagType}\u0000${identifierKey(tagType, value)}`;
}
