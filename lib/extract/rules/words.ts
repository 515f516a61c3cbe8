/**
 * The detection's rules as tables: what a label says, which small words belong inside names, which words make a
 * role, which places, free mail providers, platforms and page regions are never a person's company or the page's
 * people. Words are written folded (lower case, no accents); add a line here and every reader uses it. The scoring
 * (lib/extract/evidence/judge.ts, lib/extract/evidence/page.ts, lib/extract/candidates.ts) reads them and never lists words itself.
 */

/** Field labels, Portuguese and English, by what the field holds (a label is compared whole, without ':' or '*'). */
// prettier-ignore
export const LABELS = {
  full: [
    'nome', 'nome completo', 'nome do contato', 'nome do lead', 'nome do cliente', 'contato', 'pessoa',
    'name', 'full name', 'contact', 'contact name', 'lead name', 'person', 'lead', 'cliente', 'contato principal',
    'pessoa de contato', 'responsavel pelo cliente', 'primary contact', 'main contact', 'contact person',
  ],
  first: ['primeiro nome', 'prenome', 'first name', 'given name', 'firstname'],
  middle: ['nome do meio', 'middle name'],
  last: ['sobrenome', 'ultimo nome', 'last name', 'surname', 'family name', 'lastname'],
  company: [
    'empresa', 'nome da empresa', 'organizacao', 'organizacao do contato', 'conta', 'nome da conta', 'company',
    'company name', 'account', 'account name', 'organization', 'organisation', 'employer', 'empregador',
    'razao social', 'nome fantasia', 'companhia', 'instituicao', 'empresas', 'companies', 'organizacoes',
    'organizations', 'empresa do contato', 'empresa atual', 'current company', 'terceiro', 'third party',
    'customer name', 'contas', 'accounts', 'organization name', 'nome da organizacao', 'empresa relacionada',
    'conta relacionada', 'related company', 'related account',
  ],
  role: [
    'cargo', 'funcao', 'titulo', 'title', 'job title', 'position', 'role', 'ocupacao', 'designation', 'cargo atual',
    'cargo do contato', 'job position', 'job role',
  ],
  email: ['e-mail', 'email', 'endereco de e-mail', 'email address', 'e-mail comercial', 'work email', 'e-mails', 'emails'],
} as const;
export type Field = keyof typeof LABELS;

/**
 * Name labels that may hold a company as well as a person ("Cliente: Fazenda Três Lagoas"): their value is a name
 * only when it begins with a known given name.
 */
export const EITHER_LABELS = ['cliente', 'lead'];

/** Small words inside names: "Maria das Graças", "João dos Santos e Silva", "Ludwig van Beethoven". */
// prettier-ignore
export const PARTICLES = [
  'da', 'de', 'do', 'das', 'dos', "d'", 'e', 'y', 'di', 'del', 'della', 'van', 'von', 'der', 'den', 'la', 'le',
  'du', 'bin', 'al', 'ter', 'ten', 'zu', 'dal', 'des',
];

/** What may end a name: "Pedro Alves Filho", "John Smith Jr.". */
// prettier-ignore
export const SUFFIXES = ['filho', 'filha', 'neto', 'neta', 'junior', 'jr', 'sobrinho', 'segundo', 'ii', 'iii', 'sr'];

/**
 * Words of job titles, Portuguese and English ('*': any word beginning so). A text whose first word is a title word
 * reads as a role; a role next to a name is evidence the name is a person's; a text made only of these words (and
 * particles) is a role, never a company.
 */
