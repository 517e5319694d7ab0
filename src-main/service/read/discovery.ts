import { z } from 'zod';
import { listAnswer, orEmpty, orNull } from './fields';

// spec: Authentication; Resources, "Principal (me) and context"; Endpoints, "Session and discovery".

// spec: Token response — `token` (JWT string), `expiresIn`, `expiresAt` ("present whenever the JWT has an expiry
// claim"); absent → the token is kept until the service refuses it.
export const TokenAnswerSchema = z.object({
  token: z.string().min(1),
  expiresIn: z
    .number()
    .nonnegative()
    .nullish()
    .transform((v) => v ?? undefined),
  expiresAt: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
});

// spec: Principal — userId, organizations `{id, name, slug, roles}`. The station reads the organizations to offer
// them on Connect; the feature flags it does not need.
export const MeAnswerSchema = z.object({
  userId: orNull(z.string()),
  email: orNull(z.string()),
  organizations: orEmpty(z.object({ id: z.string().min(1), name: orNull(z.string()) })),
});
export type MeAnswer = z.output<typeof MeAnswerSchema>;

// spec: `GET /api/v1/teams` returns `{teams: Team[], total}`; Team: teamId, orgId, name.
const TeamSchema = z.object({ teamId: z.string().min(1), orgId: orNull(z.string()), name: orNull(z.string()) });
export const TeamsAnswerSchema = listAnswer('teams', TeamSchema);
export type TeamsAnswer = z.output<typeof TeamsAnswerSchema>;
