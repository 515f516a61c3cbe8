import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowanceTexts, chargedText, SERVICE_NOTICES, upgradeApplies } from '@/components/credits';
import { classText } from '@/components/batch/text';
import { stakeholderText } from '@/lib/analysis/stakeholder';
import { toServiceStatus } from '@/lib/background/info';
import { quoteAnswerText, tipsBeyond } from '@/lib/panel/format';
import { TIPS_NOT_FOUND } from '@/components/panel/ErrorDetails';
import { makeApiError } from '@/lib/api/errors';

describe('chargedText', () => {
  it('agrees in number with the credits charged', () => {
    expect(chargedText('pt', 1)).toBe('1 crédito cobrado');
    expect(chargedText('pt', 2)).toBe('2 créditos cobrados');
    expect(chargedText('pt', 0)).toBe('0 créditos cobrados');
    expect(chargedText('en', 1)).toBe('1 credit charged');
    expect(chargedText('en', 3)).toBe('3 credits charged');
  });
});

describe('allowanceTexts', () => {
  it('says what a Complete plan allows in words, with no endpoint path', () => {
    const lines = allowanceTexts('pt', [
      'crm_basico',
      'crm',
      'crm_plus',
      'analisar',
      'analisar-extensao-chrome',
      'crm_basico_batch',
      'crm_batch',
      'creditos',
      'health',
    ]);
    expect(lines).toEqual([
      'Análise de uma pessoa: Rápida (1 crédito), Completa (2 créditos) e Plus (3 créditos)',
      'Análise em lote: Rápida (1 crédito) e Completa (2 créditos)',
    ]);
  });

  it('reads a Basic plan, leading slashes and unknown functions; English too', () => {
    expect(allowanceTexts('pt', ['/crm_basico', '/crm_basico_batch', 'novo_recurso'])).toEqual([
      'Análise de uma pessoa: Rápida (1 crédito)',
      'Análise em lote: Rápida (1 crédito)',
      'Mais 1 função do serviço',
    ]);
    expect(allowanceTexts('en', ['crm', 'x', 'y'])).toEqual([
      'One-person analysis: Complete (2 credits)',
      '2 more service functions',
    ]);
    expect(allowanceTexts('pt', [])).toEqual([]);
  });

  it('never shows a path, whatever the service lists', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (names) => {
        for (const line of allowanceTexts('pt', names)) expect(line).not.toMatch(/\//);
      }),
    );
  });
});

describe('stakeholderText', () => {
  it('translates the service’s English stakeholder types in the Portuguese UI', () => {
    expect(stakeholderText('pt', 'C-Level')).toBe('Alta direção (C-Level)');
    expect(stakeholderText('pt', 'Manager')).toBe('Gestão');
    expect(stakeholderText('pt', 'Individual Contributor')).toBe('Contribuidor individual');
    expect(stakeholderText('pt', ' director ')).toBe('Diretoria');
    expect(stakeholderText('en', 'Individual Contributor')).toBe('Individual contributor');
    expect(stakeholderText('pt', 'Patrocinador do projeto')).toBe('Patrocinador do projeto');
    expect(stakeholderText('pt', '  ')).toBeUndefined();
    expect(stakeholderText('pt', undefined)).toBeUndefined();
  });

  it('returns the text or a known label for any input, never throwing', () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        const out = stakeholderText('pt', x as string);
        expect(out === undefined || typeof out === 'string').toBe(true);
      }),
    );
  });

  it('committee classes are Portuguese in the Portuguese UI', () => {
    for (const k of ['decisor', 'gestor', 'contribuidor', 'outro'] as const)
      expect(classText('pt', k)).not.toMatch(/C-Level|Manager|Individual/);
  });
});