// prettier-ignore
export const ROLE_WORDS = [
  'ceo', 'cto', 'cfo', 'coo', 'cmo', 'cio', 'cro', 'cpo', 'cso', 'chief', 'officer', 'diret*', 'director*',
  'gerente*', 'manager*', 'head', 'lider*', 'leader', 'lead', 'analista*', 'analyst', 'coordenad*', 'coordinator',
  'socio*', 'socia*', 'partner', 'founder*', 'fundador*', 'cofundador*', 'co-fundador*', 'co-founder', 'presidente',
  'president', 'vp', 'vice', 'chair*', 'vice-presidente', 'engenheir*', 'engineer*', 'consultor*', 'consultant',
  'especialista', 'specialist', 'executiv*', 'supervisor*', 'assistente', 'assistant', 'advogad*', 'lawyer',
  'attorney', 'contador*', 'accountant', 'designer', 'desenvolvedor*', 'developer', 'chefe', 'superintendente',
  'estagiari*', 'intern', 'comprador*', 'buyer', 'procurement', 'compras', 'vendas', 'sales', 'comercial',
  'marketing', 'financeir*', 'finance', 'recrutador*', 'recruiter', 'cientista', 'scientist', 'pesquisador*',
  'researcher', 'professor*', 'medic*', 'arquitet*', 'architect', 'conselheir*', 'board', 'owner', 'proprietari*',
  'representante', 'representative', 'sdr', 'bdr', 'programador*', 'programmer', 'administrador*',
  'administrator', 'secretari*', 'subsecretari*', 'tecnic*', 'operador*', 'auxiliar', 'senior', 'sr.', 'junior', 'jr.', 'pleno',
  'trainee', 'evangelist', 'palestrante', 'speaker', 'moderador*', 'moderator', 'editor*', 'jornalista',
  'reporter', 'publisher', 'redator*', 'writer', 'autor*', 'author', 'associate', 'gestor*', 'governador*', 'prefeit*',
  'ministr*', 'deputad*', 'senador*', 'treasurer', 'tesoureir*', 'controller', 'auditor*', 'operations',
  'operacoes', 'product', 'produto', 'produtos', 'people', 'rh', 'hr', 'suprimentos', 'logistica', 'ti', 'it',
  'customer', 'success', 'cs', 'key', 'account', 'accounts', 'contas', 'enterprise', 'business', 'negocios',
  'desenvolvimento', 'development', 'growth', 'inovacao', 'innovation', 'dados', 'data', 'engenharia',
  'engineering', 'juridic*', 'legal', 'tecnologia', 'technology', 'pesquisa', 'research', 'qualidade', 'quality',
  'parcerias', 'partnerships', 'relacionamento', 'atendimento', 'suporte', 'support', 'projetos', 'projects',
  'estrategia', 'strategy', 'talent', 'talentos', 'recursos', 'humanos', 'conselho', 'diretoria', 'departamento',
  'department', 'comite', 'committee', 'design', 'payments', 'pagamentos', 'logistics', 'planning', 'planejamento',
  'of', 'and', '&', 'em', 'para', 'for',
];

