import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidateToInput, withContext } from '@/lib/batch/from-page';

const c = (cargo?: string) => ({
  primeiro_nome: 'Beatriz',
  ultimo_nome: 'Carvalho',
  empresa: 'Pipoca',
  confidence: 0.6,
  source: 'team-page',
  ...(cargo !== undefined && { cargo }),
});

describe('candidateToInput', () => {
  it('sends the role the team page shows as contexto_adicional', () => {
    expect(candidateToInput(c('  CEO e\n Cofundadora '))).toEqual({
      primeiro_nome: 'Beatriz',
      ultimo_nome: 'Carvalho',
      empresa: 'Pipoca',
      contexto_adicional: 'CEO e Cofundadora',
    });
  });

  it('sends no context when the page shows no role', () => {
    expect(candidateToInput(c())).not.toHaveProperty('contexto_adicional');
    expect(candidateToInput(c('   '))).not.toHaveProperty('contexto_adicional');
  });

  it('never exceeds the protocol limit of 1000 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (role) => {
        const ctx = candidateToInput(c(role)).contexto_adicional;
        expect(ctx === undefined || (ctx.length <= 1000 && ctx.trim() === ctx && ctx !== '')).toBe(true);
      }),
    );
  });
});

describe('withContext', () => {
  const people = [candidateToInput(c('CEO')), candidateToInput(c('CTO'))];
  it('edits one person, drops an emptied context, leaves the others', () => {
    expect(withContext(people, 1, 'CTO, São Paulo')[1]!.contexto_adicional).toBe('CTO, São Paulo');
    expect(withContext(people, 0, '  ')[0]).not.toHaveProperty('contexto_adicional');
    expect(withContext(people, 0, '')[1]).toBe(people[1]);
  });
});
