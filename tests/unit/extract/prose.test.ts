import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { inNoise, isPlatform } from '@/lib/extract/evidence/judge';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { opengraph } from '@/lib/extract/evidence/opengraph';
import { collect } from '@/lib/extract/candidates';
import { labelled } from '@/lib/extract/evidence/fields';
import { page } from '@/lib/extract/evidence/page';
import { companyHead, roleLine } from '@/lib/extract/evidence/page-text';
import { introduced, presented, prose } from '@/lib/extract/evidence/prose';

/*
 * The prose reader (lib/extract/evidence/prose.ts) and the role-line rules it shares with the page reader: who a page
 * presents in sentences, with the company their role line names; only the first, never a sidebar's, never a quoted
 * source in someone's article.
 */

installLexicon();
const doc = (html: string) => parseHTML(html).document as unknown as Document;
const URL_ = new URL('https://example.com/x');
const read = (html: string) =>
  prose.extract(doc(html), URL_).map((c) => [`${c.primeiro_nome} ${c.ultimo_nome}`, c.empresa, c.cargo]);

describe('roleLine', () => {
  it('reads the company after "da", "do", "of" when a name follows, not an area', () => {
    expect(roleLine('vice-presidente de Operações da Fertilizantes Aurora')).toEqual([
      'vice-presidente de Operações',
      'Fertilizantes Aurora',
    ]);
    expect(roleLine('Chief Executive Officer of Kestrel Freight')).toEqual([
      'Chief Executive Officer',
      'Kestrel Freight',
    ]);
    // an area or a board is where in the company, not which company
    expect(roleLine('Presidente do Conselho')?.[1]).toBe('');
    expect(roleLine('Head of Design')?.[1] ?? '').toBe('');
    expect(roleLine('Diretora de Experiência do Cliente')?.[1] ?? '').toBe('');
  });

  it('ends the company where the prose goes on', () => {
    expect(roleLine('Head de Receita na Receba Fácil, 12 anos em crédito e cobrança.')).toEqual([
      'Head de Receita',
      'Receba Fácil',
    ]);
    expect(roleLine('Diretora de CX na @LocalizaCorp. CX, dados e café.')?.[1]).toBe('LocalizaCorp');
    expect(roleLine('Fundadora da Doce Bittencourt Confeitaria 🍰 Encomendas para empresas')?.[1]).toBe(
      'Doce Bittencourt Confeitaria',
    );
  });

  it('reads a paragraph by its sentences', () => {
    expect(
      roleLine(
        'Possui doutorado em Engenharia Elétrica pela universidade estadual. Atualmente é Professor Associado da Universidade Federal do Vale e coordena o laboratório de redes.',
      ),
    ).toEqual(['Professor Associado', 'Universidade Federal do Vale']);
  });
});

describe('companyHead', () => {
  it('keeps legal forms and particles, ends at prose', () => {
    expect(companyHead('Ambev S.A.')).toBe('Ambev S.A.');
    expect(companyHead('Banco do Brasil e seus parceiros')).toBe('Banco do Brasil');
    expect(companyHead('Acme Ltda. Todos os direitos')).toBe('Acme Ltda.');
    expect(companyHead('Brightlane. We talk about business')).toBe('Brightlane');
  });
});

describe('isPlatform', () => {
  it('knows a platform with its own words around its name', () => {
    expect(isPlatform('Instagram photos and videos')).toBe(true);
    expect(isPlatform('Fotos e vídeos do Instagram')).toBe(true);
    expect(isPlatform('Canal do YouTube')).toBe(true);
    // a company is not a platform because of a word it shares
    expect(isPlatform('Doce Bittencourt Confeitaria')).toBe(false);
    expect(isPlatform('Fotos e vídeos')).toBe(false);
  });

  it('is no company in an Open Graph title', () => {
    const [c] = opengraph.extract(
      doc(
        '<html><head><meta property="og:type" content="profile"><meta property="og:title" content="Joana Lima (@jl) • Instagram photos and videos"></head></html>',
      ),
      URL_,
    );
    expect(c).toMatchObject({ primeiro_nome: 'Joana', empresa: '' });
  });
});