/** Brazilian states (abbreviations and names), large cities and countries: a place is never a company. */
// prettier-ignore
export const PLACES = [
  'ac', 'al', 'ap', 'am', 'ba', 'ce', 'df', 'es', 'go', 'ma', 'mt', 'ms', 'mg', 'pa', 'pb', 'pr', 'pe', 'pi',
  'rj', 'rn', 'rs', 'ro', 'rr', 'sc', 'sp', 'se', 'to', 'acre', 'alagoas', 'amapa', 'amazonas', 'bahia', 'ceara',
  'distrito federal', 'espirito santo', 'goias', 'maranhao', 'mato grosso', 'mato grosso do sul', 'minas gerais',
  'para', 'paraiba', 'parana', 'pernambuco', 'piaui', 'rio de janeiro', 'rio grande do norte',
  'rio grande do sul', 'rondonia', 'roraima', 'santa catarina', 'sao paulo', 'sergipe', 'tocantins', 'brasilia',
  'belo horizonte', 'porto alegre', 'curitiba', 'salvador', 'recife', 'fortaleza', 'manaus', 'belem', 'goiania',
  'campinas', 'florianopolis', 'vitoria', 'natal', 'joao pessoa', 'maceio', 'teresina', 'cuiaba', 'campo grande',
  'sao luis', 'aracaju', 'londrina', 'joinville', 'ribeirao preto', 'sorocaba', 'santos', 'uberlandia',
  'niteroi', 'osasco', 'barueri', 'guarulhos', 'sao jose dos campos', 'santo andre', 'sao bernardo do campo',
  'caxias do sul', 'blumenau', 'maringa', 'juiz de fora', 'jundiai', 'piracicaba', 'alphaville', 'brasil',
  'brazil', 'portugal', 'lisboa', 'lisbon', 'porto', 'argentina', 'buenos aires', 'chile', 'santiago',
  'colombia', 'bogota', 'mexico', 'peru', 'lima', 'uruguai', 'uruguay', 'montevideo', 'paraguai', 'paraguay',
  'estados unidos', 'united states', 'usa', 'eua', 'us', 'uk', 'united kingdom', 'reino unido', 'london',
  'londres', 'new york', 'nova york', 'nova iorque', 'ny', 'ca', 'tx', 'fl', 'california', 'texas', 'florida',
  'san francisco', 'miami', 'boston', 'chicago', 'seattle', 'canada', 'toronto', 'alemanha', 'germany',
  'berlin', 'munich', 'franca', 'france', 'paris', 'espanha', 'spain', 'madrid', 'barcelona', 'italia', 'italy',
  'milao', 'milan', 'holanda', 'netherlands', 'amsterdam', 'irlanda', 'ireland', 'dublin', 'suica',
  'switzerland', 'india', 'china', 'japao', 'japan', 'singapura', 'singapore', 'australia', 'remoto', 'remote',
  'america latina', 'latam', 'latin america', 'europa', 'europe', 'emea', 'americas', 'global', 'worldwide',
  'regiao metropolitana', 'greater sao paulo', 'grande sao paulo', 'area metropolitana',
];

/**
 * The category labels a domain carries between a company's name and its country ("acme.com.br", "valeverde.coop.br",
 * "fazendatreslagoas.agr.br"): never the company.
 */
// prettier-ignore
export const DOMAIN_CATEGORIES = [
  'com', 'co', 'net', 'org', 'gov', 'edu', 'mil', 'ind', 'adv', 'eng', 'med', 'agr', 'art', 'inf', 'emp', 'coop', 'tur',
];

/** Mail providers whose domain says nothing of where someone works. */
// prettier-ignore
export const FREE_MAIL = [
  'gmail', 'googlemail', 'hotmail', 'outlook', 'live', 'msn', 'yahoo', 'ymail', 'icloud', 'me', 'mac', 'aol',
  'uol', 'bol', 'terra', 'ig', 'globo', 'globomail', 'r7', 'zipmail', 'proton', 'protonmail', 'pm', 'gmx',
  'yandex', 'mail', 'zoho', 'tutanota', 'fastmail', 'hey', 'sapo',
];

/** Where pages are published or records kept: a page's own name, never a person's company. */
// prettier-ignore
export const PLATFORMS = [
  'linkedin', 'github', 'gitlab', 'gmail', 'google', 'outlook', 'microsoft outlook', 'hubspot', 'pipedrive',
  'salesforce', 'rd station', 'rd station crm', 'agendor', 'ploomes', 'zoho', 'zoho crm', 'moskit', 'piperun',
  'nectar', 'nectar crm', 'exact spotter', 'freshsales', 'monday', 'monday.com', 'bitrix24', 'dynamics 365',
  'microsoft dynamics', 'close', 'copper', 'medium', 'substack', 'wordpress', 'blogger', 'facebook', 'instagram',
  'twitter', 'x', 'youtube', 'tiktok', 'sympla', 'eventbrite', 'meetup', 'even3', 'crunchbase', 'wikipedia',
  'glassdoor', 'indeed', 'catho', 'gupy', 'apollo', 'apollo.io', 'zoominfo', 'lusha', 'speedio', 'econodata',
  'sales navigator', 'linkedin sales navigator', 'slack', 'notion', 'trello', 'zendesk', 'intercom',
];

