import type { CommandHandlers } from '../../src-shared/ipc/contract';
import type { threadCommands } from '../../src-shared/ipc/threads';
import { requireOnline, type CommandContext } from './context';

export function threadHandlers(ctx: CommandContext): CommandHandlers<keyof typeof threadCommands> {
  return {
    'threads.search': async ({ q, pageSize, cursor }) => {
      await requireOnline(ctx);
      const page = await ctx.connection.requireClient().threads.list({ ...(q ? { q } : {}), pageSize: pageSize ?? 50, ...(cursor ? { cursor } : {}) });
      return { threads: page.items.map((t) => ({ threadId: t.threadId, name: t.name, description: t.description })), nextCursor: page.nextCursor };
    },
    'threads.get': async ({ threadId }) => {
      await requireOnline(ctx);
      const { thread } = await ctx.connection.requireClient().threads.get(threadId, { maxEvents: 1 });
      return { threadId: thread.threadId, name: thread.name, description: thread.description };
    },
  };
}
