import { Fragment } from 'react';

/**
 * A long value (a URL, an id) that may wrap only where a reader expects it: after a slash, a hyphen, an ampersand,
 * a question mark or an equals sign, never inside a word (docs/architecture.md, "Renderer", layout rules).
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[/\-&?=_])/);
  return (
    <>
      {parts.map((part, n) => (
        <Fragment key={n}>
          {part}
          {n < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