/**
 * A platform's own words around its name in titles and descriptions ("Instagram photos and videos", "Fotos e vídeos
 * do Instagram", "Canal do YouTube"): with a platform's name and nothing else, a text names the platform, never a
 * company.
 */
// prettier-ignore
export const PLATFORM_BOILERPLATE = [
  'photos', 'videos', 'fotos', 'posts', 'publicacoes', 'perfil', 'profile', 'canal', 'channel', 'tweets', 'reels',
  'seguidores', 'followers', 'pagina', 'page', 'see', 'veja', 'on', 'and', 'e', 'do', 'da', 'de', 'no', 'na', 'em',
  'from', 'of',
];

/**
 * What stands just before the name of the person a text is about (folded, compared with the text's end): a quote's
 * attribution ("…", afirma Fulano, cargo da Empresa; "…," said Jane Doe, CEO of Acme), an introduction ("Eu sou a
 * Fulana, …", "My guest today is …"), a document's addressee ("Para: Sr. Fulano — Diretor, Empresa"). A name after
 * one of these needs no list of given names to be read as a person's.
 */
// prettier-ignore
export const INTRODUCERS = [
  'afirma', 'afirmou', 'diz', 'disse', 'explica', 'explicou', 'comenta', 'comentou', 'conta', 'contou', 'destaca',
  'destacou', 'ressalta', 'ressaltou', 'avalia', 'avaliou', 'acrescenta', 'acrescentou', 'completa', 'completou',
  'observa', 'observou', 'pontua', 'pontuou', 'declara', 'declarou', 'segundo', 'de acordo com', 'sou', 'sou a',
  'sou o', 'eu sou', 'me chamo', 'meu nome e', 'convidada', 'convidado', 'convidada de hoje e', 'convidado de hoje e',
  'para', 'a/c', 'palestrante', 'said', 'says', 'explains', 'explained', 'adds', 'added', 'notes', 'noted',
  'commented', 'comments', 'stated', 'according to', "i'm", 'i am', 'my name is', 'guest', 'my guest is',
  'my guest today is', 'our guest is', 'our guest today is', 'to', 'attn', 'speaker',
];

/** Words that put a role in the past ("former Head of Design", "ex-diretora da Vale"): it says nothing of where the person works now. */
// prettier-ignore
export const PAST_ROLE = [
  'former', 'ex', 'antigo', 'antiga', 'previously', 'anteriormente', 'past', 'anterior', 'anteriores', 'formerly',
];

/** Words a page's title uses for the page itself ("Pessoas", "Pesquisa"): a title part beginning so is no company. */
// prettier-ignore
export const PAGE_WORDS = [
  'pesquisa', 'search', 'resultados', 'results', 'pessoas', 'people', 'funcionarios', 'employees', 'membros',
  'members', 'home', 'inicio', 'feed', 'perfil', 'profile', 'sobre', 'about', 'contato', 'contact', 'equipe', 'team',
  'time', 'leads', 'lead', 'lista', 'listas', 'list', 'lists', 'contas', 'accounts', 'account', 'mensagens',
  'messages', 'notificacoes', 'notifications', 'vagas', 'jobs', 'posts', 'publicacoes', 'email', 'e-mail', 'caixa',
  'inbox', 'pipeline', 'dashboard', 'painel', 'relatorios', 'reports', 'configuracoes', 'settings', 'login', 'entrar',
];

/**
 * Regions whose people are not the page's: sidebars, navigation, footers, comments, "people also viewed". The
 * selectors name regions by role and by class words; the headings name them by what they say.
 */
