/**
 * Issue 12: the lists with no filters of their own (credit and debit notes, delivery challans,
 * e-way bills): newest first, off the collection's declared `newest` order, and paged with
 * ?limit&cursor like every other list. Without either, SPEC's plain array.
 */
import { LIST_LIMIT_DEFAULT, pageQuerySchema, type Page } from "@bahi/shared/contract";
import type { KeyValue } from "@bahi/shared/read-models";
import type { ReadStore } from "@bahi/shared/server";
import { listAnswer } from "./page.ts";

export function newestFirstList<T, W = T>(
  readStore: ReadStore,
  collection: string,
  userId: string,
  rawQuery: unknown,
  options: { where?: Readonly<Record<string, KeyValue>>; show?: (row: T) => W } = {},
): Promise<W[] | Page<W, undefined>> {
  const query = pageQuerySchema.parse(rawQuery);
  const filters = { where: options.where ?? {} };
  return listAnswer<T, undefined, W>(readStore, {
    collection,
    ownerId: userId,
    order: "newest",
    filters,
    request: query,
    defaultLimit: LIST_LIMIT_DEFAULT,
    summary: async () => undefined,
    countAll: () => readStore.count(collection, userId, filters),
    ...(options.show ? { show: options.show } : {}),
  });
}