describe('not-found tips', () => {
  it('do not repeat the message’s "Confira a grafia…"', () => {
    const message = makeApiError('NOT_FOUND', { charging: true, sent: true }, { charged: 'no' }).message;
    const tips = tipsBeyond(message.pt, TIPS_NOT_FOUND.pt);
    const all = [message.pt, ...tips].join(' ');
    expect(all.match(/Confira a grafia/g)).toHaveLength(1);
    expect(tips.length).toBeGreaterThan(0);
  });

  it('drop what the message says, duplicates and empty tips', () => {
    expect(
      tipsBeyond('Não encontramos. Confira a grafia do nome e da empresa.', [
        'Confira a grafia do nome e da empresa',
        'Use o nome da empresa.',
        'use o nome da empresa',
        '  ',
      ]),
    ).toEqual(['Use o nome da empresa.']);
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (m, tips) => {
        const out = tipsBeyond(m, tips);
        expect(out.every((t) => tips.includes(t))).toBe(true);
        expect(out.length).toBeLessThanOrEqual(tips.length);
      }),
    );
  });
});

describe('service notices', () => {
  const ok = <T>(value: T): PromiseSettledResult<T> => ({ status: 'fulfilled', value });

  it('a degraded notice never carries a detail saying the service is operational', () => {
    const s = toServiceStatus(
      ok({ status: 'healthy', message: 'Profile Intelligence API operacional' }),
      ok({ status: 'degraded' }),
    );
    expect(s.level).toBe('degraded');
    expect(s.detail).toBeNull();
    expect(SERVICE_NOTICES.degraded.pt).not.toMatch(/operacional/);
    // The service's words stay when they agree with the level.
    const down = toServiceStatus(
      ok({ status: 'unhealthy', message: 'Banco fora do ar' }),
      ok({ status: 'down' }),
    );
    expect(down.detail).toBe('Banco fora do ar');
  });

  it('the outage notice tells that a Plus falling back to Complete is charged', () => {
    expect(SERVICE_NOTICES.outage.pt).not.toMatch(/Nenhum crédito é cobrado/);
    expect(SERVICE_NOTICES.outage.pt).toMatch(/Plus.*Completa.*cobrada como Completa \(2 créditos\)/);
    expect(SERVICE_NOTICES.outage.en).toMatch(/charged as Complete \(2 credits\)/);
  });
});

describe('upgradeApplies', () => {
  const info = (upgradeMessage: string | null) => ({
    plans: [
      { name: 'Basic', tier: 'basic', price: '99', features: [], endpoints: [], creditsPerUse: {} },
      { name: 'Complete', tier: 'complete', price: '299', features: [], endpoints: [], creditsPerUse: {} },
    ],
    upgradeMessage,
    upgradeBenefits: [],
  });

  it('hides "Faça upgrade para o Complete" from Complete and Plus accounts', () => {
    const pitch = info(
      'Faça upgrade para o Complete e desbloqueie OCEAN, MBTI e o manual do comprador completo.',
    );
    expect(upgradeApplies(pitch, 'basic')).toBe(true);
    expect(upgradeApplies(pitch, 'complete')).toBe(false);
    expect(upgradeApplies(pitch, 'Complete')).toBe(false);
    expect(upgradeApplies(pitch, 'plus')).toBe(false);
    expect(upgradeApplies(pitch, null)).toBe(true);
  });

  it('without a named tier, compares with the highest tier offered', () => {
    expect(upgradeApplies(info('Ganhe mais recursos.'), 'basic')).toBe(true);
    expect(upgradeApplies(info('Ganhe mais recursos.'), 'complete')).toBe(false);
    expect(upgradeApplies(info('Upgrade to Plus'), 'complete')).toBe(true);
  });
});

describe('quoteAnswerText', () => {
  const q = { endpoint: '/crm_plus', depth: 'plus' as const, lang: 'pt' as const, cached: null };
  it('names the analysis, its language and the endpoint that will answer', () => {
    expect(quoteAnswerText('pt', q, false)).toBe('Plus, em português · serviço /crm_plus');
    expect(quoteAnswerText('en', { ...q, depth: 'quick', endpoint: '/crm_basico', lang: 'en' }, false)).toBe(
      'Quick, in English · service /crm_basico',
    );
  });
  it('says when the history answers instead of the service', () => {
    expect(quoteAnswerText('pt', { ...q, depth: 'complete', endpoint: '/crm' }, true)).toBe(
      'Completa, em português · do histórico, sem chamar o serviço',
    );
  });
});