// prettier-ignore
export const NOISE_REGIONS =
  'aside,nav,footer,[role=complementary],[role=navigation],[role=contentinfo],[class*=comment i],[id*=comment i],[class*=related i],[class*=recommend i],[class*=also-viewed i],[class*=browsemap i],[class*=pymk i],[class*=suggest i],[class*=breadcrumb i],[class*=cookie i],[class*=testimonial i],[class*=depoimento i]';

/**
 * Headings over regions whose people are not the page's (folded, compared by their beginning). The last line: the
 * viewer's own data, where a form or a registration shows back what they filled in ("Your registration", "Seus dados").
 */
// prettier-ignore
export const NOISE_HEADINGS = [
  'pessoas tambem viram', 'people also viewed', 'outras pessoas', 'other people', 'veja tambem', 'see also',
  'voce tambem pode', 'you might', 'you may', 'pessoas que talvez', 'people you may know', 'talvez voce conheca',
  'sugest', 'suggest', 'related', 'relacionad', 'leia tambem', 'read also', 'read more', 'mais lidas',
  'comentarios', 'comments', 'respostas', 'replies', 'outros palestrantes', 'other speakers', 'mais palestrantes',
  'more speakers', 'quem viu', 'who viewed', 'also viewed', 'tambem viram', 'recomend', 'recommend',
  'similar', 'semelhantes', 'mais perfis', 'more profiles', 'outros perfis', 'explore', 'trending', 'em alta',
  'anuncio', 'sponsored', 'patrocinad', 'promoted', 'newsletter', 'assine', 'subscribe', 'depoiment', 'testimonial',
  'your registration', 'sua inscricao', 'seus dados', 'meus dados', 'your details', 'my details', 'suas informacoes',
];

/**
 * Honorifics, Portuguese and English, written before a name and never part of it ("Sra. Ana Souza", "Irmã
 * Teresinha Bortolini", "Pe. Fábio Melo", "Mrs. Laura Whitfield"): removed from every name read.
 */
// prettier-ignore
export const HONORIFICS = [
  'dr', 'dra', 'sr', 'sra', 'srta', 'prof', 'profa', 'profe', 'eng', 'enga', 'mr', 'mrs', 'ms', 'mx', 'miss',
  'irma', 'irmao', 'pe', 'padre', 'frei', 'madre', 'rev', 'revdo', 'revda', 'exmo', 'exma', 'dom', 'dona', 'sir',
];

/** Decoration in front of a name or in its place (honorifics, record types): never a name on its own. */
export const DECORATIONS = [
  ...HONORIFICS,
  ...['contato', 'contact', 'lead', 'pessoa', 'person', 'cliente', 'prospect'],
];

/**
 * What forms and record pages show in an empty field ("—", "Adicionar", "Select…", "Nenhum"): never a value. A
 * value is a placeholder when it is one of these, or begins with one and has three words at most ("Adicionar
 * empresa", "Add a company").
 */
// prettier-ignore
export const PLACEHOLDERS = [
  '-', '--', '—', '–', '...', 'n/a', 'n/d', 'adicionar', 'add', 'selecionar', 'selecione', 'select',
  'escolha', 'choose', 'nenhum', 'nenhuma', 'none', 'vazio', 'empty', 'sem', 'nao informado',
  'not set', 'unknown', 'desconhecido', 'clique', 'click', 'informe', 'digite', 'enter', 'editar', 'edit',
  'buscar', 'search', 'pesquisar',
];

/** Words that make a text a company's name when they end or begin it (legal forms, kinds of organisation). */
// prettier-ignore
export const COMPANY_WORDS = [
  'ltda', 's.a', 's.a.', 'sa', 's/a', 'inc', 'inc.', 'llc', 'ltd', 'ltd.', 'gmbh', 'ag', 'plc', 'corp', 'corp.',
  'corporation', 'company', 'co.', 'group', 'grupo', 'holding', 'me', 'eireli', 'epp', 'cia', 'companhia',
  'tecnologia', 'technologies', 'technology', 'tech', 'solucoes', 'solutions', 'consultoria', 'consulting',
  'partners', 'labs', 'industria', 'industrias', 'comercio', 'servicos', 'services', 'sistemas', 'systems',
  'software', 'bank', 'banco', 'seguros', 'capital', 'investimentos', 'engenharia', 'logistica', 'logistics',
  'digital', 'agro', 'energia', 'hospital', 'universidade', 'university', 'instituto', 'institute', 'fundacao',
  'associacao', 'cooperativa', 'foundation', 'global', 'brasil', 'brazil', 'international', 'network',
];

