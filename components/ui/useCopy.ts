import { useState } from 'react';
import { tr } from '@/lib/i18n';
import type { Lang } from '@/lib/model';
import type { Text } from '@/lib/text';

/**
 * Copying to the clipboard with what happened said: `said` is `done` once copied, or that it could not be copied
 * (a page without clipboard access, a refused permission). `clear` empties it.
 */
export function useCopy(lang: Lang) {
  const [said, setSaid] = useState('');
  const copy = async (text: string, done: Text) => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(tr(lang, done));
    } catch {
      setSaid(tr(lang, { pt: 'Não foi possível copiar.', en: 'Could not copy.' }));
    }
  };
  return { said, copy, clear: () => setSaid('') };
}
