import type * as NodeCrypto from 'node:crypto';
import { createRequire } from 'node:module';

// node:crypto, loaded with its first use (docs/architecture.md, "Start-up"): Node's crypto loads some twenty modules
// of its own (about 55 M instructions, a tenth of a bare `node -e 1`), and `station status` makes no id and hashes
// nothing. The modules every command loads (the store, the connection, the camera's stills, whole-file writes) take
// randomUUID, createHash and randomFillSync from here; modules loaded with their own area's first command import node:crypto.

let loaded: typeof NodeCrypto | undefined;

function nodeCrypto(): typeof NodeCrypto {
  // Synchronous, as the functions it stands in for are.
  loaded ??= createRequire(import.meta.url)('node:crypto') as typeof NodeCrypto;
  return loaded;
}

export function randomUUID(): string {
  return nodeCrypto().randomUUID();
}

export function createHash(algorithm: string): NodeCrypto.Hash {
  return nodeCrypto().createHash(algorithm);
}

export function randomFillSync<T extends NodeJS.ArrayBufferView>(buffer: T): T {
  return nodeCrypto().randomFillSync(buffer);
}