/**
 * Mail (lib/extract/evidence/mail.ts). Words of a mailbox's page title ("Email - Ana Souza - Outlook", "Caixa de entrada -
 * ana@acme.com - Gmail"): a title with one of them as a part is a mailbox's, and a name among its parts is the
 * owner's.
 */
// prettier-ignore
export const MAIL_TITLE_WORDS = [
  'email', 'e-mail', 'mail', 'correio', 'webmail', 'outlook', 'gmail', 'yahoo mail', 'caixa de entrada', 'inbox',
  'mensagens', 'messages', 'itens enviados', 'sent items', 'zoho mail', 'roundcube', 'proton mail',
];

/** How an account button names whose account it is ("Gerenciador de contas de Ana Souza", "Google Account: Ana"). */
// prettier-ignore
export const ACCOUNT_LABELS = [
  'gerenciador de contas de', 'gerenciador de contas para', 'account manager for', 'conta do google:',
  'google account:', 'conta de', 'account of', 'conta:', 'account:', 'perfil de', 'profile of', 'minha conta',
  'my account',
];

/** The label of a mail's sender, in a header line or an element's aria-label ("De: Ana Souza", "From: …"). */
export const SENDER_LABELS = ['de', 'from', 'remetente', 'sender', 'enviado por', 'sent by'];

/** Labels of the lines that list a mail's recipients: not the contact, unless the seller picks them. */
// prettier-ignore
export const RECIPIENT_LABELS = ['para', 'to', 'cc', 'cco', 'bcc', 'com copia', 'copia', 'destinatarios', 'recipients'];

/** Where a message quotes an earlier one (the owner's words and signature): never read for people. */
// prettier-ignore
export const QUOTE_REGIONS =
  'blockquote,[class*=quote i],[id*=quote i],[id*=RplyFwd i],[id*=appendonsend i],[class*=ms-outlook-mobile-reference i]';

/**
 * Lookup sites (contact finders, B2B data sites, company registries): how a heading or the title names the company
 * whose people the page lists ("Acme Employees", "Employees at Acme", "Funcionários da Acme", "Sócios da Acme"),
 * folded, '…' where the company stands ("de" stands for da, do, das, dos too; "na" for no). That company, not the
 * site's own brand (og:site_name, ©, its schema Organization, the title's "| Site"), is the people's company.
 */
// prettier-ignore
export const DESCRIBED_PHRASES = [
  '… employees', '… employee directory', '… management', '… management team', '… leadership team', '… org chart',
  '… executives', '… staff', 'employees at …', 'employees of …', 'people at …', 'staff at …', 'funcionarios de …',
  'colaboradores de …', 'socios de …', 'quadro societario de …', 'quadro de socios de …', 'decisores de …',
  'pessoas de …', 'quem trabalha na …',
];

/** First words of a heading that speak of the site's own people, never a company described ("Our Employees", "Nossa Equipe"). */
// prettier-ignore
export const OWN_WORDS = [
  'our', 'my', 'your', 'meet', 'nossa', 'nosso', 'nossas', 'nossos', 'minha', 'meu', 'sua', 'seu', 'suas', 'seus',
  'conheca', 'all', 'todos', 'todas',
];

/**
 * Qualifications of a company's partners and administrators as registries write them (the Receita Federal's
 * "Qualificação do sócio", folded, without its code: "49-Sócio-Administrador"): a name followed by one is a person of
 * the company the page describes.
 */
