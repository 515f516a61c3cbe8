/**
 * The vocabulary the analysis generator draws from. Texts shown by the English endpoints are pairs
 * [Portuguese, English]; texts only the Portuguese Plus and batch shapes show are plain Portuguese.
 */

export type T = readonly [pt: string, en: string];
export type LevelId = 'clevel' | 'diretor' | 'gerente' | 'coordenador' | 'analista';
export type AreaId =
  | 'vendas'
  | 'marketing'
  | 'tecnologia'
  | 'financas'
  | 'operacoes'
  | 'pessoas'
  | 'produto'
  | 'compras';
export type RegionId = 'Sudeste' | 'Sul' | 'Nordeste' | 'Centro-Oeste' | 'Norte';
/** Big Five traits on 0–1: openness, conscientiousness, extraversion, agreeableness, neuroticism. */
export interface Ocean {
  o: number;
  c: number;
  e: number;
  a: number;
  n: number;
}

export interface Level {
  id: LevelId;
  weight: number;
  stakeholder: string;
  influence: T;
  strength: T;
  timing: string;
  bias: Partial<Ocean>;
}

export const LEVELS: readonly Level[] = [
  {
    id: 'clevel',
    weight: 12,
    stakeholder: 'C-Level',
    influence: [
      'decide o orçamento e define as prioridades estratégicas',
      'controls the budget and sets strategic priorities',
    ],
    strength: ['Liderança executiva', 'Executive leadership'],
    timing: 'Terça a quinta, entre 7h30 e 9h, antes da agenda executiva',
    bias: { o: 0.12, c: 0.12, e: 0.18, a: -0.08, n: -0.2 },
  },
  {
    id: 'diretor',
    weight: 20,
    stakeholder: 'Director',
    influence: [
      'tem influência decisiva e traduz a estratégia em investimentos da área',
      'has decisive influence and turns strategy into departmental investment',
    ],
    strength: ['Gestão de múltiplas equipes', 'Managing multiple teams'],
    timing: 'Terça e quarta pela manhã',
    bias: { o: 0.08, c: 0.1, e: 0.12, a: -0.04, n: -0.12 },
  },
  {
    id: 'gerente',
    weight: 30,
    stakeholder: 'Manager',
    influence: [
      'patrocina a solução, responde pelos resultados do time e recomenda a compra',
      'sponsors the solution, owns team results and recommends the purchase',
    ],
    strength: ['Desenvolvimento de equipes', 'Team development'],
    timing: 'Terça a quinta, entre 10h e 11h30',
    bias: { c: 0.1, e: 0.06, a: 0.03, n: -0.06 },
  },
  {
    id: 'coordenador',
    weight: 18,
    stakeholder: 'Manager',
    influence: [
      'avalia a aderência ao processo e conduz a implantação',
      'assesses process fit and leads the rollout',
    ],
    strength: ['Coordenação de projetos', 'Project coordination'],
    timing: 'Segunda à tarde ou quinta pela manhã',
    bias: { o: -0.02, c: 0.14, a: 0.08 },
  },
  {
    id: 'analista',
    weight: 20,
    stakeholder: 'Individual Contributor',
    influence: [
      'usa e avalia a solução no dia a dia e levanta os requisitos',
      'uses and evaluates the solution day to day and gathers requirements',
    ],
    strength: ['Domínio técnico', 'Technical expertise'],
    timing: 'Quarta e quinta, entre 14h e 16h',
    bias: { o: 0.04, c: 0.06, e: -0.12, a: 0.06, n: 0.04 },
  },
];

export interface Area {
  id: AreaId;
  name: T;
  acronym: string;
  chief: string;
  persona: T;
  interests: readonly T[];
  pains: readonly { challenge: T; impact: T }[];
  motivators: readonly { text: T; impact: T }[];
  /** Phrases with {n} (10–40), {p} (85–97) or {d} (2–9). */
  impacts: readonly T[];
  kpis: readonly T[];
  bias: Partial<Ocean>;
}

