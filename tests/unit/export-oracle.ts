import { historyCsvWriter, jsonWriter } from '@/lib/export';
import type { HistoryEntry } from '@/lib/model';

/*
 * The history's files written in one piece: what the tests hold the worker's export (written a page at a time)
 * against, and read the columns by. The product never holds the whole file as one value.
 */

export function historyToJson(entries: HistoryEntry[], exportedAt: Date = new Date()): string {
  const w = jsonWriter(exportedAt);
  return w.start + w.part(entries) + w.end();
}

export function historyToCsv(entries: HistoryEntry[]): string {
  const w = historyCsvWriter();
  return w.start + w.part(entries) + w.end();
}
