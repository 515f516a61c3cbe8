import type { Block, Fact } from '@/lib/panel/sections';
import { OceanChart } from './OceanChart';
import type { Lang } from '@/lib/model';

const label = 'text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400';

function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1">
      {items.map((f) => (
        <div key={f.label} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{f.label}</dt>
          <dd className="break-words">{f.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One block of a section. Everything is text: the service's words never become markup. */
export function BlockView({ block, lang }: { block: Block; lang: Lang }) {
  switch (block.kind) {
    case 'facts':
      return (
        <div className="flex flex-col gap-1">
          {block.label && <h3 className={label}>{block.label}</h3>}
          <Facts items={block.items} />
        </div>
      );
    case 'text':
      return (
        <div className="flex flex-col gap-1">
          <h3 className={label}>{block.label}</h3>
          <p className="break-words">{block.text}</p>
        </div>
      );
    case 'list':
      return (
        <div className="flex flex-col gap-1">
          <h3 className={label}>{block.label}</h3>
          <ul className="ml-4 list-disc break-words">
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </div>
      );
    case 'records':
      return (
        <div className="flex flex-col gap-1">
          <h3 className={label}>{block.label}</h3>
          <ul className="flex flex-col gap-2">
            {block.items.map((r, i) => (
              <li key={i} className="rounded-md bg-zinc-50 px-2 py-1.5 dark:bg-zinc-800 print:bg-transparent">
                <p className="font-medium break-words">{r.title}</p>
                {r.fields.length > 0 && (
                  <div className="mt-1 text-xs">
                    <Facts items={r.fields} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'ocean':
      return <OceanChart chart={block.chart} lang={lang} />;
  }
}
