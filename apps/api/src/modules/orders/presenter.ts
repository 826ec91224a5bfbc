import type { OrderHistoryEntry } from "@portal/domain";

/** A stored history entry: what the API answers but the names of the rows its values name. */
type StoredHistoryEntry = Omit<OrderHistoryEntry, "old_names" | "new_names">;

/** A history entry as the API answers it: the status it reached nested as `{id, name, name_en}`, or null. */
export function presentHistoryEntry(row: Record<string, unknown>): StoredHistoryEntry {
  const { status, status_name, status_name_en, ...entry } = row;
  return {
    ...(entry as Omit<StoredHistoryEntry, "status">),
    status:
      typeof status === "number"
        ? { id: status, name: String(status_name ?? ""), name_en: String(status_name_en ?? "") }
        : null,
  };
}
