export { createServiceClient, type ServiceClient } from './client';
export { ServiceError, isServiceError } from './errors';
export type { AttemptRecord, CallOptions } from './transport';
export type { ServiceLogger } from './logger';
export type { MarkingAnswer } from './tags';
