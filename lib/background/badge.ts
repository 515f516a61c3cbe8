import { browser } from 'wxt/browser';
import type { Credits } from '@/lib/model';

const WARNING = '#b45309';
const DANGER = '#b91c1c';

/** What the toolbar icon shows: the balance when it is low, `!` when the plan is suspended or expired. */
export function badgeFor(
  c: Credits,
  threshold: number,
): { text: string; color: string; title: string } | null {
  if (c.status === 'suspended' || c.status === 'expired') {
    const what = c.status === 'suspended' ? 'plano suspenso' : 'plano expirado';
    return { text: '!', color: DANGER, title: `Perfil Intel — ${what}` };
  }
  if (c.balance === null || c.balance > threshold) return null;
  const n = Math.max(0, c.balance);
  return {
    text: n > 999 ? '999+' : String(n),
    color: WARNING,
    title: `Perfil Intel — saldo baixo: ${n} crédito${n === 1 ? '' : 's'}`,
  };
}

export async function showBadge(c: Credits, threshold: number): Promise<void> {
  const badge = badgeFor(c, threshold);
  await browser.action.setBadgeText({ text: badge?.text ?? '' });
  await browser.action.setTitle({ title: badge?.title ?? 'Perfil Intel' });
  if (badge) await browser.action.setBadgeBackgroundColor({ color: badge.color });
}
