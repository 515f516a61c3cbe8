import { describe, expect, it } from 'vitest';
import { MAX_ITEMS, MAX_TEXT, normalizeAnalysis } from '@/lib/analysis/normalize';
import type { Analysis } from '@/lib/analysis/model';
import crmBasico from '@/tests/fixtures/api/crm_basico.json';
import crm from '@/tests/fixtures/api/crm.json';
import crmPlus from '@/tests/fixtures/api/crm_plus.json';
import extensao from '@/tests/fixtures/api/analisar_extensao_chrome.json';
import crmBatch from '@/tests/fixtures/api/crm_batch.json';
import crmPlusBatch from '@/tests/fixtures/api/crm_plus_batch.json';
import fallback503 from '@/tests/fixtures/api/crm_plus_fallback_503.json';

const clone = <T>(x: T): T => structuredClone(x);

/** Normalizes and insists nothing was reported: the fixtures are well-formed. */
function clean(raw: unknown, extra?: { metadata?: unknown; aiInsights?: unknown }): Analysis {
  const { analysis, issues } = normalizeAnalysis(raw, extra);
  expect(issues).toEqual([]);
  return analysis;
}

const batchItem = (body: { results: { analise?: unknown }[] }, index: number) => body.results[index]?.analise;

describe('fixtures', () => {
  it('reads the Basic form (crm_basico) into the model, field by field', () => {
    expect(clean(crmBasico.analise)).toEqual({
      perfilProfissional: 'https://www.linkedin.com/in/mariana-azevedo-vertice',
      cargo: 'Diretora de Operações',
      tipoStakeholder: 'C-Level',
      localizacao: 'Campinas, SP',
      interesses: [
        'Eficiência logística',
        'Roteirização inteligente',
        'Indicadores de nível de serviço (OTIF)',
        'Gestão de frota',
      ],
      persona: {
        titulo: 'Executiva de operações orientada a indicadores',
        descricao:
          'Decide com base em números de custo por entrega e nível de serviço; precisa de resultados visíveis no trimestre.',
      },
      painPoints: [
        {
          desafio: 'Custo de frete subindo acima da inflação',
          impacto: 'Margem operacional pressionada em contratos de longo prazo',
        },
        {
          desafio: 'Baixa visibilidade das entregas em tempo real',
          impacto: 'Aumento de chamados de clientes e multas por atraso',
        },
      ],
      motivadores: [
        { texto: 'Redução comprovada do custo por entrega', impacto: 'Alto' },
        { texto: 'Implantação rápida sem parar a operação', impacto: 'Médio' },
      ],
      ganhosProcurados: [],
      prioridades: [],
      linguagemImpacto: ['custo por entrega', 'OTIF acima de 95%', 'retorno em até 6 meses'],
      strengths: [],
      buildingTrust: [],
      dynamicPainPoints: [],
    });
  });

  it('reads variant A (crm) and merges manual_comprador with buyer_playbook', () => {
    const a = clean(crm.analise);
    expect(a.cargo).toBe('Diretor Financeiro (CFO)');
    expect(a.ocean).toEqual({
      openness: 0.58,
      conscientiousness: 0.91,
      extraversion: 0.42,
      agreeableness: 0.55,
      neuroticism: 0.22,
      emotionalStability: 0.78,
    });
    expect(a.mbti).toEqual({
      type: 'ISTJ',
      description:
        'Metódico, confiável e orientado a fatos; valoriza processos claros e compromissos cumpridos.',
      strengths: [],
    });
    expect(a.personalityType).toBe('Analítico');
    expect(a.communicationStyle).toBe('Objetivo e baseado em dados, com números antes de narrativas');
    expect(a.workingStyle).toBe('Planejado, com rotinas e marcos bem definidos');
    expect(a.decisionMaking).toBe('Decide após análise de cenários e validação com o conselho');
    expect(a.strengths).toEqual(['Rigor analítico', 'Gestão de riscos', 'Disciplina de execução']);
    expect(a.buildingTrust).toHaveLength(3);
    expect(a.buildingTrust[2]).toBe('Envolver a controladoria desde o início');
    // The persona title comes from manual_comprador, its description from buyer_playbook.
    expect(a.persona).toEqual({
      titulo: 'CFO analítico e avesso a risco',
      descricao: 'Protege o caixa e só aprova projetos com retorno demonstrado e riscos mapeados.',
    });
    // "Fechamento contábil lento" and "Previsibilidade de caixa" are in both books: kept once.
    expect(a.painPoints).toEqual([
      { desafio: 'Fechamento contábil lento', impacto: 'Relatórios gerenciais chegam depois das decisões' },
      {
        desafio: 'Complexidade da reforma tributária',
        impacto: 'Risco de erros de apuração e perda de créditos',
      },
    ]);
    expect(a.motivadores).toEqual([
      { texto: 'Previsibilidade de caixa', impacto: 'Alto' },
      { texto: 'Conformidade fiscal sem aumentar a equipe', impacto: 'Alto' },
    ]);
    expect(a.linguagemImpacto).toEqual([
      'previsibilidade de caixa',
      'conformidade com a reforma tributária',
      'retorno sobre o investimento',
    ]);
    expect(a.contextoNegocios).toEqual({
      setor: 'Alimentos e bebidas',
      tamanhoEmpresa: '1.000 a 5.000 funcionários',
      tendencias: [
        'Pressão de custos de insumos agrícolas',
        'Expansão de marcas próprias no varejo',
        'Digitalização da cadeia de suprimentos',
      ],
    });
    expect(a.insightsRegionais?.contextoRegulatorio).toMatch(/^Transição para o IBS/);
    expect(a.insightsRegionais?.oportunidadesLocais).toEqual([
      'Incentivos fiscais estaduais no Paraná',
      'Crescimento do consumo no Sul',
    ]);
    expect(a.insightsRegionais?.desafiosRegionais).toHaveLength(2);
    expect(a.dynamicPainPoints).toEqual([
      {
        contexto: 'Preparação para a reforma tributária',
        desafio: 'Simular o impacto do IBS e da CBS nas margens por produto',
        impactoEstimado: 'Até 3 pontos percentuais de margem em risco',
      },
    ]);
    expect(a.aiInsights).toBeUndefined();
    expect(a.metadata).toBeUndefined();
  });

  it('reads variant B (crm_plus) with the single ai_insights and metadata beside it', () => {
    const a = clean(crmPlus.analise, { metadata: crmPlus.metadata, aiInsights: crmPlus.ai_insights });
    expect(a.ocean).toEqual({
      openness: 0.84,
      conscientiousness: 0.73,
      extraversion: 0.61,
      agreeableness: 0.66,
      neuroticism: 0.35,
      emotionalStability: 0.65,
    });
    expect(a.mbti).toEqual({
      type: 'ENTP',
      description: 'Inovadora e argumentativa; gosta de explorar soluções novas e questionar premissas.',
      strengths: [],
    });
    expect(a.buildingTrust).toEqual([
      'Mostrar documentação técnica aberta',
      'Oferecer POC com dados reais mascarados',
    ]);
    expect(a.painPoints[0]).toEqual({
      desafio: 'Integrações legadas que atrasam lançamentos',
      impacto: 'Time-to-market 40% maior que o dos concorrentes',
      prioridade: 'alta',
    });
    expect(a.painPoints[1]?.prioridade).toBe('média');
    expect(a.estrategiaComunicacao).toEqual({
      estilo: 'Técnico, com diagramas e exemplos de código',
      conteudo: 'Documentação de API e estudos de caso de fintechs',
      timing: 'Terça a quinta, entre 9h e 11h',
      canais: ['LinkedIn', 'E-mail', 'Comunidades técnicas'],
    });
    expect(a.linguagemImpacto).toEqual(['time-to-market', 'conformidade por padrão', 'API-first']);
    expect(a.aiInsights).toEqual({
      companyContext: {
        recentInitiatives: ['Lançamento de conta PJ com Pix Automático', 'Rodada Série B de R$ 120 milhões'],
        marketPosition: 'Fintech de médio porte focada em PMEs do Sudeste',
        competitiveDynamics: 'Compete com bancos digitais maiores pela carteira de PMEs',
      },
      industryTrends: ['Open Finance', 'Pix Automático', 'Crédito embutido (embedded finance)'],
      enhancedPainPoints: [
        {
          challenge: 'Escalar a infraestrutura para picos do Pix',
          context: 'Volume de transações triplicou em 12 meses',
          opportunity: 'Arquitetura elástica com custo previsível',
        },
      ],
      engagement: {
        approach:
          'Abra com um diagnóstico técnico gratuito da integração com o Pix Automático. Depois proponha uma POC de duas semanas.',
        keyMessages: ['Lançar em semanas, não meses', 'Segurança auditável pelo Banco Central'],
        talkingPoints: ['Caso de fintech similar com redução de 40% no time-to-market', 'SLA de 99,95%'],
      },
      keyInitiatives: [],
    });
    expect(a.metadata).toEqual({
      processingTimeMs: 23871,
      aiEnhanced: true,
      timestamp: '2025-03-18T14:22:05.123Z',
    });
  });

  it('reads /analisar-extensao-chrome: the Basic fields plus OCEAN, MBTI and styles', () => {
    const a = clean(extensao.analise);
    expect(a.cargo).toBe('Gerente de Compras');
    expect(a.ocean).toEqual({
      openness: 0.45,
      conscientiousness: 0.82,
      extraversion: 0.57,
      agreeableness: 0.48,
      neuroticism: 0.3,
      emotionalStability: 0.7,
    });
    expect(a.mbti).toEqual({ type: 'ESTJ', strengths: [] });
    expect(a.personalityType).toBe('Pragmático');
    expect(a.communicationStyle).toBe('Direto, com propostas comparáveis e números na mesa');
    expect(a.painPoints).toEqual([
      { desafio: 'Volatilidade do preço do aço', impacto: 'Orçamento anual revisado a cada trimestre' },
    ]);
  });

  it('reads variant C batch items (crm_batch): OCEAN from 0–10, the mbti object, dores and gains', () => {
    const a = clean(batchItem(crmBatch, 0));
    expect(a.ocean).toEqual({
      openness: 0.82,
      conscientiousness: 0.69,
      extraversion: 0.87,
      agreeableness: 0.74,
      neuroticism: 0.31,
      emotionalStability: 0.69,
    });
    expect(a.mbti).toEqual({
      type: 'ENFP',
      description: 'Entusiasta e criativa; conecta pessoas e ideias com facilidade.',
      strengths: ['Criatividade', 'Comunicação', 'Empatia com o cliente'],
      preferredCommunication: 'Conversas por vídeo com exemplos visuais',
    });
    expect(a.painPoints).toEqual([
      { desafio: 'Baixa recorrência dos clientes do programa de fidelidade' },
      { desafio: 'Dados de vendas espalhados entre lojas' },
    ]);
    expect(a.ganhosProcurados).toEqual(['Aumentar o ticket médio', 'Campanhas segmentadas por loja']);
    expect(a.prioridades).toEqual(['Integração com o PDV', 'Resultados em 90 dias']);
    expect(a.linguagemImpacto).toEqual(['recorrência', 'ticket médio', 'cliente no centro']);
    expect(a.persona).toBeUndefined();

    const b = clean(batchItem(crmBatch, 1));
    expect(b.cargo).toBe('CTO');
    expect(b.ocean?.conscientiousness).toBe(0.88);
    expect(b.mbti?.type).toBe('INTJ');

    // The failed item carries no analysis.
    expect(crmBatch.results[2]).toMatchObject({ success: false, error_code: 'PROFILE_NOT_FOUND' });
    expect(batchItem(crmBatch, 2)).toBeUndefined();
  });

  it('reads the Plus batch item (crm_plus_batch) with ai_insights in the batch shape', () => {
    const a = clean(batchItem(crmPlusBatch, 0));
    expect(a.cargo).toBe('Diretora Comercial');
    expect(a.ocean?.extraversion).toBe(0.79);
    expect(a.contextoNegocios?.setor).toBe('Agronegócio (cooperativa)');
    expect(a.aiInsights).toEqual({
      companyContext: {
        summary: 'Cooperativa com forte presença no Centro-Oeste, em expansão para armazenagem própria.',
        recentInitiatives: [],
      },
      marketTrends: 'Safra recorde pressiona preços da soja enquanto a demanda chinesa se mantém firme.',
      competitiveLandscape: 'Disputa cooperados com tradings multinacionais que oferecem barter agressivo.',
      industryTrends: [],
      enhancedPainPoints: [
        { challenge: 'Falta de visibilidade do estoque de grãos nas unidades' },
        { challenge: 'Dependência de poucas tradings para exportação' },
      ],
      engagement: {
        approach:
          'Leve um caso de cooperativa que ganhou margem com hedge e armazenagem; fale em reais por saca.',
        keyMessages: [],
        talkingPoints: [],
      },
      keyInitiatives: ['Novo armazém em Rio Verde', 'Programa de crédito ao cooperado'],
    });
    expect(crmPlusBatch.results[1]).toMatchObject({ success: false, error_code: 'PROFILE_NOT_FOUND' });
  });

  it('reads the Complete analysis carried by the 503 Plus fallback', () => {
    expect(fallback503.error_code).toBe('AI_SERVICE_UNAVAILABLE');
    const a = clean(fallback503.analise);
    expect(a.cargo).toBe('Diretora de Recursos Humanos');
    expect(a.mbti?.type).toBe('ENFJ');
    expect(a.ocean?.agreeableness).toBe(0.86);
    expect(a.persona?.titulo).toBe('Líder de pessoas que decide por consenso');
    expect(a.painPoints).toEqual([
      {
        desafio: 'Turnover alto na enfermagem',
        impacto: 'Custo de reposição e risco à qualidade assistencial',
      },
    ]);
    expect(a.linguagemImpacto).toContain('cuidar de quem cuida');
    expect(a.aiInsights).toBeUndefined();
  });
});

