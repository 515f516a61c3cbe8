import * as z from 'zod/mini';
import { lookupInputSchema } from '@/lib/model';
import { defineStored, recordOf } from './define';
import { LOCAL_KEYS } from './keys';

/*
 * What meeting prep keeps in storage.local: the seller's own company domains (colleagues are left out of a meeting's
 * list) and the meeting briefs, each with the history entries it was built from, so it opens again at no cost.
 */

const domain = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.minLength(3), z.maxLength(253), z.regex(/^[a-z0-9.-]+\.[a-z]{2,}$/));

/** "Domínios da minha empresa": learned from the account shown on a calendar page, edited in the options. */
export const ownDomains = defineStored(
  `local:${LOCAL_KEYS.ownDomains}`,
  z.catch(z.array(domain).check(z.maxLength(20)), []),
  [],
);

export const MAX_BRIEFS = 30;

export const meetingBriefSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  title: z.string().check(z.maxLength(300)),
  when: z.string().check(z.maxLength(200)),
  source: z.string().check(z.maxLength(40)),
  createdAt: z.number(),
  depth: z.enum(['quick', 'complete', 'plus']),
  /** Each person prepared, with the history entry of their analysis. */
  people: z
    .array(z.object({ input: lookupInputSchema, entryId: z.string().check(z.maxLength(200)) }))
    .check(z.maxLength(200)),
  /** The model's plan for the call, once written. */
  plan: z.optional(z.string().check(z.maxLength(4000))),
});
export type MeetingBrief = z.infer<typeof meetingBriefSchema>;

/** Meeting briefs by id, the newest MAX_BRIEFS kept. */
export const meetingBriefs = defineStored(
  `local:${LOCAL_KEYS.meetingBriefs}`,
  recordOf(meetingBriefSchema),
  {},
);

/** Keeps `brief` with the others, dropping the oldest past MAX_BRIEFS. */
export const saveBrief = (brief: MeetingBrief) =>
  meetingBriefs.update((all) =>
    Object.fromEntries(
      [...Object.values(all).filter((b) => b.id !== brief.id), brief]
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, MAX_BRIEFS)
        .map((b) => [b.id, b]),
    ),
  );