export const AREAS: readonly Area[] = [
  {
    id: 'vendas',
    name: ['Vendas', 'Sales'],
    acronym: 'CRO',
    chief: 'Chief Revenue Officer',
    persona: ['de Receita', 'Revenue'],
    interests: [
      ['Previsibilidade de receita', 'Revenue predictability'],
      ['Gestão de pipeline', 'Pipeline management'],
      ['Social selling', 'Social selling'],
      ['Vendas consultivas', 'Consultative selling'],
      ['Sales enablement', 'Sales enablement'],
    ],
    pains: [
      {
        challenge: ['Pipeline com baixa previsibilidade', 'Unpredictable pipeline'],
        impact: [
          'Forecasts erram e metas trimestrais ficam em risco',
          'Forecasts miss and quarterly targets are at risk',
        ],
      },
      {
        challenge: ['Ciclo de vendas longo', 'Long sales cycle'],
        impact: [
          'Custo de aquisição sobe e a receita demora a entrar',
          'Acquisition cost rises and revenue arrives late',
        ],
      },
      {
        challenge: [
          'Time gasta tempo demais com tarefas administrativas',
          'Reps spend too much time on admin work',
        ],
        impact: ['Menos horas de venda ativa por vendedor', 'Fewer active selling hours per rep'],
      },
      {
        challenge: ['Baixa conversão entre oportunidade e fechamento', 'Low opportunity-to-close conversion'],
        impact: [
          'Esforço comercial desperdiçado em contas sem fit',
          'Sales effort wasted on poor-fit accounts',
        ],
      },
      {
        challenge: ['Rampagem lenta de novos vendedores', 'Slow ramp-up of new reps'],
        impact: ['Meses até novos contratados baterem meta', 'Months before new hires hit quota'],
      },
    ],
    motivators: [
      {
        text: ['Aumentar a taxa de conversão do funil', 'Increase funnel conversion'],
        impact: ['Mais receita com o mesmo time', 'More revenue with the same team'],
      },
      {
        text: ['Forecast confiável para a diretoria', 'Reliable forecast for leadership'],
        impact: ['Credibilidade junto ao conselho', 'Credibility with the board'],
      },
      {
        text: ['Encurtar o ciclo de vendas', 'Shorten the sales cycle'],
        impact: ['Caixa entrando mais cedo', 'Cash coming in sooner'],
      },
      {
        text: ['Visibilidade da performance do time', 'Visibility into team performance'],
        impact: ['Coaching baseado em dados', 'Data-driven coaching'],
      },
    ],
    impacts: [
      ['Aumentar a conversão do funil em {n}%', 'Increase funnel conversion by {n}%'],
      ['Reduzir o ciclo de vendas em {d} semanas', 'Cut the sales cycle by {d} weeks'],
      ['Elevar a acurácia do forecast para {p}%', 'Raise forecast accuracy to {p}%'],
      ['Liberar {n}% do tempo do time para vender', "Free up {n}% of the team's time for selling"],
    ],
    kpis: [
      ['Crescimento da receita recorrente', 'Recurring revenue growth'],
      ['Taxa de conversão', 'Conversion rate'],
      ['Acurácia do forecast', 'Forecast accuracy'],
      ['Produtividade por vendedor', 'Productivity per rep'],
    ],
    bias: { e: 0.15, a: 0.03 },
  },
  {
    id: 'marketing',
    name: ['Marketing', 'Marketing'],
    acronym: 'CMO',
    chief: 'Chief Marketing Officer',
    persona: ['de Marca e Demanda', 'Brand and Demand'],
    interests: [
      ['Geração de demanda B2B', 'B2B demand generation'],
      ['Account-Based Marketing', 'Account-based marketing'],
      ['Marketing de conteúdo', 'Content marketing'],
      ['Atribuição e analytics de marketing', 'Marketing attribution and analytics'],
      ['Posicionamento de marca', 'Brand positioning'],
    ],
    pains: [
      {
        challenge: ['Dificuldade de provar o ROI de marketing', 'Hard to prove marketing ROI'],
        impact: ['Orçamento questionado pela área financeira', 'Budget challenged by finance'],
      },
      {
        challenge: ['Leads de baixa qualidade', 'Low-quality leads'],
        impact: ['Atrito com o time comercial e CAC elevado', 'Friction with sales and a high CAC'],
      },
      {
        challenge: [
          'Dados de clientes espalhados em várias ferramentas',
          'Customer data scattered across tools',
        ],
        impact: [
          'Segmentação imprecisa e campanhas genéricas',
          'Imprecise segmentation and generic campaigns',
        ],
      },
      {
        challenge: ['Produção de conteúdo lenta', 'Slow content production'],
        impact: [
          'Campanhas atrasam e perdem a janela de mercado',
          'Campaigns slip and miss the market window',
        ],
      },
      {
        challenge: ['Atribuição multicanal confusa', 'Confusing multichannel attribution'],
        impact: ['Investimento alocado nos canais errados', 'Spend allocated to the wrong channels'],
      },
    ],
    motivators: [
      {
        text: ['Pipeline gerado por marketing mensurável', 'Measurable marketing-sourced pipeline'],
        impact: ['Orçamento defendido com números', 'Budget defended with numbers'],
      },
      {
        text: ['Personalização em escala', 'Personalisation at scale'],
        impact: ['Mais engajamento das contas-alvo', 'More engagement from target accounts'],
      },
      {
        text: ['Alinhamento com vendas', 'Alignment with sales'],
        impact: ['Menos leads perdidos na passagem para o comercial', 'Fewer leads lost at handoff'],
      },
      {
        text: ['Reduzir o custo por lead qualificado', 'Lower cost per qualified lead'],
        impact: ['Mais resultado com o mesmo orçamento', 'More results from the same budget'],
      },
    ],
    impacts: [
      ['Reduzir o CAC em {n}%', 'Reduce CAC by {n}%'],
      ['Aumentar o pipeline gerado por marketing em {n}%', 'Grow marketing-sourced pipeline by {n}%'],
      ['Multiplicar por {d} o engajamento das contas-alvo', 'Multiply target-account engagement by {d}'],
      ['Atribuir {p}% da receita ao canal certo', 'Attribute {p}% of revenue to the right channel'],
    ],
    kpis: [
      ['Pipeline gerado por marketing', 'Marketing-sourced pipeline'],
      ['Custo de aquisição de clientes (CAC)', 'Customer acquisition cost (CAC)'],
      ['Engajamento das contas-alvo', 'Target-account engagement'],
      ['Reconhecimento de marca', 'Brand awareness'],
    ],
    bias: { o: 0.15, e: 0.08 },
  },
  {
    id: 'tecnologia',
    name: ['Tecnologia', 'Technology'],
    acronym: 'CTO',
    chief: 'Chief Technology Officer',
    persona: ['da Transformação Digital', 'Digital Transformation'],
    interests: [
      ['Arquitetura em nuvem', 'Cloud architecture'],
      ['Segurança da informação e LGPD', 'Information security and LGPD'],
      ['Inteligência artificial aplicada', 'Applied artificial intelligence'],
      ['Engenharia de plataforma', 'Platform engineering'],
      ['Governança de dados', 'Data governance'],
    ],
    pains: [
      {
        challenge: ['Sistemas legados difíceis de integrar', 'Legacy systems that are hard to integrate'],
        impact: [
          'Projetos de inovação travados por dependências técnicas',
          'Innovation projects blocked by technical dependencies',
        ],
      },
      {
        challenge: ['Escassez de profissionais qualificados', 'Shortage of skilled engineers'],
        impact: ['Roadmap atrasado e time sobrecarregado', 'A delayed roadmap and an overloaded team'],
      },
      {
        challenge: ['Riscos de segurança e de conformidade com a LGPD', 'Security risks and LGPD compliance'],
        impact: ['Exposição a multas e danos à reputação', 'Exposure to fines and reputational damage'],
      },
      {
        challenge: ['Custos de nuvem crescentes', 'Rising cloud costs'],
        impact: [
          'Margem pressionada sem visibilidade de consumo',
          'Squeezed margins without usage visibility',
        ],
      },
      {
        challenge: ['Dívida técnica acumulada', 'Accumulated technical debt'],
        impact: ['Cada nova entrega fica mais lenta e arriscada', 'Every release gets slower and riskier'],
      },
    ],
    motivators: [
      {
        text: ['Integrações rápidas via API', 'Fast API integrations'],
        impact: ['Menos esforço do time interno', 'Less effort from the internal team'],
      },
      {
        text: ['Segurança e conformidade comprovadas', 'Proven security and compliance'],
        impact: ['Aprovação tranquila no comitê de riscos', 'Smooth approval by the risk committee'],
      },
      {
        text: ['Escalabilidade sem reescrever sistemas', 'Scalability without rewrites'],
        impact: ['Crescimento sem retrabalho', 'Growth without rework'],
      },
      {
        text: ['Redução do custo total de propriedade', 'Lower total cost of ownership'],
        impact: ['Orçamento liberado para inovação', 'Budget freed for innovation'],
      },
    ],
    impacts: [
      ['Reduzir o tempo de integração em {n}%', 'Cut integration time by {n}%'],
      ['Diminuir os custos de infraestrutura em {n}%', 'Lower infrastructure costs by {n}%'],
      ['Eliminar {n}% do trabalho manual de operações', 'Eliminate {n}% of manual operations work'],
      ['Entregar novas funcionalidades {n}% mais rápido', 'Ship new features {n}% faster'],
    ],
    kpis: [
      ['Disponibilidade dos sistemas', 'System availability'],
      ['Velocidade de entrega', 'Delivery speed'],
      ['Segurança e conformidade', 'Security and compliance'],
      ['Custo de infraestrutura', 'Infrastructure cost'],
    ],
    bias: { o: 0.1, e: -0.1, a: -0.03 },
  },
  {
    id: 'financas',
    name: ['Finanças', 'Finance'],
    acronym: 'CFO',
    chief: 'Chief Financial Officer',
    persona: ['da Eficiência Financeira', 'Financial Efficiency'],
    interests: [
      ['Planejamento financeiro (FP&A)', 'Financial planning (FP&A)'],
      ['Reforma tributária', 'Tax reform'],
      ['Gestão de fluxo de caixa', 'Cash-flow management'],
      ['Automação financeira', 'Finance automation'],
      ['Governança corporativa', 'Corporate governance'],
    ],
    pains: [
      {
        challenge: ['Fechamento contábil lento e manual', 'Slow, manual month-end close'],
        impact: ['Decisões tomadas com números atrasados', 'Decisions made on late numbers'],
      },
      {
        challenge: ['Complexidade tributária brasileira', 'Brazilian tax complexity'],
        impact: [
          'Risco de autuações e custo alto de compliance',
          'Risk of penalties and a high compliance cost',
        ],
      },
      {
        challenge: ['Baixa previsibilidade do fluxo de caixa', 'Low cash-flow predictability'],
        impact: ['Necessidade de capital de giro caro', 'Need for expensive working capital'],
      },
      {
        challenge: [
          'Dados financeiros em planilhas desconectadas',
          'Financial data in disconnected spreadsheets',
        ],
        impact: ['Erros e retrabalho no reporte à diretoria', 'Errors and rework in board reporting'],
      },
      {
        challenge: ['Pressão por redução de custos', 'Pressure to cut costs'],
        impact: ['Investimentos estratégicos adiados', 'Strategic investments postponed'],
      },
    ],
    motivators: [
      {
        text: ['ROI comprovado em poucos meses', 'ROI proven within months'],
        impact: ['Payback claro para aprovar o investimento', 'Clear payback to approve the investment'],
      },
      {
        text: ['Previsibilidade de caixa', 'Cash predictability'],
        impact: ['Menos dependência de crédito', 'Less reliance on credit'],
      },
      {
        text: ['Redução de riscos fiscais', 'Lower tax risk'],
        impact: ['Tranquilidade em auditorias', 'Peace of mind during audits'],
      },
      {
        text: ['Automação do fechamento', 'Automated close'],
        impact: ['Equipe focada em análise, não em digitação', 'A team focused on analysis, not data entry'],
      },
    ],
    impacts: [
      ['Reduzir o fechamento mensal em {d} dias', 'Cut the month-end close by {d} days'],
      ['Cortar {n}% dos custos operacionais', 'Cut operating costs by {n}%'],
      ['Atingir o payback em {d} meses', 'Reach payback in {d} months'],
      ['Elevar a previsibilidade do caixa para {p}%', 'Raise cash predictability to {p}%'],
    ],
    kpis: [
      ['EBITDA e margem', 'EBITDA and margin'],
      ['Geração de caixa', 'Cash generation'],
      ['Conformidade fiscal', 'Tax compliance'],
      ['Retorno sobre investimento', 'Return on investment'],
    ],
    bias: { c: 0.12, o: -0.08, a: -0.05 },
  },
  {
    id: 'operacoes',
    name: ['Operações', 'Operations'],
    acronym: 'COO',
    chief: 'Chief Operating Officer',
    persona: ['da Excelência Operacional', 'Operational Excellence'],
    interests: [
      ['Melhoria contínua e Lean', 'Continuous improvement and Lean'],
      ['Automação de processos', 'Process automation'],
      ['Cadeia de suprimentos', 'Supply chain'],
      ['Indicadores operacionais', 'Operational metrics'],
      ['Gestão da qualidade', 'Quality management'],
    ],
    pains: [
      {
        challenge: ['Processos manuais e pouco padronizados', 'Manual, poorly standardised processes'],
        impact: ['Erros, retrabalho e custos ocultos', 'Errors, rework and hidden costs'],
      },
      {
        challenge: ['Falta de visibilidade ponta a ponta', 'No end-to-end visibility'],
        impact: ['Gargalos descobertos tarde demais', 'Bottlenecks discovered too late'],
      },
      {
        challenge: ['Custos logísticos elevados', 'High logistics costs'],
        impact: ['Margem corroída a cada entrega', 'Margin eroded with every delivery'],
      },
      {
        challenge: ['Dificuldade de escalar a operação', 'Hard to scale operations'],
        impact: ['Crescimento exige contratações proporcionais', 'Growth requires proportional hiring'],
      },
      {
        challenge: ['Indicadores dispersos entre áreas', 'Metrics scattered across departments'],
        impact: ['Reuniões longas só para alinhar números', 'Long meetings just to align numbers'],
      },
    ],
    motivators: [
      {
        text: ['Eficiência operacional mensurável', 'Measurable operational efficiency'],
        impact: ['Mais produção com o mesmo custo', 'More output at the same cost'],
      },
      {
        text: ['Padronização de processos', 'Standardised processes'],
        impact: ['Qualidade consistente em todas as unidades', 'Consistent quality across sites'],
      },
      {
        text: ['Visibilidade em tempo real', 'Real-time visibility'],
        impact: ['Decisões rápidas na operação', 'Fast decisions on the operations floor'],
      },
      {
        text: ['Implantação sem parar a operação', 'Rollout without stopping operations'],
        impact: ['Risco baixo de transição', 'Low transition risk'],
      },
    ],
    impacts: [
      ['Reduzir o retrabalho em {n}%', 'Reduce rework by {n}%'],
      ['Aumentar a produtividade operacional em {n}%', 'Raise operational productivity by {n}%'],
      ['Cortar {n}% dos custos logísticos', 'Cut logistics costs by {n}%'],
      ['Atingir {p}% de entregas no prazo', 'Reach {p}% on-time delivery'],
    ],
    kpis: [
      ['Produtividade', 'Productivity'],
      ['Custo por operação', 'Cost per operation'],
      ['Nível de serviço (SLA)', 'Service level (SLA)'],
      ['Qualidade e conformidade', 'Quality and compliance'],
    ],
    bias: { c: 0.1, o: -0.05 },
  },
  {
    id: 'pessoas',
    name: ['Pessoas e Cultura', 'People and Culture'],
    acronym: 'CHRO',
    chief: 'Chief Human Resources Officer',
    persona: ['de Pessoas', 'People'],
    interests: [
      ['Employer branding', 'Employer branding'],
      ['Desenvolvimento de lideranças', 'Leadership development'],
      ['People analytics', 'People analytics'],
      ['Trabalho híbrido', 'Hybrid work'],
      ['Diversidade e inclusão', 'Diversity and inclusion'],
    ],
    pains: [
      {
        challenge: ['Alta rotatividade de talentos', 'High talent turnover'],
        impact: ['Custo de reposição e perda de conhecimento', 'Replacement cost and lost knowledge'],
      },
      {
        challenge: ['Processos de recrutamento demorados', 'Slow hiring processes'],
        impact: ['Vagas críticas abertas por meses', 'Critical roles open for months'],
      },
      {
        challenge: ['Baixo engajamento das equipes', 'Low team engagement'],
        impact: ['Produtividade e clima organizacional em queda', 'Falling productivity and morale'],
      },
      {
        challenge: ['Rotinas de departamento pessoal manuais', 'Manual payroll routines'],
        impact: ['Riscos trabalhistas e erros na folha', 'Labour-law risks and payroll errors'],
      },
      {
        challenge: ['Dificuldade de medir o impacto de treinamentos', 'Hard to measure training impact'],
        impact: [
          'Investimento em desenvolvimento sem retorno claro',
          'Development spend without a clear return',
        ],
      },
    ],
    motivators: [
      {
        text: ['Reter os melhores talentos', 'Retain top talent'],
        impact: ['Continuidade e menor custo de reposição', 'Continuity and lower replacement cost'],
      },
      {
        text: ['Experiência do colaborador', 'Employee experience'],
        impact: ['Engajamento e marca empregadora fortes', 'Strong engagement and employer brand'],
      },
      {
        text: ['Decisões de pessoas baseadas em dados', 'Data-driven people decisions'],
        impact: ['Credibilidade junto à diretoria', 'Credibility with leadership'],
      },
      {
        text: ['Conformidade trabalhista', 'Labour compliance'],
        impact: ['Menos passivos e autuações', 'Fewer liabilities and penalties'],
      },
    ],
    impacts: [
      ['Reduzir o turnover em {n}%', 'Reduce turnover by {n}%'],
      ['Preencher vagas críticas {n}% mais rápido', 'Fill critical roles {n}% faster'],
      ['Elevar o eNPS em {n} pontos', 'Raise eNPS by {n} points'],
      ['Automatizar {n}% das rotinas de departamento pessoal', 'Automate {n}% of payroll routines'],
    ],
    kpis: [
      ['Retenção de talentos', 'Talent retention'],
      ['Engajamento (eNPS)', 'Engagement (eNPS)'],
      ['Tempo de contratação', 'Time to hire'],
      ['Conformidade trabalhista', 'Labour compliance'],
    ],
    bias: { a: 0.15, e: 0.05 },
  },
  {
    id: 'produto',
    name: ['Produto', 'Product'],
    acronym: 'CPO',
    chief: 'Chief Product Officer',
    persona: ['de Produto', 'Product'],
    interests: [
      ['Product-led growth', 'Product-led growth'],
      ['Discovery e pesquisa com usuários', 'Discovery and user research'],
      ['Métricas de produto', 'Product metrics'],
      ['Experimentação e testes A/B', 'Experimentation and A/B testing'],
      ['Design de experiência', 'Experience design'],
    ],
    pains: [
      {
        challenge: [
          'Roadmap pressionado por demandas de todas as áreas',
          'Roadmap pressured by every department',
        ],
        impact: ['Prioridades mudam e entregas perdem impacto', 'Priorities shift and releases lose impact'],
      },
      {
        challenge: ['Pouca informação sobre o uso real do produto', 'Little insight into real product usage'],
        impact: ['Decisões baseadas em opinião', 'Decisions based on opinion'],
      },
      {
        challenge: ['Churn de clientes no início da jornada', 'Early-journey customer churn'],
        impact: ['Receita perdida antes de o valor ser percebido', 'Revenue lost before value is perceived'],
      },
      {
        challenge: ['Ciclos longos entre ideia e lançamento', 'Long cycles from idea to launch'],
        impact: ['Concorrentes chegam primeiro ao mercado', 'Competitors reach the market first'],
      },
      {
        challenge: ['Feedback de clientes disperso', 'Scattered customer feedback'],
        impact: ['Oportunidades de melhoria passam despercebidas', 'Improvement opportunities go unnoticed'],
      },
    ],
    motivators: [
      {
        text: ['Aumentar a adoção do produto', 'Increase product adoption'],
        impact: ['Mais valor percebido e expansão de receita', 'More perceived value and revenue expansion'],
      },
      {
        text: ['Decisões orientadas por dados', 'Data-driven decisions'],
        impact: ['Roadmap defendido com evidências', 'A roadmap defended with evidence'],
      },
      {
        text: ['Lançar mais rápido com qualidade', 'Ship faster with quality'],
        impact: ['Vantagem competitiva sustentável', 'Sustainable competitive advantage'],
      },
      {
        text: ['Reduzir o churn', 'Reduce churn'],
        impact: ['Base de clientes saudável', 'A healthy customer base'],
      },
    ],
    impacts: [
      ['Aumentar a ativação de usuários em {n}%', 'Increase user activation by {n}%'],
      ['Reduzir o churn em {n}%', 'Reduce churn by {n}%'],
      ['Encurtar o time-to-market em {d} semanas', 'Shorten time-to-market by {d} weeks'],
      ['Elevar a retenção para {p}%', 'Lift retention to {p}%'],
    ],
    kpis: [
      ['Adoção e ativação', 'Adoption and activation'],
      ['Retenção de clientes', 'Customer retention'],
      ['Time-to-market', 'Time-to-market'],
      ['NPS do produto', 'Product NPS'],
    ],
    bias: { o: 0.14 },
  },
  {
    id: 'compras',
    name: ['Compras e Suprimentos', 'Procurement'],
    acronym: 'CPO',
    chief: 'Chief Procurement Officer',
    persona: ['de Suprimentos', 'Sourcing'],
    interests: [
      ['Strategic sourcing', 'Strategic sourcing'],
      ['Gestão de fornecedores', 'Supplier management'],
      ['Compras sustentáveis (ESG)', 'Sustainable procurement (ESG)'],
      ['Negociação', 'Negotiation'],
      ['Digitalização de compras', 'Procurement digitalisation'],
    ],
    pains: [
      {
        challenge: [
          'Pouca visibilidade dos gastos por categoria',
          'Little visibility into spend by category',
        ],
        impact: ['Oportunidades de economia desperdiçadas', 'Missed savings opportunities'],
      },
      {
        challenge: ['Dependência de poucos fornecedores', 'Dependence on few suppliers'],
        impact: ['Risco de ruptura no abastecimento', 'Risk of supply disruption'],
      },
      {
        challenge: ['Processos de cotação manuais', 'Manual quoting processes'],
        impact: ['Ciclos de compra lentos e sujeitos a erro', 'Slow, error-prone purchasing cycles'],
      },
      {
        challenge: [
          'Exigências de compliance e ESG na cadeia',
          'Compliance and ESG requirements in the supply chain',
        ],
        impact: ['Risco reputacional com fornecedores', 'Reputational risk from suppliers'],
      },
      {
        challenge: ['Pressão constante por saving', 'Constant pressure for savings'],
        impact: ['Negociações cada vez mais duras', 'Ever tougher negotiations'],
      },
    ],
    motivators: [
      {
        text: ['Saving comprovado', 'Proven savings'],
        impact: ['Resultado visível para a área financeira', 'Results visible to finance'],
      },
      {
        text: ['Redução de riscos na cadeia', 'Lower supply-chain risk'],
        impact: ['Abastecimento contínuo', 'Uninterrupted supply'],
      },
      {
        text: ['Processos de compra ágeis', 'Agile purchasing processes'],
        impact: ['Áreas internas mais bem atendidas', 'Internal customers better served'],
      },
      {
        text: ['Transparência e conformidade', 'Transparency and compliance'],
        impact: ['Auditorias sem surpresas', 'Audits without surprises'],
      },
    ],
    impacts: [
      ['Gerar {n}% de saving nas categorias críticas', 'Deliver {n}% savings in critical categories'],
      ['Reduzir o ciclo de compras em {d} dias', 'Cut the purchasing cycle by {d} days'],
      ['Homologar fornecedores {n}% mais rápido', 'Qualify suppliers {n}% faster'],
      ['Ter {p}% dos gastos sob gestão', 'Bring {p}% of spend under management'],
    ],
    kpis: [
      ['Saving', 'Savings'],
      ['Nível de serviço dos fornecedores', 'Supplier service level'],
      ['Gastos sob gestão', 'Spend under management'],
      ['Risco da cadeia de suprimentos', 'Supply-chain risk'],
    ],
    bias: { c: 0.08, a: -0.08 },
  },
];

