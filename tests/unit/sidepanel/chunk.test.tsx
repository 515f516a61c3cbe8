import { Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fromChunk } from '@/components/panel/chunk';

/* A panel piece in a chunk of its own: once preloaded it renders at once, with no fallback in between. */

function Hello({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

const render = (Piece: (props: { name: string }) => React.ReactNode) =>
  renderToStaticMarkup(
    <Suspense fallback={<i>carregando</i>}>
      <Piece name="Ana" />
    </Suspense>,
  );

describe('fromChunk', () => {
  it('loads on first use (the fallback meanwhile), and at once after preload()', async () => {
    let loads = 0;
    const Piece = fromChunk(async () => (loads++, Hello));
    expect(render(Piece)).toBe('<i>carregando</i>');
    await Piece.preload();
    expect(render(Piece)).toBe('<p>Olá, Ana</p>');
    expect(render(Piece)).toBe('<p>Olá, Ana</p>');
    expect(loads).toBeLessThanOrEqual(2);
  });

  it('a chunk that fails to load leaves the fallback, and preload says why', async () => {
    const Piece = fromChunk<{ name: string }>(() => Promise.reject(new Error('offline')));
    await expect(Piece.preload()).rejects.toThrow('offline');
    expect(render(Piece)).toBe('<i>carregando</i>');
  });
});
