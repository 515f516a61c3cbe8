import { useEffect, useState } from 'react';
import type { Lang, Text } from '@/lib/model';
import { local } from '@/lib/storage/later';
import type { Settings } from '@/lib/storage/local';

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
    void local.settings.get().then(apply);
    return local.settings.watch(apply);
  }, [browserLang]);
  useEffect(() => {
    document.documentElement.lang = lang === 'pt' ? 'pt-BR' : 'en';
  }, [lang]);
  return lang;
}

const LOCALES: Record<Lang, string> = { pt: 'pt-BR', en: 'en-US' };

/** The locale numbers and dates are written in for a language. */
export const localeOf = (lang: Lang): string => LOCALES[lang];

/**
 * One formatter per language and style, built on first use: `toLocaleString` builds a new one at every call (a
 * result's render made a few dozen, 2–3 ms of the click's time).
 */
function formatter<F>(make: (locale: string) => F): (lang: Lang) => F {
  const made: Partial<Record<Lang, F>> = {};
  return (lang) => (made[lang] ??= make(localeOf(lang)));
}

const numbers = formatter((locale) => new Intl.NumberFormat(locale));
const days = formatter(
  (locale) => new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', year: 'numeric' }),
);
const moments = {
  medium: formatter((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })),
  short: formatter((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' })),
};

export function formatNumber(lang: Lang, n: number): string {
  return numbers(lang).format(n);
}

/** `1 crédito`, `1.250 créditos`. */
export function creditsText(lang: Lang, n: number): string {
  const unit: Text = n === 1 ? { pt: 'crédito', en: 'credit' } : { pt: 'créditos', en: 'credits' };
  return `${formatNumber(lang, n)} ${unit[lang]}`;
}

export function formatDate(lang: Lang, at: number | string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  return days(lang).format(d);
}

/** A date with its time of day, `medium` (`15 de jan. de 2030 12:00`) or `short` (`15/01/2030 12:00`). */
export function formatMoment(
  lang: Lang,
  at: number | string,
  style: keyof typeof moments = 'medium',
): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  return moments[style](lang).format(d);
}