export interface Sector {
  id: string;
  name: T;
  /** A company word starting with one of these selects the sector. */
  keywords: readonly string[];
  areas: readonly AreaId[];
  interest: T;
  trends: readonly T[];
  regulation: T;
  opportunities: readonly T[];
  challenges: readonly T[];
  context: T;
  /** With {company}. */
  competition: string;
  /** With {company}. */
  initiatives: readonly string[];
}

export const SECTORS: readonly Sector[] = [
  {
    id: 'financeiro',
    name: ['Serviços Financeiros', 'Financial Services'],
    keywords: [
      'banco',
      'bank',
      'pay',
      'fin',
      'credit',
      'invest',
      'capital',
      'seguro',
      'insurance',
      'nubank',
      'itau',
    ],
    areas: ['tecnologia', 'produto', 'financas', 'vendas'],
    interest: ['Open Finance', 'Open Finance'],
    trends: [
      ['Open Finance e compartilhamento de dados', 'Open Finance and data sharing'],
      ['Expansão do Pix e dos pagamentos instantâneos', 'Growth of Pix and instant payments'],
      ['IA na análise de crédito e na prevenção a fraudes', 'AI in credit scoring and fraud prevention'],
      ['Concorrência de bancos digitais e fintechs', 'Competition from digital banks and fintechs'],
    ],
    regulation: [
      'Regulação do Banco Central (Open Finance, Pix) e LGPD',
      'Central Bank regulation (Open Finance, Pix) and LGPD',
    ],
    opportunities: [
      ['Inclusão financeira de pequenas empresas', 'Financial inclusion of small businesses'],
      ['Crédito para o agronegócio', 'Credit for agribusiness'],
      ['Serviços financeiros embutidos em plataformas', 'Embedded finance in platforms'],
    ],
    challenges: [
      ['Fraudes digitais em crescimento', 'Growing digital fraud'],
      ['Custo de compliance regulatório', 'Cost of regulatory compliance'],
      ['Inadimplência sensível à taxa Selic', 'Defaults sensitive to the Selic rate'],
    ],
    context: [
      'Pressão de fintechs e exigências do Banco Central',
      'Pressure from fintechs and Central Bank requirements',
    ],
    competition:
      '{company} disputa clientes com bancos digitais, incumbentes e fintechs de nicho; a diferenciação vem de experiência e custo.',
    initiatives: [
      '{company} ampliou a oferta de produtos digitais via Open Finance',
      '{company} investe em modelos de IA para prevenção a fraudes',
      '{company} lançou parcerias de pagamentos com Pix',
    ],
  },
  {
    id: 'saude',
    name: ['Saúde', 'Healthcare'],
    keywords: [
      'saude',
      'health',
      'hospital',
      'clinica',
      'clinic',
      'medic',
      'farma',
      'pharma',
      'laboratorio',
      'diagnostic',
    ],
    areas: ['operacoes', 'tecnologia', 'financas', 'pessoas'],
    interest: ['Inovação em saúde', 'Healthcare innovation'],
    trends: [
      ['Telemedicina e atendimento digital', 'Telemedicine and digital care'],
      ['Interoperabilidade de prontuários eletrônicos', 'Electronic health record interoperability'],
      ['Saúde baseada em valor', 'Value-based healthcare'],
      ['Verticalização de operadoras e hospitais', 'Vertical integration of health plans and hospitals'],
    ],
    regulation: [
      'Normas da ANVISA e da ANS, além da LGPD para dados sensíveis de saúde',
      'ANVISA and ANS rules, plus LGPD for sensitive health data',
    ],
    opportunities: [
      ['Atendimento digital em cidades do interior', 'Digital care in inland cities'],
      ['Gestão de saúde corporativa', 'Corporate health management'],
      ['Parcerias público-privadas com o SUS', 'Public-private partnerships with SUS'],
    ],
    challenges: [
      ['Sinistralidade elevada nas operadoras', 'High claims ratios at health plans'],
      ['Falta de especialistas fora das capitais', 'Shortage of specialists outside state capitals'],
      ['Integração de sistemas hospitalares antigos', 'Integrating old hospital systems'],
    ],
    context: [
      'Custos assistenciais em alta e pressão por eficiência',
      'Rising care costs and pressure for efficiency',
    ],
    competition:
      '{company} atua em um mercado em consolidação, com grandes grupos verticalizados e healthtechs ganhando espaço.',
    initiatives: [
      '{company} expandiu o atendimento por telemedicina',
      '{company} investe em prontuário eletrônico integrado',
      '{company} anunciou um programa de eficiência assistencial',
    ],
  },
  {
    id: 'tecnologia',
    name: ['Tecnologia e Software', 'Technology and Software'],
    keywords: [
      'tech',
      'tec',
      'software',
      'sistema',
      'system',
      'digital',
      'labs',
      'dados',
      'data',
      'cloud',
      'totvs',
      'app',
    ],
    areas: ['tecnologia', 'produto', 'vendas', 'marketing'],
    interest: ['SaaS B2B', 'B2B SaaS'],
    trends: [
      ['IA generativa incorporada a produtos SaaS', 'Generative AI built into SaaS products'],
      ['Consolidação de ferramentas e foco em eficiência', 'Tool consolidation and a focus on efficiency'],
      ['Modelos de receita baseados em consumo', 'Usage-based revenue models'],
      ['Segurança e privacidade como diferencial de venda', 'Security and privacy as a selling point'],
    ],
    regulation: [
      'LGPD, Marco Civil da Internet e o debate sobre a regulação de IA',
      'LGPD, the Brazilian Internet Civil Framework and the AI regulation debate',
    ],
    opportunities: [
      ['Digitalização de pequenas e médias empresas', 'Digitalisation of small and mid-sized companies'],
      [
        'Demanda por soluções em português e adaptadas ao Brasil',
        'Demand for Portuguese-language, Brazil-specific tools',
      ],
      ['Ecossistema de startups em expansão', 'A growing startup ecosystem'],
    ],
    challenges: [
      ['Escassez de talentos de engenharia', 'Shortage of engineering talent'],
      [
        'Câmbio encarecendo ferramentas cobradas em dólar',
        'Exchange rate making dollar-priced tools expensive',
      ],
      ['Ciclos de compra mais longos em grandes contas', 'Longer buying cycles at large accounts'],
    ],
    context: ['Busca por eficiência e adoção acelerada de IA', 'An efficiency drive and fast AI adoption'],
    competition:
      '{company} compete com players globais e startups locais; integração e suporte em português pesam na escolha.',
    initiatives: [
      '{company} lançou recursos de IA generativa na plataforma',
      '{company} reforçou o time de engenharia de dados',
      '{company} anunciou expansão para novos segmentos de clientes',
    ],
  },
  {
    id: 'varejo',
    name: ['Varejo e E-commerce', 'Retail and E-commerce'],
    keywords: [
      'varejo',
      'loja',
      'magazine',
      'store',
      'shop',
      'marketplace',
      'mercado',
      'supermercado',
      'atacad',
      'commerce',
      'moda',
    ],
    areas: ['marketing', 'operacoes', 'vendas', 'tecnologia'],
    interest: ['Experiência do cliente no varejo', 'Retail customer experience'],
    trends: [
      ['Omnicanalidade entre lojas físicas e digitais', 'Omnichannel between physical and digital stores'],
      ['Retail media como nova fonte de receita', 'Retail media as a new revenue stream'],
      ['Social commerce e vendas pelo WhatsApp', 'Social commerce and WhatsApp sales'],
      ['Personalização com dados de clientes', 'Personalisation with customer data'],
    ],
    regulation: [
      'Código de Defesa do Consumidor, LGPD e regras de ICMS interestadual',
      'The Consumer Protection Code, LGPD and interstate ICMS rules',
    ],
    opportunities: [
      ['Crescimento do e-commerce fora das capitais', 'E-commerce growth outside state capitals'],
      ['Programas de fidelidade com pagamentos via Pix', 'Loyalty programmes with Pix payments'],
      ['Classes C e D cada vez mais digitais', 'Classes C and D going digital'],
    ],
    challenges: [
      ['Custos logísticos em um país continental', 'Logistics costs in a continental country'],
      ['Concorrência de marketplaces internacionais', 'Competition from international marketplaces'],
      ['Consumidor sensível a preço e a crédito', 'Consumers sensitive to price and credit'],
    ],
    context: [
      'Margens apertadas e concorrência de marketplaces',
      'Tight margins and marketplace competition',
    ],
    competition:
      '{company} disputa atenção com marketplaces globais e redes regionais; logística e experiência definem a preferência.',
    initiatives: [
      '{company} integrou os estoques das lojas ao canal digital',
      '{company} lançou um programa de fidelidade com cashback',
      '{company} investe em retail media com dados próprios',
    ],
  },
  {
    id: 'agro',
    name: ['Agronegócio', 'Agribusiness'],
    keywords: [
      'agro',
      'agri',
      'fazenda',
      'rural',
      'graos',
      'sementes',
      'seeds',
      'pecuaria',
      'cafe',
      'usina',
      'cooperativa',
    ],
    areas: ['operacoes', 'compras', 'financas', 'vendas'],
    interest: ['Agricultura digital', 'Digital agriculture'],
    trends: [
      ['Agricultura de precisão e uso de drones', 'Precision agriculture and drones'],
      ['Rastreabilidade e exigências ESG de exportação', 'Traceability and ESG export requirements'],
      ['Crédito via CPR e Fiagro', 'Financing through CPR and Fiagro'],
      ['Conectividade no campo', 'Connectivity in rural areas'],
    ],
    regulation: [
      'Normas do MAPA, Código Florestal e exigências sanitárias de exportação',
      'MAPA rules, the Forest Code and export sanitary requirements',
    ],
    opportunities: [
      ['Expansão da fronteira agrícola no Matopiba', 'Agricultural frontier expansion in Matopiba'],
      ['Bioinsumos e agricultura regenerativa', 'Bio-inputs and regenerative agriculture'],
      ['Novos mercados de exportação na Ásia', 'New export markets in Asia'],
    ],
    challenges: [
      ['Infraestrutura logística para escoar a safra', 'Logistics infrastructure to move the harvest'],
      ['Volatilidade de commodities e câmbio', 'Commodity and exchange-rate volatility'],
      ['Eventos climáticos extremos', 'Extreme weather events'],
    ],
    context: [
      'Volatilidade de commodities e pressão por rastreabilidade',
      'Commodity volatility and pressure for traceability',
    ],
    competition:
      '{company} compete com tradings globais e cooperativas regionais; eficiência logística e acesso a crédito fazem a diferença.',
    initiatives: [
      '{company} implantou monitoramento de lavouras por satélite',
      '{company} ampliou a capacidade de armazenagem',
      '{company} lançou um programa de rastreabilidade para exportação',
    ],
  },
  {
    id: 'energia',
    name: ['Energia e Utilities', 'Energy and Utilities'],
    keywords: [
      'energia',
      'energy',
      'eletric',
      'electric',
      'solar',
      'petro',
      'oil',
      'gas',
      'renovave',
      'power',
      'saneamento',
    ],
    areas: ['operacoes', 'tecnologia', 'financas', 'compras'],
    interest: ['Transição energética', 'Energy transition'],
    trends: [
      ['Abertura do mercado livre de energia', 'Opening of the free energy market'],
      ['Geração distribuída solar', 'Distributed solar generation'],
      ['Hidrogênio verde e descarbonização', 'Green hydrogen and decarbonisation'],
      ['Digitalização da rede e medição inteligente', 'Grid digitalisation and smart metering'],
    ],
    regulation: [
      'Regulação da ANEEL e da ANP e o marco legal da geração distribuída',
      'ANEEL and ANP regulation and the distributed-generation framework',
    ],
    opportunities: [
      ['Potencial eólico e solar do Nordeste', 'Wind and solar potential in the Northeast'],
      ['Migração de empresas para o mercado livre', 'Companies moving to the free market'],
      ['Projetos de eficiência energética na indústria', 'Industrial energy-efficiency projects'],
    ],
    challenges: [
      ['Gargalos de transmissão', 'Transmission bottlenecks'],
      ['Insegurança regulatória em leilões', 'Regulatory uncertainty in auctions'],
      ['Perdas não técnicas na distribuição', 'Non-technical losses in distribution'],
    ],
    context: [
      'Transição energética e abertura do mercado livre',
      'The energy transition and the opening free market',
    ],
    competition:
      '{company} enfrenta novos comercializadores e geradores distribuídos; preço e previsibilidade contratual pesam na decisão.',
    initiatives: [
      '{company} anunciou investimentos em parques solares',
      '{company} moderniza a rede com medição inteligente',
      '{company} criou uma comercializadora para o mercado livre',
    ],
  },
  {
    id: 'logistica',
    name: ['Logística e Transportes', 'Logistics and Transport'],
    keywords: [
      'log',
      'transport',
      'express',
      'frete',
      'cargo',
      'carga',
      'entrega',
      'delivery',
      'rodoviari',
      'armazen',
    ],
    areas: ['operacoes', 'tecnologia', 'vendas', 'financas'],
    interest: ['Eficiência logística', 'Logistics efficiency'],
    trends: [
      ['Roteirização com IA e rastreamento em tempo real', 'AI routing and real-time tracking'],
      ['Entregas de última milha no mesmo dia', 'Same-day last-mile delivery'],
      ['Frotas elétricas e metas de emissões', 'Electric fleets and emissions targets'],
      ['Armazéns automatizados', 'Automated warehouses'],
    ],
    regulation: [
      'Regras da ANTT, piso mínimo de frete e Lei do Motorista',
      'ANTT rules, the minimum freight floor and the Truck Driver Law',
    ],
    opportunities: [
      ['Crescimento do e-commerce no interior', 'E-commerce growth inland'],
      ['Hubs logísticos próximos a grandes centros', 'Logistics hubs near large cities'],
      ['Cabotagem como alternativa ao transporte rodoviário', 'Coastal shipping as an alternative to road'],
    ],
    challenges: [
      ['Dependência do modal rodoviário', 'Dependence on road transport'],
      ['Roubo de cargas em rotas críticas', 'Cargo theft on critical routes'],
      ['Custo do diesel e dos pedágios', 'Diesel and toll costs'],
    ],
    context: [
      'Pressão por prazos curtos e custo do diesel',
      'Pressure for short lead times and diesel costs',
    ],
    competition:
      '{company} disputa contratos com transportadoras regionais e operadores de marketplaces; SLA e rastreabilidade decidem.',
    initiatives: [
      '{company} abriu um novo centro de distribuição',
      '{company} adotou roteirização dinâmica com IA',
      '{company} testa veículos elétricos na última milha',
    ],
  },
  {
    id: 'educacao',
    name: ['Educação', 'Education'],
    keywords: [
      'educa',
      'escola',
      'school',
      'ensino',
      'universidade',
      'university',
      'faculdade',
      'college',
      'edu',
      'academ',
    ],
    areas: ['produto', 'marketing', 'tecnologia', 'pessoas'],
    interest: ['Tecnologia educacional', 'Education technology'],
    trends: [
      ['Ensino híbrido e plataformas digitais', 'Hybrid learning and digital platforms'],
      ['Educação corporativa e requalificação', 'Corporate learning and reskilling'],
      ['Personalização da aprendizagem com IA', 'AI-personalised learning'],
      ['Consolidação de grupos educacionais', 'Consolidation of education groups'],
    ],
    regulation: [
      'Normas do MEC, regras do ensino a distância e LGPD para dados de alunos',
      'MEC rules, distance-learning regulation and LGPD for student data',
    ],
    opportunities: [
      ['Demanda por cursos técnicos e profissionalizantes', 'Demand for technical and vocational courses'],
      ['Parcerias com empresas para formar talentos', 'Partnerships with companies to develop talent'],
      ['Expansão do ensino digital no interior', 'Digital education growing inland'],
    ],
    challenges: [
      ['Evasão de alunos', 'Student dropout'],
      ['Sensibilidade a preço das mensalidades', 'Price sensitivity on tuition'],
      ['Conectividade desigual entre regiões', 'Uneven connectivity across regions'],
    ],
    context: ['Evasão alta e migração para o digital', 'High dropout and the move to digital'],
    competition:
      '{company} concorre com grandes grupos educacionais e edtechs; reputação e empregabilidade dos alunos pesam na escolha.',
    initiatives: [
      '{company} lançou novos cursos híbridos',
      '{company} firmou parcerias de educação corporativa',
      '{company} investe em tutoria com IA',
    ],
  },
  {
    id: 'industria',
    name: ['Indústria e Manufatura', 'Manufacturing'],
    keywords: [
      'industri',
      'metal',
      'siderurg',
      'quimica',
      'chemical',
      'automotiv',
      'motors',
      'fabrica',
      'plastic',
      'textil',
      'steel',
    ],
    areas: ['operacoes', 'compras', 'financas', 'vendas'],
    interest: ['Indústria 4.0', 'Industry 4.0'],
    trends: [
      ['Indústria 4.0 e manutenção preditiva', 'Industry 4.0 and predictive maintenance'],
      ['Nearshoring e reorganização das cadeias globais', 'Nearshoring and reshaped global supply chains'],
      ['Descarbonização da produção', 'Decarbonising production'],
      ['Automação e robótica colaborativa', 'Automation and collaborative robotics'],
    ],
    regulation: [
      'Normas regulamentadoras (NRs), licenciamento ambiental e reforma tributária',
      'Regulatory standards (NRs), environmental licensing and tax reform',
    ],
    opportunities: [
      ['Linhas do BNDES para modernização do parque fabril', 'BNDES financing for plant modernisation'],
      ['Substituição de importações', 'Import substitution'],
      ['Exportação para a América Latina', 'Exports to Latin America'],
    ],
    challenges: [
      ['Custo Brasil e carga tributária', 'The "Brazil cost" and the tax burden'],
      ['Falta de mão de obra técnica qualificada', 'Shortage of skilled technical labour'],
      ['Infraestrutura logística deficiente', 'Poor logistics infrastructure'],
    ],
    context: [
      'Pressão por produtividade e modernização do parque fabril',
      'Pressure for productivity and plant modernisation',
    ],
    competition:
      '{company} enfrenta importados asiáticos e fabricantes locais; custo e prazo de entrega definem os contratos.',
    initiatives: [
      '{company} investe em manutenção preditiva com sensores IoT',
      '{company} modernizou linhas de produção',
      '{company} definiu metas de redução de emissões',
    ],
  },
  {
    id: 'construcao',
    name: ['Construção e Imobiliário', 'Construction and Real Estate'],
    keywords: [
      'constru',
      'imove',
      'imobiliari',
      'incorpora',
      'realty',
      'empreendimento',
      'engenharia',
      'urbanismo',
    ],
    areas: ['vendas', 'financas', 'operacoes', 'compras'],
    interest: ['Mercado imobiliário', 'Real estate market'],
    trends: [
      ['Construção industrializada e modular', 'Industrialised and modular construction'],
      ['Digitalização da jornada de compra de imóveis', 'Digital home-buying journeys'],
      ['Programas habitacionais e crédito imobiliário', 'Housing programmes and mortgage credit'],
      ['Certificações verdes em empreendimentos', 'Green building certifications'],
    ],
    regulation: [
      'Normas técnicas da ABNT, licenciamento municipal e regras do financiamento imobiliário',
      'ABNT technical standards, municipal permits and mortgage rules',
    ],
    opportunities: [
      ['Déficit habitacional nas regiões metropolitanas', 'Housing deficit in metropolitan areas'],
      ['Empreendimentos de uso misto', 'Mixed-use developments'],
      ['Retrofit de prédios antigos nos centros urbanos', 'Retrofitting old buildings in city centres'],
    ],
    challenges: [
      ['Custo de insumos e juros altos', 'Input costs and high interest rates'],
      ['Escassez de mão de obra nos canteiros', 'Labour shortages on site'],
      ['Prazos longos de aprovação de projetos', 'Long permit approval times'],
    ],
    context: [
      'Juros altos e custo de insumos pressionando margens',
      'High interest rates and input costs squeezing margins',
    ],
    competition:
      '{company} disputa terrenos e compradores com incorporadoras listadas e regionais; velocidade de vendas e custo de obra são decisivos.',
    initiatives: [
      '{company} lançou empreendimentos com construção modular',
      '{company} digitalizou a jornada de venda de imóveis',
      '{company} busca certificação verde para novos projetos',
    ],
  },
  {
    id: 'servicos',
    name: ['Serviços B2B', 'B2B Services'],
    keywords: [
      'consult',
      'servico',
      'service',
      'partners',
      'associados',
      'assessoria',
      'advogados',
      'solucoes',
      'solutions',
    ],
    areas: ['vendas', 'marketing', 'operacoes', 'pessoas'],
    interest: ['Excelência em serviços', 'Service excellence'],
    trends: [
      ['Terceirização com foco em resultado', 'Outcome-based outsourcing'],
      ['Automação de serviços com IA', 'AI-driven service automation'],
      ['Contratos por assinatura', 'Subscription-based contracts'],
      ['Demanda por consultoria em ESG e dados', 'Demand for ESG and data consulting'],
    ],
    regulation: [
      'LGPD, regras de terceirização e a reforma tributária sobre serviços',
      'LGPD, outsourcing rules and tax reform on services',
    ],
    opportunities: [
      ['Médias empresas em profissionalização', 'Mid-sized companies professionalising'],
      ['Serviços gerenciados para o interior', 'Managed services for inland markets'],
      ['Parcerias com plataformas de tecnologia', 'Partnerships with technology platforms'],
    ],
    challenges: [
      ['Retenção de talentos qualificados', 'Retaining skilled talent'],
      ['Pressão por preço em contratos recorrentes', 'Price pressure on recurring contracts'],
      ['Diferenciação em um mercado fragmentado', 'Standing out in a fragmented market'],
    ],
    context: [
      'Clientes exigindo resultados mensuráveis e preços menores',
      'Clients demanding measurable results and lower prices',
    ],
    competition:
      '{company} atua em um mercado fragmentado, com consultorias globais e boutiques locais; especialização e reputação decidem.',
    initiatives: [
      '{company} estruturou uma oferta de serviços gerenciados',
      '{company} incorporou IA aos projetos de clientes',
      '{company} ampliou a atuação para novas regiões',
    ],
  },
];

