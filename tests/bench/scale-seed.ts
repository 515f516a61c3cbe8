/*
 * Bundled by the scale bench into its own copy of the build (never the shipped one) as an extension page's script:
 * it fills the history with the extension's own storage code (lib/history.ts, lib/storage/idb.ts), as the worker
 * writes it, and gives every entry a vector, as "pessoas parecidas" keeps them.
 */
import { createHistory } from '@/lib/history';
import { EMBEDDING_MODEL } from '@/lib/draft/similar';
import { quantize } from '@/lib/vectors';
import type { HistoryEntry } from '@/lib/model';
import { openEmbeddingsDb } from '@/lib/storage/idb';

const ROLES = [
  'CFO',
  'Diretora de compras',
  'Head de vendas',
  'Analista de marketing',
  'Gerente de TI',
  'CEO',
];
const NAMES = ['Ana', 'Bruno', 'Carla', 'Davi', 'Eva', 'Fábio', 'Gabriela', 'Heitor', 'Íris', 'João'];
const DIMS = 1536;

/** Writes entries `from` to `to` − 1, copies of `model` with their own person, role and date, and their vectors. */
async function seed(model: HistoryEntry, from: number, to: number): Promise<void> {
  const history = createHistory({ retentionDays: () => 3650 });
  const vectors = await openEmbeddingsDb();
  let x = from + 1;
  const rand = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x / 2 ** 32 - 0.5);
  for (let i = from; i < to; i++) {
    const input = {
      ...model.input,
      primeiro_nome: `${NAMES[i % NAMES.length]} ${i}`,
      ultimo_nome: `Escala`,
      empresa: `Empresa ${i % 400}`,
    };
    const entry: HistoryEntry = {
      ...model,
      id: `scale-${i}`,
      input,
      personKey: `${NAMES[i % NAMES.length]!.toLowerCase()} ${i} escala|empresa ${i % 400}`,
      createdAt: model.createdAt - (i + 1) * 60_000,
      analysis: { ...model.analysis, cargo: ROLES[i % ROLES.length] },
    };
    await history.put(entry);
    const vector = quantize(Array.from({ length: DIMS }, rand))!;
    await vectors.put('vectors', { entryId: entry.id, model: EMBEDDING_MODEL, textHash: 'seeded', vector });
  }
  await history.close();
  vectors.close();
}

(globalThis as unknown as { seed: typeof seed }).seed = seed;
document.title = 'seed ready';
