import { browser } from 'wxt/browser';
import type { ReactNode } from 'react';
import { usePanel } from './context';

/** The batch page, in a new tab, told which tab's people to offer. */
export function BatchLink({
  className = '',
  children,
  ...rest
}: {
  className?: string;
  children: ReactNode;
}) {
  const tabId = usePanel((s) => s.tabId);
  return (
    <a
      className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${className}`}
      href={browser.runtime.getURL(`/batch.html${tabId !== null ? `?tabId=${tabId}` : ''}`)}
      target="_blank"
      rel="noreferrer"
      {...rest}
    >
      {children}
    </a>
  );
}
