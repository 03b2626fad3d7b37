/** Focuses (and selects) a field after React re-enables it. */
export function focusField(id: string) {
  requestAnimationFrame(() => {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  });
}