describe('OCEAN', () => {
  const onScale = (scores: Record<string, number>, factor: number) =>
    Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, Math.round(v * factor * 1000) / 1000]));

  it('gives the same model for the same person on 0–1, 0–10 and 0–100', () => {
    const item = clone(batchItem(crmBatch, 0)) as Record<string, unknown>;
    const tenScale = item.ocean as Record<string, number>;
    const fromTen = clean(item);

    const { ocean: _ocean, ...rest } = item;
    const fromOne = clean({ ...rest, ocean_scores: onScale(tenScale, 0.1) });
    const fromHundred = clean({ ...rest, scores_ocean: onScale(tenScale, 10) });
    expect(fromOne).toEqual(fromTen);
    expect(fromHundred).toEqual(fromTen);
    expect(fromTen.ocean?.openness).toBe(0.82);
  });

  it('detects the scale per source, so two sources on different scales agree', () => {
    const a = clean({ ocean_scores: { openness: 0.4 }, ocean: { openness: 9, extraversion: 7 } });
    // ocean_scores wins for openness; the 0–10 source adds extraversion.
    expect(a.ocean).toEqual({ openness: 0.4, extraversion: 0.7 });
  });

  it('derives neuroticism from emotional stability and the reverse', () => {
    expect(clean({ ocean_scores: { neuroticism: 0.28 } }).ocean).toEqual({
      neuroticism: 0.28,
      emotionalStability: 0.72,
    });
    expect(clean({ ocean: { emotional_stability: 8.1 } }).ocean).toEqual({
      neuroticism: 0.19,
      emotionalStability: 0.81,
    });
    // Both given and in disagreement: neuroticism wins, here once for the chart, summary and copies alike.
    expect(clean({ ocean_scores: { neuroticism: 0.3, emotional_stability: 0.6 } }).ocean).toEqual({
      neuroticism: 0.3,
      emotionalStability: 0.7,
    });
    // Neither: nothing invented.
    expect(clean({ ocean_scores: { openness: 0.5 } }).ocean).toEqual({ openness: 0.5 });
  });

  it('accepts the Portuguese trait names', () => {
    expect(clean({ ocean: { abertura: 7, estabilidade_emocional: 6 } }).ocean).toEqual({
      openness: 0.7,
      emotionalStability: 0.6,
      neuroticism: 0.4,
    });
  });

  it('clamps values outside the scale, drops non-numbers and says so', () => {
    const { analysis, issues } = normalizeAnalysis({
      ocean_scores: { openness: -0.2, conscientiousness: 0.9, extraversion: 'alto', agreeableness: null },
    });
    expect(analysis.ocean).toEqual({ openness: 0, conscientiousness: 0.9 });
    expect(issues).toEqual([
      'ocean_scores.extraversion: esperado número (recebido texto)',
      'ocean_scores.openness: fora da escala 0–1, ajustado',
    ]);
  });

  it('leaves OCEAN out when no source has a number', () => {
    const { analysis, issues } = normalizeAnalysis({
      cargo: 'CEO',
      ocean_scores: { openness: 'muito alto' },
    });
    expect(analysis.ocean).toBeUndefined();
    expect(issues).toEqual(['ocean_scores.openness: esperado número (recebido texto)']);
  });
});