// prettier-ignore
export const PARTNER_QUALIFICATIONS = [
  'socio', 'socia', 'socio-administrador', 'socia-administradora', 'socio administrador', 'socio-gerente',
  'socio gerente', 'socio comanditado', 'socio comanditario', 'socio capitalista', 'socio ostensivo',
  'socio pessoa fisica residente no exterior', 'socio pessoa fisica residente ou domiciliado no brasil',
  'administrador', 'administradora', 'diretor', 'diretora', 'presidente', 'vice-presidente',
  'conselheiro de administracao', 'conselheira de administracao', 'conselheiro fiscal', 'presidente do conselho',
  'titular', 'empresario', 'procurador', 'procuradora',
  'tesoureiro', 'tesoureira', 'fundador', 'fundadora', 'liquidante', 'inventariante', 'interventor',
];

/**
 * Web apps (scheduling pages, video calls, work items, course pages). Labels of the boxes where an app shows the
 * page's person by their part in it (folded, compared whole, without ':'): a booking's host, a meeting's organizer,
 * an invitee, a request's requester, a course's instructor, a work item's customer contact. Read by the labelled
 * fields' reader (lib/extract/evidence/fields.ts).
 */
// prettier-ignore
export const PERSON_LABELS = [
  'anfitriao', 'anfitria', 'host', 'organizador', 'organizadora', 'organizer', 'organiser', 'convidado', 'convidada',
  'invitee', 'solicitante', 'requester', 'requerente', 'instrutor', 'instrutora', 'instructor', 'ministrado por',
  'taught by', 'contato do cliente', 'contato no cliente', 'customer contact', 'client contact',
];

/**
 * Labels of the boxes where an app shows the viewer's own team (a task's assignee, a card's or a board's members, an
 * item's reporter, followers): not the page's person, never a company, never an office over a name.
 */
// prettier-ignore
export const TEAM_LABELS = [
  'responsavel', 'responsaveis', 'assignee', 'assignees', 'atribuido a', 'assigned to', 'membros', 'members',
  'relator', 'reporter', 'seguidores', 'followers', 'colaboradores', 'collaborators', 'criado por', 'created by',
  'agente', 'agent',
];

/**
 * Words a work item's title begins with before the customer's name ("Proposta — Laticínios Vale do Sabiá", "Deal:
 * Acme Ltd"): the rest of the title is the company the item is about.
 */
// prettier-ignore
export const DEAL_WORDS = [
  'proposta', 'proposal', 'negocio', 'deal', 'oportunidade', 'opportunity', 'contrato', 'contract', 'renovacao',
  'renewal', 'cotacao', 'quote', 'quotation', 'orcamento', 'pedido', 'implantacao', 'onboarding',
];

/** What an app writes in parentheses after the viewer's own name in a list of people ("(você)", "(Host, me)"). */
export const VIEWER_MARKS = ['voce', 'you', 'eu', 'me', 'yo', 'moi'];

/** The word before whom a booking or a meeting is with, in a title or a heading ("Reunião com Ana Souza"). */
export const WITH_WORDS = ['com', 'with', 'con', 'avec', 'mit'];

/**
 * Words of a record's field labels that no job title has ("Lead Source", "Origem do lead", "Lead Status", "Sales
 * Stage"): a text with one of them is a field's label, never a role.
 */
// prettier-ignore
export const FIELD_WORDS = [
  'source', 'origem', 'status', 'stage', 'etapa', 'fase', 'tipo', 'type', 'rating', 'classificacao', 'created',
  'criado', 'criada', 'modified', 'modificado', 'assigned', 'atribuido',
];

/**
 * Words of an app's own interface ("Custom Fields", "Detalhes", "Atividade"): a text with one of them is a section's
 * name, never a person's (no surname among them: "Campos", "Fields" are people's too).
 */
