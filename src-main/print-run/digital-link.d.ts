// digital-link.js ships no type declarations; this declares the part the print run uses
// (building a GS1 Digital Link URI and checking it against GS1's grammar).
declare module 'digital-link.js' {
  export interface DigitalLinkInput {
    domain: string;
    identifier: Record<string, string>;
    keyQualifiers?: Record<string, string>;
    attributes?: Record<string, string>;
  }

  export interface DigitalLinkInstance {
    toWebUriString(): string;
    /** The URI against GS1's grammar, and the primary key's check digit. */
    isValid(): boolean;
  }

  export function DigitalLink(input: DigitalLinkInput | string): DigitalLinkInstance;

  const digitalLink: { DigitalLink: typeof DigitalLink };
  export default digitalLink;
}
