/** How long a copy button shows its check mark and "copied" label. */
export const COPIED_FOR_MS = 1500;

type Options = {
  /** Writes the text (navigator.clipboard.writeText in the browser). */
  write: (text: string) => Promise<void>;
  /** Tells screen readers (the one live region). */
  announce: (message: string) => void;
};

/**
 * One click listener for every `button[data-copy]` under `root`: copies the button's value,
 * then marks it `data-copied` and names it "<label> copied" for COPIED_FOR_MS. A refused
 * clipboard changes nothing on the button and says so. Returns the function that detaches it.
 */
export function listenForCopyButtons(root: Document | HTMLElement, { write, announce }: Options): () => void {
  const timers = new Map<HTMLElement, ReturnType<typeof setTimeout>>();

  function reset(button: HTMLElement, label: string) {
    delete button.dataset.copied;
    button.setAttribute("aria-label", `Copy ${label}`);
    button.title = `Copy ${label}`;
    timers.delete(button);
  }

  async function onClick(event: Event) {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>("button[data-copy]");
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    const value = button.dataset.copy ?? "";
    const label = button.dataset.copyLabel ?? "value";
    try {
      await write(value);
    } catch {
      announce(`Could not copy the ${label}: the browser refused access to the clipboard`);
      return;
    }
    clearTimeout(timers.get(button));
    button.dataset.copied = "";
    button.setAttribute("aria-label", `${label} copied`);
    button.title = "Copied";
    announce("Copied");
    timers.set(button, setTimeout(() => reset(button, label), COPIED_FOR_MS));
  }

  root.addEventListener("click", onClick);
  return () => {
    root.removeEventListener("click", onClick);
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
