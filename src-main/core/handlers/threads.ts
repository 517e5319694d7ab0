import { requireOnline, type CoreParts } from '../parts';
import type { AreaHandlers } from './types';

export function threadHandlers(parts: CoreParts): AreaHandlers<'threads.search'> {
  return {
    'threads.search': async ({ q, pageSize, cursor }) => {
      await requireOnline(parts);
      const page = await parts.connection.requireClient().threads.list({ ...(q ? { q } : {}), pageSize: pageSize ?? 50, ...(cursor ? { cursor } : {}) });
      return { threads: page.items.map((t) => ({ threadId: t.threadId, name: t.name, description: t.description })), nextCursor: page.nextCursor };
    },
  };
}
