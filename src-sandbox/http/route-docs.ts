import type { RouteOptions } from 'fastify';
import { ERROR_RESPONSES } from './openapi';

function words(method: string, url: string): string[] {
  const parts = url
    .replace(/^\/api\/v1\//, '')
    .split(/[/{}:-]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...parts];
}

/**
 * onRoute hook that completes the OpenAPI facts of every documented route: an operationId and a summary
 * when the area gave none, and the spec's error envelope as the 4XX/5XX answer (spec: Errors — every failed
 * request returns the envelope). Keeps /api/openapi.json lint-clean as areas add routes.
 */
export function completeRouteDocs(route: RouteOptions): void {
  const schema = route.schema as (Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> }) | undefined;
  if (!schema || schema.hide || !route.url.startsWith('/api/')) return;
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  if (method === 'HEAD') return;
  const w = words(method, route.url);
  if (!schema.operationId) schema.operationId = w.map((x, i) => (i === 0 ? x : x.charAt(0).toUpperCase() + x.slice(1))).join('');
  if (!schema.summary) schema.summary = `${method} ${route.url}`;
  const response = schema.response ?? {};
  const keys = Object.keys(response);
  schema.response = {
    ...(keys.some((k) => k.startsWith('4')) ? {} : { '4XX': ERROR_RESPONSES['4XX'] }),
    ...(keys.some((k) => k.startsWith('5')) ? {} : { '5XX': ERROR_RESPONSES['5XX'] }),
    ...response,
  };
}
