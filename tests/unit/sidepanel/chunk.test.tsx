import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fromChunk } from '@/components/panel/chunk';

/* A panel piece in a chunk of its own: once preloaded it renders at once; before, what `waiting` shows. */

function Hello({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

describe('fromChunk', () => {
  it('shows `waiting` until its chunk is there, and the piece at once after preload(), loading it once', async () => {
    let loads = 0;
    const Piece = fromChunk(
      async () => (loads++, Hello),
      ({ name }) => <i>carregando {name}</i>,
    );
    expect(renderToStaticMarkup(<Piece name="Ana" />)).toBe('<i>carregando Ana</i>');
    await Promise.all([Piece.preload(), Piece.preload()]);
    expect(renderToStaticMarkup(<Piece name="Ana" />)).toBe('<p>Olá, Ana</p>');
    expect(loads).toBe(1);
    expect(renderToStaticMarkup(<Piece name="Bia" />)).toBe('<p>Olá, Bia</p>');
  });

  it('shows nothing by default; a chunk that failed to load is asked again on the next use', async () => {
    let fail = true;
    const Piece = fromChunk<{ name: string }>(async () => {
      if (fail) throw new Error('offline');
      return Hello;
    });
    await expect(Piece.preload()).rejects.toThrow('offline');
    expect(renderToStaticMarkup(<Piece name="Ana" />)).toBe('');
    fail = false;
    await Piece.preload();
    expect(renderToStaticMarkup(<Piece name="Ana" />)).toBe('<p>Olá, Ana</p>');
  });
});
