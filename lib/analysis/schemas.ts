import { z } from 'zod';

/*
 * The parts of a response that travel beside the analysis: Plus's `ai_insights` (single and batch shapes) and
 * `metadata`. The analysis itself is not validated here: lib/analysis/normalize.ts reads it once, from the body as
 * sent, and reports what it could not read.
 */

import { bool, list, num, opt, text } from '@/lib/schema';

const texts = () => list(z.string());

const companyContextSchema = z.looseObject({
  recent_initiatives: texts(),
  market_position: text(),
  competitive_dynamics: text(),
});
const enhancedPainPointSchema = z.looseObject({ challenge: text(), context: text(), opportunity: text() });
const engagementSchema = z.looseObject({
  recommended_approach: text(),
  key_messages: texts(),
  talking_points: texts(),
});

/** Single `ai_insights` of /crm_plus. */
export const aiInsightsSingleSchema = z.looseObject({
  company_context: opt(companyContextSchema),
  industry_trends: texts(),
  enhanced_pain_points: list(enhancedPainPointSchema),
  engagement_strategy: opt(engagementSchema),
});

/** `ai_insights` of each /crm_plus_batch result. */
export const aiInsightsBatchSchema = z.looseObject({
  market_trends: text(),
  company_context: text(),
  competitive_landscape: text(),
  enhanced_pain_points: texts(),
  engagement_strategy: text(),
  key_initiatives: texts(),
});

/** `ai_insights` in either shape: each field as the single or the batch form has it. */
export const aiInsightsSchema = z.looseObject({
  ...aiInsightsBatchSchema.shape,
  ...aiInsightsSingleSchema.shape,
  company_context: opt(z.union([z.string(), companyContextSchema])),
  enhanced_pain_points: list(z.union([z.string(), enhancedPainPointSchema])),
  engagement_strategy: opt(z.union([z.string(), engagementSchema])),
});

/** `metadata` of /crm_plus. */
export const metadataSchema = z.looseObject({
  processing_time_ms: num(),
  ai_enhanced: bool(),
  timestamp: text(),
});