export const REGIONS: Record<RegionId, { opportunity: T; challenge: T }> = {
  Sudeste: {
    opportunity: [
      'Maior concentração de sedes corporativas do país',
      "The country's densest cluster of headquarters",
    ],
    challenge: [
      'Concorrência intensa por talentos e clientes',
      'Intense competition for talent and customers',
    ],
  },
  Sul: {
    opportunity: [
      'Polos industriais e de tecnologia consolidados',
      'Established industrial and technology hubs',
    ],
    challenge: [
      'Compradores conservadores, que valorizam relações de longo prazo',
      'Conservative buyers who value long-term relationships',
    ],
  },
  Nordeste: {
    opportunity: ['Crescimento acima da média nacional', 'Growth above the national average'],
    challenge: [
      'Infraestrutura desigual entre capitais e interior',
      'Uneven infrastructure between capitals and inland',
    ],
  },
  'Centro-Oeste': {
    opportunity: ['Renda do agronegócio impulsionando serviços', 'Agribusiness income driving services'],
    challenge: ['Grandes distâncias e logística cara', 'Long distances and costly logistics'],
  },
  Norte: {
    opportunity: ['Incentivos da Zona Franca de Manaus', 'Manaus Free Trade Zone incentives'],
    challenge: ['Logística fluvial e aérea complexa', 'Complex river and air logistics'],
  },
};

