import { balanceIn } from '@/lib/popup-page';

/* Only its address, storage and the DOM here: this module loads before React, so the popup shows the balance at once. */

/** Marks when the cached balance first showed, for the popup's opening benchmark. */
export const BALANCE_SHOWN_MARK = 'perfil:balance-shown';

/**
 * Shows the last known balance in the popup's own layout: from the popup's address, where the worker puts it, else
 * read straight from storage. React replaces it when it mounts (a few tens of milliseconds later) with the full,
 * validated view.
 */
export async function paintCachedBalance(root: HTMLElement): Promise<void> {
  // Storage only when the address has none (its module is not even loaded otherwise).
  const balance = balanceIn(location.search) ?? (await (await import('@/lib/storage/keys')).peekBalance());
  if (balance === null || root.hasChildNodes()) return;
  const main = document.createElement('main');
  main.className = 'flex w-[22rem] flex-col gap-3 p-4 text-sm';
  const title = document.createElement('h1');
  title.className = 'shrink-0 text-base font-bold';
  title.textContent = 'Perfil Intel';
  const amount = document.createElement('p');
  amount.className = 'mt-6 text-3xl font-bold tabular-nums';
  amount.textContent = balance.toLocaleString(navigator.language);
  main.append(title, amount);
  root.append(main);
  performance.mark(BALANCE_SHOWN_MARK);
}
