import { z } from 'zod';
import { PositionSchema } from '../../../src-shared/api/common';
import type { IdentifyOutcome } from '../../../src-shared/api/identifiers';
import { orNull } from './fields';

// What the station reads of an identify answer (spec: Errors, "Identify outcomes (eight)"; Resources, Identifier
// `label`): the outcome and, when the marking belongs to a Label, that Label's id and position. The rest of the
// answer (the Thread, candidates, the receipt) is not read here. Field ledger: ../README.md.

const Id = z.string().min(1);

/** spec: Identifier (tag) — `label`: "the Label, its Reel and position"; the field names are our reading. */
const LabelRefSchema = z.object({ compositeTagId: Id, position: orNull(PositionSchema) });

export interface IdentifiedMarking {
  outcome: IdentifyOutcome;
  /** The Label the marking belongs to (outcomes identified and label), null when the answer names none. */
  compositeTagId: string | null;
  /** That Label's position, when the answer gives it. */
  position: number | null;
}

/** The three 200 answers: `{type: identified, identified: {tag, thread}}`, `{type: matches}`, `{type: label, label: {label, tags}}`. */
export const IdentifySuccessAnswerSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('identified'), identified: z.object({ tag: z.object({ label: orNull(LabelRefSchema) }) }) }),
    z.object({ type: z.literal('matches') }),
    z.object({ type: z.literal('label'), label: z.object({ label: LabelRefSchema }) }),
  ])
  .transform((answer): IdentifiedMarking => {
    switch (answer.type) {
      case 'identified':
        return {
          outcome: 'identified',
          compositeTagId: answer.identified.tag.label?.compositeTagId ?? null,
          position: answer.identified.tag.label?.position ?? null,
        };
      case 'label':
        return { outcome: 'label', compositeTagId: answer.label.label.compositeTagId, position: answer.label.label.position };
      case 'matches':
        return { outcome: 'matches', compositeTagId: null, position: null };
    }
  });