// prettier-ignore
export const UI_WORDS = [
  'custom', 'personalizados', 'personalizado', 'details', 'detalhes', 'activity', 'atividade', 'atividades',
  'checklist', 'attachments', 'anexos', 'description', 'descricao', 'labels', 'etiquetas', 'settings',
  'configuracoes', 'power-ups', 'actions', 'acoes', 'subtasks', 'subtarefas', 'webinar', 'registration',
  'inscricao', 'approved', 'confirmed', 'confirmada',
];

/**
 * A deal's or a lead's stage as CRMs write it in a record's header or a pipeline's column ("Ganho", "Em negociação",
 * "Closed Won", "Qualificado"): a text that is one of them is a status, never a company.
 */
// prettier-ignore
export const STATUS_WORDS = [
  'ganho', 'ganha', 'perdido', 'perdida', 'em aberto', 'aberto', 'aberta', 'won', 'lost', 'open', 'closed',
  'closed won', 'closed lost', 'fechado', 'fechada', 'em andamento', 'em negociacao', 'negociacao', 'qualificado',
  'qualificada', 'desqualificado', 'desqualificada', 'novo', 'nova', 'new', 'contatado', 'contatada', 'contacted',
  'qualified', 'unqualified', 'prospeccao', 'prospecting', 'proposta enviada', 'em contato', 'ativo', 'ativa',
  'inativo', 'inativa', 'active', 'inactive', 'nurturing', 'pendente', 'pending', 'arquivado', 'archived',
  'em qualificacao', 'sem contato', 'not contacted', 'in progress', 'negotiation', 'proposal sent', 'follow-up',
];

/**
 * The tabs and related lists of a CRM record ("Deals", "Negócios", "Atividades", "Timeline"): a text that is one of
 * them (or of UI_WORDS) names a part of the app, never a company.
 */
// prettier-ignore
export const SECTION_WORDS = [
  'deals', 'negocios', 'contatos', 'contacts', 'leads', 'accounts', 'contas', 'empresas', 'companies', 'tasks',
  'tarefas', 'notes', 'notas', 'anotacoes', 'timeline', 'historico', 'history', 'overview', 'visao geral', 'emails',
  'e-mails', 'calls', 'ligacoes', 'meetings', 'reunioes', 'files', 'arquivos', 'related', 'relacionados',
  'oportunidades', 'opportunities', 'produtos', 'products', 'cotacoes', 'quotes',
];

/** A phone number, with the label a page may write before it ("Tel.: +55 11 3333-4444", "whatsapp 11 99999-8888"). */
export const PHONE =
  /^(?:(?:tel|fone|cel|phone|mobile|whats(?:app)?|m|t|p)\.?:?\s*)?[+()\d][\d\s().+-]{6,}$/i;

/** What joins a title to its company in a line ("Diretora na Nubank", "CFO at Stone", "CEO, Acme"). */
export const COMPANY_JOINS = /\s(?:at|@|na|no|da|do|of)\s|[,|]/;

/** Words of job titles that only join others ("Head of Sales", "Gerente para a América Latina"): no office alone. */
export const ROLE_JOINS = new Set(['para', 'and', 'for', 'with']);

/** The number an office or a floor is written with before its name ("1º andar", "3rd floor"). */
export const ORDINAL = /^(?:\d+\s*[ºª°.]?|\d+(?:st|nd|rd|th))\s+/i;

/** A line of a web mail's signature that is no title nor company: an address, a link, a year, a phone. */
export const NOT_SIGNATURE = /@|https?:|www\.|\d{4}|^(tel|fone|cel|phone|mobile|whats)|^\S+\.\S+$/i;

/** The labels of a CRM record's company and title fields, when its own markup does not name them. */
export const CRM_COMPANY_LABEL =
  /^ ?(empresa|nome da empresa|company( name)?|(nome da )?conta|account( name)?|organiza[cç][aã]o|organization) ?$/i;
export const CRM_TITLE_LABEL = /^ ?(cargo|fun[cç][aã]o|t[ií]tulo|(job )?title) ?$/i;
