/** How long a copy button shows its check mark and "copied" label. */
export const COPIED_FOR_MS = 1500;

/** The words the buttons and the live region say, in the page's language. */
export type CopyWords = {
  /** "Copy {label}": a button's name. */
  copy: (label: string) => string;
  /** "Copied: {label}": its name for a moment after a copy. */
  copied: (label: string) => string;
  /** "Copied": said, and the button's title for that moment. */
  done: string;
  /** Said when the browser refuses the clipboard. */
  refused: (label: string) => string;
};

type Options = {
  /** Writes the text (navigator.clipboard.writeText in the browser). */
  write: (text: string) => Promise<void>;
  /** Tells screen readers (the one live region). */
  announce: (message: string) => void;
  /** Read at each click, so a language change takes effect without reattaching. */
  words: () => CopyWords;
};

/**
 * One click listener for every `button[data-copy]` under `root`: copies the button's value,
 * then marks it `data-copied` and names it "Copied: <label>" for COPIED_FOR_MS, or until the
 * button is given another value (table rows are reused for the next page's payments: the
 * check must not stay on a value nobody copied). A refused clipboard changes nothing on the
 * button and says so. Returns the function that detaches it.
 */
export function listenForCopyButtons(root: Document | HTMLElement, { write, announce, words }: Options): () => void {
  const copied = new Map<HTMLElement, { timer: ReturnType<typeof setTimeout>; watch: MutationObserver }>();

  function reset(button: HTMLElement, label: string) {
    const state = copied.get(button);
    if (state) {
      clearTimeout(state.timer);
      state.watch.disconnect();
      copied.delete(button);
    }
    delete button.dataset.copied;
    const name = words().copy(label);
    button.setAttribute("aria-label", name);
    button.title = name;
  }

  async function onClick(event: Event) {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>("button[data-copy]");
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    const value = button.dataset.copy ?? "";
    const label = button.dataset.copyLabel ?? "";
    try {
      await write(value);
    } catch {
      announce(words().refused(label));
      return;
    }
    reset(button, label);
    const said = words();
    button.dataset.copied = "";
    button.setAttribute("aria-label", said.copied(label));
    button.title = said.done;
    announce(said.done);
    const watch = new MutationObserver(() => reset(button, button.dataset.copyLabel ?? label));
    watch.observe(button, { attributes: true, attributeFilter: ["data-copy"] });
    copied.set(button, { timer: setTimeout(() => reset(button, label), COPIED_FOR_MS), watch });
  }

  root.addEventListener("click", onClick);
  return () => {
    root.removeEventListener("click", onClick);
    for (const { timer, watch } of copied.values()) {
      clearTimeout(timer);
      watch.disconnect();
    }
  };
}
