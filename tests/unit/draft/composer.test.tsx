import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DraftComposer } from '@/components/draft/DraftComposer';
import { PanelContext } from '@/components/panel/context';
import { createPanelStore } from '@/lib/panel/store';
import { basic, entryOf } from '../sidepanel/analyses';

/** The composer's first paint, before any answer of the worker (a fake that never answers). */
function firstPaint() {
  const store = createPanelStore({
    send: () => new Promise(() => undefined),
    stream: () => () => undefined,
    watchJob: () => () => undefined,
    now: Date.now,
  });
  return renderToStaticMarkup(
    <PanelContext.Provider value={store}>
      <DraftComposer entry={entryOf(basic)} />
    </PanelContext.Provider>,
  );
}

describe('the draft composer while the person’s kept drafts are read', () => {
  it('cannot write yet: the button waits, busy, and says it is looking for the kept drafts', () => {
    const html = firstPaint();
    const button = html.match(/<button[^>]*data-testid="draft-write"[^>]*>/)?.[0] ?? '';
    expect(button).toContain('disabled=""');
    expect(button).toContain('aria-busy="true"');
    expect(button).toContain('aria-describedby="draft-write-reason"');
    expect(html).toMatch(/id="draft-write-reason"[^>]*>(Procurando os rascunhos|Looking for the drafts)/);
    // nothing shown as a draft before the kept one is known
    expect(html).not.toContain('data-testid="draft-text"');
  });
});
