// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COPIED_FOR_MS, listenForCopyButtons, type CopyWords } from "./copy-feedback";

const english: CopyWords = {
  copy: (what) => `Copy ${what}`,
  copied: (what) => `Copied: ${what}`,
  done: "Copied",
  refused: (what) => `Could not copy (${what}): the browser refused access to the clipboard`,
};
const words = () => english;

function page() {
  document.body.innerHTML = `
    <table><tbody><tr data-row>
      <td><button type="button" data-copy="REF-001" data-copy-label="reference code" aria-label="Copy reference code" title="Copy reference code"><span></span></button></td>
      <td><button type="button" data-copy="E123" data-copy-label="end-to-end ID" aria-label="Copy end-to-end ID"></button></td>
      <td><button type="button" id="other">Other</button></td>
    </tr></tbody></table>`;
  return {
    ref: document.querySelector<HTMLButtonElement>("[data-copy='REF-001']")!,
    e2e: document.querySelector<HTMLButtonElement>("[data-copy='E123']")!,
    other: document.querySelector<HTMLButtonElement>("#other")!,
  };
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => undefined);

describe("listenForCopyButtons", () => {
  let detach: () => void = () => undefined;
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => {
    detach();
    vi.useRealTimers();
  });

  it("copies the clicked button's own value, marks it copied, announces it, and resets it after a moment", async () => {
    const write = vi.fn(async (_: string) => undefined);
    const announce = vi.fn();
    const { ref, e2e } = page();
    detach = listenForCopyButtons(document, { write, announce, words });

    ref.querySelector("span")!.click(); // a click on the icon inside counts
    await flush();
    expect(write).toHaveBeenCalledWith("REF-001");
    expect(ref.dataset.copied).toBe("");
    expect(ref.getAttribute("aria-label")).toBe("Copied: reference code");
    expect(ref.title).toBe("Copied");
    expect(announce).toHaveBeenLastCalledWith("Copied");
    expect(e2e.dataset.copied).toBeUndefined();

    vi.advanceTimersByTime(COPIED_FOR_MS);
    expect(ref.dataset.copied).toBeUndefined();
    expect(ref.getAttribute("aria-label")).toBe("Copy reference code");
    expect(ref.title).toBe("Copy reference code");
  });

  it("a second click restarts the moment instead of ending it early", async () => {
    const { ref } = page();
    detach = listenForCopyButtons(document, { write: async () => undefined, announce: () => undefined, words });
    ref.click();
    await flush();
    vi.advanceTimersByTime(COPIED_FOR_MS - 100);
    ref.click();
    await flush();
    vi.advanceTimersByTime(200);
    expect(ref.dataset.copied).toBe("");
    vi.advanceTimersByTime(COPIED_FOR_MS);
    expect(ref.dataset.copied).toBeUndefined();
  });

  it("a button given another value (a reused table row) is no longer marked copied", async () => {
    const { ref } = page();
    detach = listenForCopyButtons(document, { write: async () => undefined, announce: () => undefined, words });
    ref.click();
    await flush();
    expect(ref.dataset.copied).toBe("");
    ref.dataset.copy = "REF-002"; // what React does when the row shows the next payment
    await flush(); // mutation records are delivered as a microtask
    expect(ref.dataset.copied).toBeUndefined();
    expect(ref.getAttribute("aria-label")).toBe("Copy reference code");
  });

  it("a refused clipboard leaves the button as it was and says why", async () => {
    const announce = vi.fn();
    const { e2e } = page();
    detach = listenForCopyButtons(document, { write: async () => Promise.reject(new Error("denied")), announce, words });
    e2e.click();
    await flush();
    await flush();
    expect(e2e.dataset.copied).toBeUndefined();
    expect(e2e.getAttribute("aria-label")).toBe("Copy end-to-end ID");
    expect(announce).toHaveBeenCalledWith(expect.stringMatching(/^Could not copy \(end-to-end ID\)/));
  });

  it("ignores other buttons, and nothing is copied once detached", async () => {
    const write = vi.fn(async (_: string) => undefined);
    const { ref, other } = page();
    detach = listenForCopyButtons(document, { write, announce: () => undefined, words });
    other.click();
    await flush();
    expect(write).not.toHaveBeenCalled();
    detach();
    ref.click();
    await flush();
    expect(write).not.toHaveBeenCalled();
  });
});
