// ipp-encoder ships no type declarations; this declares the part the IPP client uses (ipp-client.ts): encoding a
// request and decoding an answer (RFC 8010's message layout; attribute groups with tagged values).
declare module 'ipp-encoder' {
  export interface IppAttribute {
    tag: number;
    name: string;
    value: unknown[];
  }
  export interface IppGroup {
    tag: number;
    attributes: IppAttribute[];
  }
  export interface IppRequest {
    version: { major: number; minor: number };
    operationId: number;
    requestId: number;
    groups: IppGroup[];
    data?: Buffer;
  }
  export interface IppResponse {
    version: { major: number; minor: number };
    statusCode: number;
    requestId: number;
    groups: IppGroup[];
  }
  export const CONSTANTS: Record<string, number>;
  export const STATUS_CODES: Record<number, string>;
  export const request: {
    encode(obj: IppRequest, buffer?: Buffer, offset?: number): Buffer;
    encodingLength(obj: IppRequest): number;
  };
  export const response: {
    decode(buffer: Buffer, start?: number, end?: number): IppResponse;
  };
}
