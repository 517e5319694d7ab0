import type { ServiceClient } from '../service';
import type { DiscoveryApi } from '../service/discovery';

// The active profile's client, whose module (src-main/service/client.ts, with the spec's answer schemas: about a fifth
// of a bare `node -e 1` in instructions) loads with the first request, not when the profile opens (docs/architecture.md,
// "Start-up"): `station status` on a connected folder, `enroll` and the queue commands never reach the service. The
// object stands in for the client from the start, so its holders (the sync engine, the commands) keep one client; once
// the module has loaded, every call goes straight to the real client.

type Method = (...args: never[]) => unknown;
type Kind<F> = F extends (...args: never[]) => Promise<unknown> ? 'request' : F extends (...args: never[]) => AsyncGenerator ? 'pages' : never;
type Kinds<Api> = { readonly [M in keyof Api]: Kind<Api[M]> };
type Area = Exclude<keyof ServiceClient, keyof DiscoveryApi | 'tokenInfo' | 'onTheWire'>;

/**
 * Every method of the client and what it returns: a request's promise, or the pages of an async generator. Typed
 * against the client's interfaces, so a method added there, or one that answers at once, fails the type check here.
 */
const DISCOVERY: Kinds<DiscoveryApi> = { me: 'request', teams: 'request', checkKey: 'request', health: 'request', probe: 'request' };
const AREAS: { readonly [A in Area]: Kinds<ServiceClient[A]> } = {
  threads: { list: 'request', count: 'request', get: 'request', identifiers: 'request', create: 'request' },
  tags: { identify: 'request', identifyMarking: 'request', bind: 'request', unbind: 'request', activate: 'request' },
  collections: { list: 'request', create: 'request', update: 'request' },
  reels: { list: 'request', listAll: 'request', create: 'request', get: 'request', update: 'request', activate: 'request', bulkBind: 'request' },
  labels: {
    enroll: 'request',
    addIdentifier: 'request',
    removeIdentifier: 'request',
    list: 'request',
    listAll: 'request',
    listPages: 'pages',
    get: 'request',
    resolve: 'request',
    bind: 'request',
    unbind: 'request',
    archive: 'request',
    unarchive: 'request',
    activate: 'request',
    move: 'request',
    movePreview: 'request',
  },
};

/** A client that loads the real one (`load`, called once) with its first request; `tokenInfo` is null until then. */
export function lazyServiceClient(load: () => Promise<ServiceClient>): ServiceClient {
  let real: ServiceClient | undefined;
  let loading: Promise<ServiceClient> | undefined;
  const loaded = () =>
    (loading ??= load().then(
      (client) => (real = client),
      (error: unknown) => {
        loading = undefined; // the next request tries again
        throw error;
      },
    ));
  // Calls made while the module loads reach the real client in the order they were made (each continues on the same
  // promise), so a request asked before `onTheWire()` is one it waits for.
  const method = (api: (client: ServiceClient) => Record<string, Method>, name: string, kind: 'request' | 'pages'): Method => {
    if (kind === 'pages')
      return (...args) => {
        if (real) return api(real)[name]!(...args);
        return (async function* () {
          yield* api(await loaded())[name]!(...args) as AsyncGenerator;
        })();
      };
    return (...args) => (real ? api(real)[name]!(...args) : loaded().then((client) => api(client)[name]!(...args)));
  };
  const methods = (kinds: Record<string, 'request' | 'pages'>, api: (client: ServiceClient) => Record<string, Method>) =>
    Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, method(api, name, kind)]));
  const asMethods = (value: object) => value as Record<string, Method>;
  return {
    ...(methods(DISCOVERY, asMethods) as unknown as DiscoveryApi),
    ...(Object.fromEntries(
      Object.entries(AREAS).map(([area, kinds]) => [area, methods(kinds, (client) => asMethods(client[area as Area]))]),
    ) as unknown as Pick<ServiceClient, Area>),
    tokenInfo: () => real?.tokenInfo() ?? null,
    onTheWire: () => (real ? real.onTheWire() : loaded().then((client) => client.onTheWire())),
  };
}