export const CITIES: readonly { name: string; uf: string; region: RegionId; weight: number }[] = [
  { name: 'São Paulo', uf: 'SP', region: 'Sudeste', weight: 8 },
  { name: 'Rio de Janeiro', uf: 'RJ', region: 'Sudeste', weight: 3 },
  { name: 'Belo Horizonte', uf: 'MG', region: 'Sudeste', weight: 2 },
  { name: 'Campinas', uf: 'SP', region: 'Sudeste', weight: 1 },
  { name: 'Curitiba', uf: 'PR', region: 'Sul', weight: 2 },
  { name: 'Porto Alegre', uf: 'RS', region: 'Sul', weight: 1 },
  { name: 'Florianópolis', uf: 'SC', region: 'Sul', weight: 1 },
  { name: 'Recife', uf: 'PE', region: 'Nordeste', weight: 1 },
  { name: 'Salvador', uf: 'BA', region: 'Nordeste', weight: 1 },
  { name: 'Fortaleza', uf: 'CE', region: 'Nordeste', weight: 1 },
  { name: 'Brasília', uf: 'DF', region: 'Centro-Oeste', weight: 1 },
  { name: 'Goiânia', uf: 'GO', region: 'Centro-Oeste', weight: 1 },
  { name: 'Manaus', uf: 'AM', region: 'Norte', weight: 1 },
];

