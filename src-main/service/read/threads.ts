import { z } from 'zod';
import { listAnswer, orEmpty, orNull } from './fields';

// spec: Threads — `GET /api/v1/threads/{thread_id}` returns `{thread (with data, tags), events}`; Thread `tags`:
// "array of identifiers, each has tagId and tagType"; Identifier `label`: "present when the identifier belongs to a
// Label: the Label, its Reel and position". The station reads only which identifiers (and Labels) a Thread holds:
// that is how it learns a Label's Thread when the Label names none.

const ThreadTagSchema = z.object({
  tagId: z.string().min(1),
  tagType: z.string(),
  // our reading of the `label` object: its id as `compositeTagId`; absent → matched by tagId only.
  label: orNull(z.object({ compositeTagId: orNull(z.string()) }).catch({ compositeTagId: null })),
});

export const ThreadTagsAnswerSchema = z
  .object({ thread: z.object({ threadId: orNull(z.string()), tags: orEmpty(ThreadTagSchema) }) })
  .transform((a) => a.thread.tags.map((t) => ({ tagId: t.tagId, compositeTagId: t.label?.compositeTagId ?? null })));
export type ThreadTags = z.output<typeof ThreadTagsAnswerSchema>;

// spec: `GET /api/v1/threads` "cursor-paginated list and search" ("Response envelope of the Thread list: not shown").
// ours: `{threads, nextCursor}`, discovered as every list is. A Thread: threadId, name, description (spec: Thread).
const ThreadSummarySchema = z.object({ threadId: z.string().min(1), name: z.string(), description: orNull(z.string()) });
export const ThreadListAnswerSchema = listAnswer('threads', ThreadSummarySchema);
export type ThreadSummary = z.output<typeof ThreadSummarySchema>;
