/** A window event that opens the header's lookup box from anywhere (e.g. a not-found page). */
export const OPEN_LOOKUP_EVENT = "pix:open-lookup";

export type OpenLookupDetail = { query?: string };

export function openLookup(query?: string): void {
  window.dispatchEvent(new CustomEvent<OpenLookupDetail>(OPEN_LOOKUP_EVENT, { detail: { query } }));
}