export const SIZES: readonly { name: T; position: string }[] = [
  {
    name: ['Startup (11–50 funcionários)', 'Startup (11–50 employees)'],
    position: '{company} é uma empresa jovem em crescimento acelerado, ainda consolidando sua posição',
  },
  {
    name: ['Pequena empresa (51–200 funcionários)', 'Small company (51–200 employees)'],
    position: '{company} é uma empresa de pequeno porte com um nicho bem definido no {region}',
  },
  {
    name: ['Média empresa (201–1.000 funcionários)', 'Mid-sized company (201–1,000 employees)'],
    position: '{company} é um player de médio porte com presença consolidada no {region}',
  },
  {
    name: ['Grande empresa (1.001–5.000 funcionários)', 'Large company (1,001–5,000 employees)'],
    position: '{company} é uma das empresas de referência do setor no {region}',
  },
  {
    name: ['Corporação (mais de 5.000 funcionários)', 'Enterprise (5,000+ employees)'],
    position: '{company} é líder de mercado, com atuação nacional',
  },
];

export const MBTI_DESCRIPTIONS: Record<string, T> = {
  INTJ: [
    'Arquiteto estratégico: independente, analítico e orientado a planos de longo prazo.',
    'Strategic architect: independent, analytical and focused on long-term plans.',
  ],
  INTP: [
    'Pensador lógico: curioso, questiona premissas e busca a solução mais elegante.',
    'Logical thinker: curious, questions assumptions and looks for the most elegant solution.',
  ],
  ENTJ: [
    'Comandante: decidido, orientado a metas e à eficiência, lidera com visão clara.',
    'Commander: decisive, driven by goals and efficiency, leads with a clear vision.',
  ],
  ENTP: [
    'Inovador: rápido, criativo e competitivo, gosta de debater ideias novas.',
    'Innovator: quick, creative and competitive, enjoys debating new ideas.',
  ],
  INFJ: [
    'Conselheiro: visionário, íntegro e atento ao impacto nas pessoas.',
    'Counsellor: visionary, principled and mindful of the impact on people.',
  ],
  INFP: [
    'Mediador: guiado por valores, empático e criativo.',
    'Mediator: values-driven, empathetic and creative.',
  ],
  ENFJ: [
    'Protagonista: inspirador, mobiliza equipes em torno de um propósito.',
    'Protagonist: inspiring, rallies teams around a purpose.',
  ],
  ENFP: [
    'Ativista: entusiasmado, conecta pessoas e ideias com facilidade.',
    'Campaigner: enthusiastic, connects people and ideas with ease.',
  ],
  ISTJ: [
    'Logístico: confiável, metódico e orientado a fatos e processos.',
    'Logistician: reliable, methodical and driven by facts and process.',
  ],
  ISFJ: [
    'Protetor: dedicado, cuidadoso e comprometido com a estabilidade da equipe.',
    'Defender: dedicated, careful and committed to team stability.',
  ],
  ESTJ: [
    'Executivo: organizado, pragmático e focado em resultados mensuráveis.',
    'Executive: organised, pragmatic and focused on measurable results.',
  ],
  ESFJ: [
    'Cônsul: colaborativo, atento às pessoas e aos compromissos assumidos.',
    'Consul: collaborative, attentive to people and to commitments made.',
  ],
  ISTP: [
    'Virtuoso: prático, analisa problemas concretos e resolve com agilidade.',
    'Virtuoso: practical, analyses concrete problems and solves them fast.',
  ],
  ISFP: [
    'Aventureiro: flexível, observador e sensível ao contexto.',
    'Adventurer: flexible, observant and sensitive to context.',
  ],
  ESTP: [
    'Empreendedor: enérgico, pragmático e orientado à ação imediata.',
    'Entrepreneur: energetic, pragmatic and action-oriented.',
  ],
  ESFP: [
    'Animador: sociável, espontâneo e ótimo em criar relacionamentos.',
    'Entertainer: sociable, spontaneous and great at building rapport.',
  ],
};

