import { browser } from 'wxt/browser';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui';
import { tr } from '@/lib/i18n';
import type { Lang } from '@/lib/model';
import { originHost } from '@/lib/panel/format';

/** `https://host/*` for a web page the manifest declares no script on, else null. */
function siteToKeep(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:') return null;
    // the sites the manifest declares a reading script on are read without any grant
    const matches = (browser.runtime.getManifest().content_scripts ?? []).flatMap((c) => c.matches ?? []);
    const declared = matches.some((m) =>
      new RegExp(`^${m.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}`).test(`${u.origin}/`),
    );
    return declared ? null : `${u.origin}/*`;
  } catch {
    return null;
  }
}

/**
 * After the page was read through the user's gesture (activeTab, gone at the next navigation): an offer to keep
 * reading this site, asking for its origin alone.
 */
export function KeepSite({ url, lang }: { url: string; lang: Lang }) {
  const origin = siteToKeep(url);
  const [granted, setGranted] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    if (origin)
      void browser.permissions
        .contains({ origins: [origin] })
        .catch(() => true)
        .then((g) => live && setGranted(g));
    return () => {
      live = false;
    };
  }, [origin]);
  if (!origin || granted !== false) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="self-start"
      data-testid="keep-site"
      // Chrome shows its prompt only inside the click: nothing is awaited before asking
      onClick={() =>
        void browser.permissions
          .request({ origins: [origin] })
          .catch(() => false)
          .then((g) => setGranted(g))
      }
    >
      {tr(lang, {
        pt: `Ler ${originHost(origin)} sempre, sem clicar no ícone`,
        en: `Always read ${originHost(origin)}, without clicking the icon`,
      })}
    </Button>
  );
}