describe('introduced', () => {
  it('knows attributions, introductions and addressees at the end of the text before a name', () => {
    for (const t of [
      '"A planta nos coloca perto", afirma',
      '"We are here," said',
      'Oi! Eu sou a',
      'Para: ',
      'My guest today is',
    ])
      expect(introduced(t)).toBe(true);
    for (const t of ['', 'A fábrica de', 'Obrigada,', 'Leia'] as const) expect(introduced(t)).toBe(false);
  });
});

describe('presented', () => {
  it('reads a quote’s attribution in Portuguese and English', () => {
    expect(
      presented(
        '“A nova planta nos coloca perto dos produtores”, afirma Rogério Tamura Leal, vice-presidente de Operações da Fertilizantes Aurora.',
      ),
    ).toEqual(['Rogério Tamura Leal', 'Fertilizantes Aurora', 'vice-presidente de Operações']);
    expect(
      presented(
        '"Shippers lose a fifth of their budget," said Amara Whitfield, Chief Executive Officer of Kestrel Freight.',
      ),
    ).toEqual(['Amara Whitfield', 'Kestrel Freight', 'Chief Executive Officer']);
  });

  it('takes a name no list knows only where words introduce a person', () => {
    expect(
      presented('My guest today is Naledi Dlamini, VP Finance at Brightlane. We talk about it.')?.[0],
    ).toBe('Naledi Dlamini');
    expect(
      presented('Para: Sr. Moacir Fagundes Lins — Diretor de Suprimentos, Grupo Sabor do Campo'),
    ).toEqual(['Moacir Fagundes Lins', 'Grupo Sabor do Campo', 'Diretor de Suprimentos']);
    // the same name with nothing that introduces it is only capitalised words
    expect(presented('Naledi Dlamini, VP Finance at Brightlane.')).toBeUndefined();
  });

  it('drops the words before a known given name ("Sou Paula Serrano")', () => {
    expect(
      presented('Sou Paula Serrano, gerente de logística na Transportes Serra Alta, e aqui explico frete.'),
    ).toEqual(['Paula Serrano', 'Transportes Serra Alta', 'gerente de logística']);
  });

  it('reads a result’s heading shaped as a profile’s title', () => {
    expect(presented('Renata Prado - Gerente de Compras - Suzano | LinkedIn')).toEqual([
      'Renata Prado',
      'Suzano',
      'Gerente de Compras',
    ]);
  });

  it('needs a role line that says where: a name with a company or a contact alone is nobody', () => {
    expect(presented('Harper Lowell, Brightwater PR, press@brightwaterpr.com')).toBeUndefined();
    expect(presented('Ana Souza, Curitiba, PR')).toBeUndefined();
    expect(presented('Mato Grosso, com início de operação previsto para 2028.')).toBeUndefined();
    // a past role says nothing of where the person works now
    expect(presented('— Laura Kaplan, former Head of Design at Acme')).toBeUndefined();
  });
});