/** Keyed by one MBTI letter. */
export const STRENGTHS: Record<string, T> = {
  E: ['Comunicação persuasiva', 'Persuasive communication'],
  I: ['Análise aprofundada', 'In-depth analysis'],
  N: ['Visão estratégica', 'Strategic vision'],
  S: ['Execução pragmática', 'Pragmatic execution'],
  T: ['Decisões baseadas em dados', 'Data-driven decisions'],
  F: ['Construção de relacionamentos', 'Relationship building'],
  J: ['Planejamento e disciplina', 'Planning and discipline'],
  P: ['Adaptabilidade', 'Adaptability'],
};

/** Keyed by one MBTI letter. */
export const TRUST: Record<string, T> = {
  E: ['Proponha uma conversa ao vivo, curta e objetiva', 'Suggest a short, focused live conversation'],
  I: ['Envie material por escrito antes das reuniões', 'Send written material before meetings'],
  N: ['Conecte a proposta à visão de futuro da empresa', "Tie the proposal to the company's vision"],
  S: ['Mostre um passo a passo concreto de implantação', 'Show a concrete step-by-step rollout'],
  T: [
    'Apresente dados, benchmarks e casos com números verificáveis',
    'Present data, benchmarks and cases with verifiable numbers',
  ],
  F: [
    'Mostre como a solução melhora o dia a dia do time',
    "Show how the solution improves the team's day-to-day",
  ],
  J: ['Cumpra prazos e envie a pauta com antecedência', 'Keep deadlines and send the agenda in advance'],
  P: ['Ofereça um piloto curto e flexível', 'Offer a short, flexible pilot'],
};

