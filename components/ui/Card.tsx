import type { HTMLAttributes } from 'react';

/** A bordered surface. `highlighted` marks the one the user should notice (e.g. the current plan). */
export function Card({
  highlighted = false,
  className = '',
  ...rest
}: HTMLAttributes<HTMLDivElement> & { highlighted?: boolean }) {
  const border = highlighted
    ? 'border-2 border-indigo-600 dark:border-indigo-400'
    : 'border border-zinc-200 dark:border-zinc-700';
  return <div className={`rounded-lg bg-white p-4 dark:bg-zinc-900 ${border} ${className}`} {...rest} />;
}
