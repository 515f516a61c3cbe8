import { useId, type ReactNode } from 'react';

/** A titled region of a page; `id` makes it reachable by an anchor (e.g. options.html#planos). */
export function Section({
  id,
  title,
  description,
  children,
  className = '',
}: {
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-4 ${className}`}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
      <div className="mt-3 flex flex-col gap-3">{children}</div>
    </section>
  );
}

/** Content the reader opens when wanted; keyboard-usable through the native details element. */
export function Disclosure({
  summary,
  children,
  defaultOpen = false,
}: {
  summary: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  return (
    <details open={defaultOpen} className="group rounded-md border border-zinc-200 dark:border-zinc-700">
      <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium">{summary}</summary>
      <div className="border-t border-zinc-200 px-3 py-2 text-sm dark:border-zinc-700">{children}</div>
    </details>
  );
}
