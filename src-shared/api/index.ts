// Service wire contract (zod schemas + inferred types). Re-exports only.
// spec: the service spec (the Provenance Record Service interface specification)
export * from './common';
export * from './limits';
export * from './scan';
export * from './errors';
export * from './auth';
export * from './discovery';
export * from './tag';
export * from './threads';
export * from './identifiers';
export * from './labels';
export * from './move';
export * from './bulk-bind';
export * from './paths';
