import { useEffect, useState } from 'react';
import type { Lang, Text } from '@/lib/model';
import { settings, type Settings } from '@/lib/storage';

/** pt-BR unless the setting or the browser's language says English. */
export function resolveLang(setting: Settings['language'], browserLang: string | undefined): Lang {
  if (setting !== 'auto') return setting;
  return browserLang?.toLowerCase().startsWith('en') ? 'en' : 'pt';
}

export function tr(lang: Lang, text: Text): string {
  return text[lang];
}

/** The UI language, following the stored setting live. */
export function useLang(): Lang {
  const browserLang = typeof navigator === 'undefined' ? undefined : navigator.language;
  const [lang, setLang] = useState<Lang>(() => resolveLang('auto', browserLang));
  useEffect(() => {
    const apply = (s: Settings) => setLang(resolveLang(s.language, browserLang));
    void settings.get().then(apply);
    return settings.watch(apply);
  }, [browserLang]);
  useEffect(() => {
    document.documentElement.lang = lang === 'pt' ? 'pt-BR' : 'en';
  }, [lang]);
  return lang;
}

export function formatNumber(lang: Lang, n: number): string {
  return n.toLocaleString(lang === 'pt' ? 'pt-BR' : 'en-US');
}

/** `1 crédito`, `1.250 créditos`. */
export function creditsText(lang: Lang, n: number): string {
  const unit: Text = n === 1 ? { pt: 'crédito', en: 'credit' } : { pt: 'créditos', en: 'credits' };
  return `${formatNumber(lang, n)} ${unit[lang]}`;
}

export function formatDate(lang: Lang, at: number | string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  return d.toLocaleDateString(lang === 'pt' ? 'pt-BR' : 'en-US', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });
}
