/*
 * How deep an analysis goes: Basic, Complete or Plus. Apart from the domain model (lib/model.ts, which gives its
 * schema and re-exports these), so the panel's start-up script, whose form lists the depths, carries no schema.
 */
export const depths = ['quick', 'complete', 'plus'] as const;
export type Depth = (typeof depths)[number];
