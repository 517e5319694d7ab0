import { z } from 'zod';
import { UuidSchema } from '../../../src-shared/api/common';

// Path parameters under the spec's names (spec: Labels and Reels).
export const CollectionParamsSchema = z.object({ collection_id: UuidSchema });
export const ReelParamsSchema = z.object({ reel_collection_id: UuidSchema });
export const LabelParamsSchema = z.object({ composite_tag_id: UuidSchema });
export const MemberParamsSchema = z.object({ composite_tag_id: UuidSchema, tag_id: UuidSchema });