describe('the prose reader', () => {
  it('gives the first person presented only: whoever follows is quoted, not the page’s', () => {
    expect(
      read(`<main><h1>Acme abre fábrica</h1>
        <p>"Crescemos", afirma Rogério Leal, diretor de operações da Acme Ltda.</p>
        <p>"Ótimo", disse Ana Souza, gerente de compras da Beta S.A.</p></main>`),
    ).toEqual([['Rogério Leal', 'Acme Ltda.', 'diretor de operações']]);
  });

  it('never reads a sidebar, "see also" or comments', () => {
    expect(
      read(`<main><p>Notícias do dia.</p></main>
        <aside><p>Ana Souza, gerente de compras da Beta S.A.</p></aside>
        <section><h2>Veja também</h2><p>Rafael Lima, diretor comercial da Gama Ltda.</p></section>`),
    ).toEqual([]);
  });

  it('in an article someone signs, gives only its author: the people quoted are sources', () => {
    const quote = '<p>"A conta subiu", disse Vanderlei Schmitt, diretor de operações da Coopervale.</p>';
    expect(read(`<p class="byline">Por <a rel="author">Denise Kawamura</a></p>${quote}`)).toEqual([]);
    expect(
      read(
        `<div class="byline"><a>Cláudia Resende</a></div><p>Eu sou a Cláudia Resende, diretora na Vinícola Alta.</p>`,
      ),
    ).toEqual([['Cláudia Resende', 'Vinícola Alta', 'diretora']]);
  });

  it('reads a name over its role line, and the page’s description block', () => {
    expect(
      read(
        '<div><p><strong>Marília Castanheira</strong></p><p>Head de Receita na Receba Fácil, 12 anos em crédito.</p></div>',
      ),
    ).toEqual([['Marília Castanheira', 'Receba Fácil', 'Head de Receita']]);
    expect(
      read('<div id="description">Sou Paula Serrano, gerente de logística na Transportes Serra Alta.</div>'),
    ).toEqual([['Paula Serrano', 'Transportes Serra Alta', 'gerente de logística']]);
  });

  it('reads the meta description when the body presents nobody', () => {
    expect(
      read(
        '<html><head><meta property="og:description" content="My guest is Naledi Dlamini, VP Finance at Brightlane, on CFOs."></head><body><p>Listen now.</p></body></html>',
      ),
    ).toEqual([['Naledi Dlamini', 'Brightlane', 'VP Finance']]);
  });
});

describe('the page reader’s title', () => {
  it('reads a parenthesis and " / " as segments ("Ana Souza (@ana) / X")', () => {
    const [c] = page.extract(
      doc(
        '<html><head><title>Tânia Rocha (@tania_cx) / X</title></head><body><main><div><span>Tânia Rocha</span></div><div>Diretora de CX na @LocalizaCorp. Opiniões minhas.</div></main></body></html>',
      ),
      URL_,
    );
    expect(c).toMatchObject({ primeiro_nome: 'Tânia', ultimo_nome: 'Rocha', empresa: 'LocalizaCorp' });
  });
});

describe('a region’s own heading', () => {
  it('makes the region noise only where it heads it: a "See also" after an article’s body leaves the body', () => {
    const d = doc(
      '<main><div id="body"><table><tr><th id="t">Title</th><td>CEO of Acme</td></tr></table><p>Text.</p><h2>See also</h2><ul><li id="s">Ana Souza</li></ul></div><section><h2>Veja também</h2><p id="v">Rafael Lima</p></section></main>',
    );
    expect(inNoise(d.getElementById('t')!)).toBe(false);
    expect(inNoise(d.getElementById('v')!)).toBe(true);
  });
});

/** The page's heading and its labelled fields, read together as on a page. */
const headingAndFields = (d: Document) => collect([page, labelled], d, URL_);

describe('the labelled title', () => {
  it('gives the company it names when nothing else does ("Title: Chief Executive Officer of Meridian")', () => {
    const [c] = headingAndFields(
      doc(
        '<html><head><title>Rahul Venkataraman - Wikipedia</title></head><body><main><h1>Rahul Venkataraman</h1><table><tr><th>Title</th><td>Chief Executive Officer of Meridian Cold Chain</td></tr></table></main></body></html>',
      ),
    );
    expect(c).toMatchObject({ primeiro_nome: 'Rahul', empresa: 'Meridian Cold Chain' });
  });
});

describe('the current company in an aria-label', () => {
  it('reads "Empresa atual:" and "Current company:" without the sentence after the value', () => {
    for (const [label, rest] of [
      ['Empresa atual', 'Clique para pular para o cartão de experiência'],
      ['Current company', 'Click to skip to experience card'],
    ]) {
      const [c] = headingAndFields(
        doc(
          `<html><head><title>Bruno Lima | Rede</title></head><body><main><h1>Bruno Lima</h1><div>Gerente Comercial | B2B</div><button aria-label="${label}: Stone Pagamentos S.A.. ${rest}"></button></main></body></html>`,
        ),
      );
      expect(c).toMatchObject({ primeiro_nome: 'Bruno', empresa: 'Stone Pagamentos S.A.' });
    }
  });
});