/** Keyed by E/I + T/F. */
export const COMMUNICATION: Record<string, T> = {
  ET: [
    'Direto e assertivo, focado em resultados e próximos passos',
    'Direct and assertive, focused on results and next steps',
  ],
  EF: [
    'Expressivo e colaborativo, valoriza conversas e histórias de clientes',
    'Expressive and collaborative, values conversations and customer stories',
  ],
  IT: [
    'Objetivo e analítico, prefere mensagens escritas com dados',
    'Concise and analytical, prefers written messages with data',
  ],
  IF: [
    'Cordial e reservado, prefere conversas individuais e tempo para refletir',
    'Warm and reserved, prefers one-to-one conversations and time to reflect',
  ],
};

/** Keyed by S/N + J/P. */
export const WORKING: Record<string, T> = {
  SJ: [
    'Estruturado e metódico, segue processos e cronogramas',
    'Structured and methodical, follows processes and schedules',
  ],
  SP: [
    'Prático e ágil, resolve os problemas à medida que surgem',
    'Practical and agile, solves problems as they arise',
  ],
  NJ: [
    'Planejador estratégico, organiza o trabalho em torno de objetivos de longo prazo',
    'Strategic planner, organises work around long-term goals',
  ],
  NP: [
    'Exploratório e criativo, testa alternativas antes de se comprometer',
    'Exploratory and creative, tests alternatives before committing',
  ],
};

/** Keyed by T/F + J/P. */
export const DECISION: Record<string, T> = {
  TJ: [
    'Racional e rápido: decide com base em ROI, riscos e critérios claros',
    'Rational and quick: decides on ROI, risk and clear criteria',
  ],
  TP: [
    'Analítico e cauteloso: compara alternativas e quer provas antes de decidir',
    'Analytical and cautious: compares options and wants proof before deciding',
  ],
  FJ: [
    'Consensual e organizado: envolve as pessoas afetadas e formaliza a decisão',
    'Consensus-driven and organised: involves those affected and formalises the decision',
  ],
  FP: [
    'Intuitivo e colaborativo: decide pelo alinhamento com valores e com o time',
    'Intuitive and collaborative: decides on fit with values and with the team',
  ],
};

/** Keyed by temperament (NT, NF, SJ, SP). */
export const TEMPERAMENTS: Record<
  string,
  { personality: T; noun: readonly [masculine: string, feminine: string, en: string]; content: string }
> = {
  NT: {
    personality: ['Estrategista Analítico', 'Analytical Strategist'],
    noun: ['Estrategista', 'Estrategista', 'Strategist'],
    content: 'Estudos de caso com ROI, análises de mercado e visão de futuro',
  },
  NF: {
    personality: ['Diplomata Inspirador', 'Inspiring Diplomat'],
    noun: ['Catalisador', 'Catalisadora', 'Catalyst'],
    content: 'Histórias de transformação, depoimentos e o propósito da solução',
  },
  SJ: {
    personality: ['Guardião Organizado', 'Organised Guardian'],
    noun: ['Guardião', 'Guardiã', 'Guardian'],
    content: 'Comparativos objetivos, planilhas de custo e provas de conceito',
  },
  SP: {
    personality: ['Explorador Pragmático', 'Pragmatic Explorer'],
    noun: ['Realizador', 'Realizadora', 'Achiever'],
    content: 'Demonstrações práticas e depoimentos de usuários com o mesmo perfil',
  },
};

export const CHANNELS = {
  E: ['Reunião presencial', 'Videochamada', 'LinkedIn'],
  I: ['E-mail', 'LinkedIn', 'WhatsApp Business'],
} as const;

/** First names that do not end in "a" but are usually women's; the feminine titles follow them. */
export const FEMININE_NAMES: ReadonlySet<string> = new Set([
  'beatriz',
  'raquel',
  'isabel',
  'alice',
  'ingrid',
  'miriam',
  'carmen',
  'ines',
  'ester',
  'ruth',
  'iris',
  'thais',
  'lais',
  'yasmin',
  'nicole',
  'evelyn',
  'kelly',
  'rose',
  'liz',
  'luiza',
]);
export const MASCULINE_NAMES_ENDING_IN_A: ReadonlySet<string> = new Set([
  'luca',
  'joshua',
  'nicola',
  'jonatha',
]);
