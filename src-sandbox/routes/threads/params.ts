import { z } from 'zod';
import { UuidSchema } from '../../../src-shared/api/common';

/** `{thread_id}` as the spec writes the path parameter. */
export const ThreadIdParamsSchema = z.object({ thread_id: UuidSchema });
