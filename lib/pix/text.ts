/** Removes diacritics ("São Paulo" -> "Sao Paulo", "Itaú" -> "Itau"). */
export function stripAccents(s: string): string {
  return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/** Lower-case, accent-free, single-spaced text for matching what people type. */
export function searchKey(s: string): string {
  return stripAccents(s).toLowerCase().replace(/\s+/g, " ").trim();
}