describe('MBTI', () => {
  it('reads every naming variant into {type, description, strengths, preferredCommunication}', () => {
    expect(clean({ mbti_type: 'intj', mbti_description: 'Estrategista' }).mbti).toEqual({
      type: 'INTJ',
      description: 'Estrategista',
      strengths: [],
    });
    expect(clean({ tipo_mbti: 'ENFJ-A', descricao_mbti: 'Protagonista' }).mbti).toEqual({
      type: 'ENFJ',
      description: 'Protagonista',
      strengths: [],
    });
    expect(clean({ mbti: 'ISFP' }).mbti).toEqual({ type: 'ISFP', strengths: [] });
  });

  it('drops a type that is not four MBTI letters and says so', () => {
    const { analysis, issues } = normalizeAnalysis({
      cargo: 'CEO',
      mbti_type: 'XYZW',
      mbti_description: 'Texto',
    });
    expect(analysis.mbti).toBeUndefined();
    expect(issues).toEqual([
      'mbti_type: tipo MBTI não reconhecido',
      'mbti: sem tipo MBTI; descrição ignorada',
    ]);
  });
});

describe('playbook', () => {
  it('merges both books in every shape, English and Portuguese keys, and dedupes equal entries', () => {
    const a = clean({
      buyer_playbook: {
        persona: { title: 'Decisora técnica' },
        pain_points: [
          { challenge: 'Integração lenta', impact: 'Atrasa o go-live' },
          'Falta de suporte local',
          { desafio: 'Custos de licença', impacto: 'Orçamento estourado' },
        ],
        buying_motivators: [{ text: 'Suporte em português' }, 'Preço previsível'],
      },
      manual_comprador: {
        persona: { titulo: 'Decisora técnica exigente', descricao: 'Testa tudo antes de comprar.' },
        pontos_dor: [{ desafio: '  integração   LENTA ', contexto: 'Legado em mainframe', prioridade: 1 }],
        dores: ['Falta de suporte local', 'Contratos em dólar'],
        motivadores_compra: [{ texto: 'suporte em português', impacto: 'Alto' }],
        ganhos_procurados: ['Go-live em 30 dias', 'go-live em 30 dias'],
        prioridades: 'Segurança',
      },
    });
    expect(a.persona).toEqual({
      titulo: 'Decisora técnica exigente',
      descricao: 'Testa tudo antes de comprar.',
    });
    expect(a.painPoints).toEqual([
      {
        desafio: 'integração   LENTA',
        contexto: 'Legado em mainframe',
        prioridade: '1',
        impacto: 'Atrasa o go-live',
      },
      { desafio: 'Falta de suporte local' },
      { desafio: 'Contratos em dólar' },
      { desafio: 'Custos de licença', impacto: 'Orçamento estourado' },
    ]);
    expect(a.motivadores).toEqual([
      { texto: 'suporte em português', impacto: 'Alto' },
      { texto: 'Preço previsível' },
    ]);
    expect(a.ganhosProcurados).toEqual(['Go-live em 30 dias']);
    expect(a.prioridades).toEqual(['Segurança']);
  });

  it('takes entries that differ only in case, accents or spacing as one', () => {
    const a = clean({
      manual_comprador: {
        prioridades: ['Segurança da informação', 'seguranca  da INFORMACAO', 'Custo'],
        pontos_dor: [{ desafio: 'Migração do ERP' }, { desafio: 'migracao do erp', impacto: 'Alto' }],
      },
    });
    expect(a.prioridades).toEqual(['Segurança da informação', 'Custo']);
    expect(a.painPoints).toEqual([{ desafio: 'Migração do ERP', impacto: 'Alto' }]);
  });

  it('skips entries without their main text and names them', () => {
    const { analysis, issues } = normalizeAnalysis({
      manual_comprador: {
        pontos_dor: [{ impacto: 'Alto' }, { desafio: 'Churn' }],
        motivadores_compra: [{ impacto: 'Alto' }],
      },
    });
    expect(analysis.painPoints).toEqual([{ desafio: 'Churn' }]);
    expect(analysis.motivadores).toEqual([]);
    expect(issues).toEqual([
      'manual_comprador.pontos_dor[0]: sem "desafio"',
      'manual_comprador.motivadores_compra[0]: sem "texto"',
    ]);
  });
});

describe('ai_insights', () => {
  it('reads both shapes field by field, even mixed', () => {
    const a = clean({
      ai_insights: {
        company_context: 'Líder regional em logística refrigerada.',
        industry_trends: ['Cadeia fria', 'Rastreabilidade'],
        enhanced_pain_points: ['Perdas de carga', { challenge: 'Custo de energia', opportunity: 'Solar' }],
        engagement_strategy: {
          recommended_approach: 'Comece pelo custo de energia.',
          key_messages: ['Economia'],
        },
      },
    });
    expect(a.aiInsights).toEqual({
      companyContext: { summary: 'Líder regional em logística refrigerada.', recentInitiatives: [] },
      industryTrends: ['Cadeia fria', 'Rastreabilidade'],
      enhancedPainPoints: [
        { challenge: 'Perdas de carga' },
        { challenge: 'Custo de energia', opportunity: 'Solar' },
      ],
      engagement: { approach: 'Comece pelo custo de energia.', keyMessages: ['Economia'], talkingPoints: [] },
      keyInitiatives: [],
    });
  });

  it('prefers the ai_insights and metadata given beside the analysis over those inside it', () => {
    const a = clean(
      { cargo: 'CEO', ai_insights: { market_trends: 'dentro' }, metadata: { processing_time_ms: 1 } },
      { aiInsights: { market_trends: 'ao lado' }, metadata: { processing_time_ms: 2, ai_enhanced: false } },
    );
    expect(a.aiInsights?.marketTrends).toBe('ao lado');
    expect(a.metadata).toEqual({ processingTimeMs: 2, aiEnhanced: false });
  });

  it('keeps the inner ai_insights when the one beside it is unreadable', () => {
    const { analysis, issues } = normalizeAnalysis(
      { cargo: 'CEO', ai_insights: { market_trends: 'dentro' } },
      { aiInsights: 'texto solto' },
    );
    expect(analysis.aiInsights?.marketTrends).toBe('dentro');
    expect(issues).toEqual(['ai_insights: esperado objeto (recebido texto)']);
  });

  it('leaves ai_insights out when it holds nothing', () => {
    expect(clean({ cargo: 'CEO', ai_insights: { industry_trends: [] } }).aiInsights).toBeUndefined();
  });
});

describe('malformed bodies', () => {
  it.each([
    [null, 'analise: ausente'],
    [undefined, 'analise: ausente'],
    ['{"cargo":"CEO"}', 'analise: esperado objeto (recebido texto)'],
    [42, 'analise: esperado objeto (recebido número)'],
    [true, 'analise: esperado objeto (recebido booleano)'],
    [[{ cargo: 'CEO' }], 'analise: esperado objeto (recebido lista)'],
    [{}, 'analise: nenhum campo reconhecido'],
    [{ desconhecido: 1 }, 'analise: nenhum campo reconhecido'],
  ])('top level %j gives an empty model and says why', (raw, issue) => {
    const { analysis, issues } = normalizeAnalysis(raw);
    expect(analysis).toEqual({
      interesses: [],
      painPoints: [],
      motivadores: [],
      ganhosProcurados: [],
      prioridades: [],
      linguagemImpacto: [],
      strengths: [],
      buildingTrust: [],
      dynamicPainPoints: [],
    });
    expect(issues).toEqual([issue]);
  });

  it('treats nulls as absent, without complaint', () => {
    const raw = clone(crm.analise) as Record<string, unknown>;
    for (const key of [
      'cargo',
      'ocean_scores',
      'buyer_playbook',
      'strengths',
      'mbti_type',
      'mbti_description',
      'contexto_negocios',
    ])
      raw[key] = null;
    raw.interesses_profissionais = ['FP&A', null, 'Capital de giro'];
    const { analysis, issues } = normalizeAnalysis(raw);
    expect(issues).toEqual([]);
    expect(analysis.cargo).toBeUndefined();
    expect(analysis.ocean).toBeUndefined();
    expect(analysis.mbti).toBeUndefined();
    expect(analysis.contextoNegocios).toBeUndefined();
    expect(analysis.strengths).toEqual([]);
    expect(analysis.interesses).toEqual(['FP&A', 'Capital de giro']);
    // manual_comprador still gives its playbook.
    expect(analysis.painPoints).toEqual([
      { desafio: 'Fechamento contábil lento', impacto: 'Relatórios gerenciais chegam depois das decisões' },
    ]);
  });

  it('keeps what it can read around fields of the wrong type, and names each of them', () => {
    const raw = clone(crmPlus.analise) as Record<string, unknown>;
    raw.cargo = { titulo: 'Head' };
    raw.tipo_stakeholder = 7;
    raw.interesses_profissionais = ['Pix', 3, 'Open Finance'];
    raw.scores_ocean = { openness: '0.8', conscientiousness: 0.7 };
    raw.tipo_mbti = ['ENTP'];
    raw.strengths = { a: 'b' };
    const { analysis, issues } = normalizeAnalysis(raw, {
      metadata: { processing_time_ms: '23 s', ai_enhanced: 1 },
    });
    expect(analysis.cargo).toBeUndefined();
    expect(analysis.tipoStakeholder).toBeUndefined();
    expect(analysis.interesses).toEqual(['Pix', 'Open Finance']);
    expect(analysis.ocean).toEqual({ conscientiousness: 0.7 });
    expect(analysis.mbti).toBeUndefined();
    expect(analysis.strengths).toEqual([]);
    expect(analysis.metadata).toBeUndefined();
    expect(analysis.localizacao).toBe('São Paulo, SP');
    expect(analysis.painPoints).toHaveLength(2);
    expect(issues).toEqual(
      expect.arrayContaining([
        'cargo: esperado texto (recebido objeto)',
        'tipo_stakeholder: esperado texto (recebido número)',
        'interesses_profissionais[1]: esperado texto (recebido número)',
        'scores_ocean.openness: esperado número (recebido texto)',
        'tipo_mbti: esperado texto (recebido lista)',
        'strengths: esperado lista (recebido objeto)',
        'metadata.processing_time_ms: esperado número (recebido texto)',
        'metadata.ai_enhanced: esperado booleano (recebido número)',
      ]),
    );
    expect(issues).toHaveLength(9);
    expect(issues).toContain('mbti: sem tipo MBTI; descrição ignorada');
  });

  it('names objects that arrive as arrays', () => {
    const { analysis, issues } = normalizeAnalysis({
      cargo: 'CEO',
      ocean_scores: [0.1, 0.2, 0.3, 0.4, 0.5],
      manual_comprador: [{ persona: { titulo: 'X' } }],
      contexto_negocios: ['Varejo'],
      ai_insights: [],
      mbti: [],
      pontos_dor_dinamicos: [['a']],
    });
    expect(analysis).toMatchObject({ cargo: 'CEO', painPoints: [], dynamicPainPoints: [] });
    expect(analysis.ocean).toBeUndefined();
    expect(analysis.persona).toBeUndefined();
    expect(analysis.contextoNegocios).toBeUndefined();
    expect(analysis.aiInsights).toBeUndefined();
    expect(issues).toEqual([
      'manual_comprador: esperado objeto (recebido lista)',
      'contexto_negocios: esperado objeto (recebido lista)',
      'ocean_scores: esperado objeto (recebido lista)',
      'mbti: esperado objeto (recebido lista)',
      'pontos_dor_dinamicos[0]: esperado objeto (recebido lista)',
      'ai_insights: esperado objeto (recebido lista)',
    ]);
  });

  it('cuts 100 kB strings and trims the rest', () => {
    const huge = 'A'.repeat(100_000);
    const { analysis, issues } = normalizeAnalysis({
      cargo: `  ${huge}  `,
      mbti_description: huge,
      mbti_type: 'ENTJ',
      interesses_profissionais: [huge, '  Vendas  '],
      manual_comprador: { pontos_dor: [{ desafio: huge, impacto: huge }] },
      tipo_stakeholder: '   ',
    });
    expect(analysis.cargo).toHaveLength(MAX_TEXT);
    expect(analysis.mbti?.description).toHaveLength(MAX_TEXT);
    expect(analysis.interesses).toEqual(['A'.repeat(MAX_TEXT), 'Vendas']);
    expect(analysis.painPoints[0]?.desafio).toHaveLength(MAX_TEXT);
    expect(analysis.painPoints[0]?.impacto).toHaveLength(MAX_TEXT);
    expect(analysis.tipoStakeholder).toBeUndefined();
    expect(issues).toEqual([
      'cargo: texto com 100000 caracteres, cortado em 5000',
      'interesses_profissionais[0]: texto com 100000 caracteres, cortado em 5000',
      'manual_comprador.pontos_dor[0].desafio: texto com 100000 caracteres, cortado em 5000',
      'manual_comprador.pontos_dor[0].impacto: texto com 100000 caracteres, cortado em 5000',
      'mbti_description: texto com 100000 caracteres, cortado em 5000',
    ]);
  });

  it('does not cut a character in half', () => {
    const { analysis } = normalizeAnalysis({ cargo: `${'a'.repeat(MAX_TEXT - 1)}😀😀` });
    expect(analysis.cargo).toBe('a'.repeat(MAX_TEXT - 1));
  });

  it('caps long lists and the list of issues', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `Interesse ${i}`);
    const bad = Array.from({ length: 200 }, () => 1);
    const { analysis, issues } = normalizeAnalysis({ interesses_profissionais: many, strengths: bad });
    expect(analysis.interesses).toHaveLength(MAX_ITEMS);
    expect(analysis.interesses[49]).toBe('Interesse 49');
    expect(issues[0]).toBe('interesses_profissionais: lista com 10000 itens, mantidos os primeiros 50');
    // 1 + (1 + 50) issues for `strengths`: 50 listed, the last 2 counted.
    expect(issues).toHaveLength(51);
    expect(issues[1]).toBe('strengths: lista com 200 itens, mantidos os primeiros 50');
    expect(issues[50]).toBe('… e mais 2 problemas');
  });

  it('counts a single issue beyond the cap in the singular', () => {
    const { issues } = normalizeAnalysis({ cargo: 'CEO', strengths: Array.from({ length: 51 }, () => 1) });
    expect(issues).toHaveLength(51);
    expect(issues[50]).toBe('… e mais 1 problema');
  });

  it('ignores a negative processing time', () => {
    const { analysis, issues } = normalizeAnalysis(
      { cargo: 'CEO' },
      { metadata: { processing_time_ms: -5, timestamp: '2025-03-18T14:22:05Z' } },
    );
    expect(analysis.metadata).toEqual({ timestamp: '2025-03-18T14:22:05Z' });
    expect(issues).toEqual(['metadata.processing_time_ms: valor negativo ignorado']);
  });

  it('never reads inherited properties', () => {
    const raw = Object.assign(Object.create({ strengths: ['herdado'], cargo: 'Herdado' }) as object, {
      tipo_stakeholder: 'C-Level',
    });
    const { analysis } = normalizeAnalysis(raw);
    expect(analysis.strengths).toEqual([]);
    expect(analysis.cargo).toBeUndefined();
    expect(analysis.tipoStakeholder).toBe('C-Level');
  });

  it('survives an object whose reads throw, keeping the other sections', () => {
    const raw = { cargo: 'CEO' };
    Object.defineProperty(raw, 'ocean_scores', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const { analysis, issues } = normalizeAnalysis(raw);
    expect(analysis.cargo).toBe('CEO');
    expect(analysis.ocean).toBeUndefined();
    expect(issues).toEqual(['ocean: não foi possível ler']);
  });

  it('never throws on random garbage, and always returns the model shape', () => {
    // Deterministic pseudo-random values placed at the keys the normalizer reads.
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const keys = [
      ...Object.keys(crm.analise),
      ...Object.keys(crmPlus.analise),
      ...Object.keys(crmBatch.results[0]?.analise ?? {}),
      'ai_insights',
      'metadata',
      'dores',
      'pontos_dor',
      'pain_points',
      'persona',
      'tipo',
      'company_context',
      'engagement_strategy',
      'enhanced_pain_points',
    ];
    const value = (depth: number): unknown => {
      const pick = Math.floor(rand() * 9);
      if (depth > 3 && pick > 5) return 'folha';
      switch (pick) {
        case 0:
          return null;
        case 1:
          return rand() * 200 - 50;
        case 2:
          return 'x'.repeat(Math.floor(rand() * 10));
        case 3:
          return rand() > 0.5;
        case 4:
          return 'ENTJ';
        case 5:
          return undefined;
        case 6:
          return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
        default:
          return Object.fromEntries(
            Array.from({ length: Math.floor(rand() * 6) }, () => [
              keys[Math.floor(rand() * keys.length)] ?? 'x',
              value(depth + 1),
            ]),
          );
      }
    };
    for (let i = 0; i < 500; i++) {
      const raw = value(0);
      const extra = { aiInsights: value(1), metadata: value(1) };
      const { analysis, issues } = normalizeAnalysis(raw, extra);
      expect(Array.isArray(analysis.painPoints) && Array.isArray(analysis.interesses)).toBe(true);
      for (const v of Object.values(analysis.ocean ?? {})) expect(v >= 0 && v <= 1).toBe(true);
      expect(issues.every((s) => typeof s === 'string')).toBe(true);
      expect(() => JSON.stringify(analysis)).not.toThrow();
    }
  });
});
