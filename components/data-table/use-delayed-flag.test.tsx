// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDelayedFlag } from "./use-delayed-flag";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ on }: { on: boolean }) {
  return <span>{useDelayedFlag(on, 150) ? "dimmed" : "clear"}</span>;
}

describe("useDelayedFlag", () => {
  let root: Root;
  let host: HTMLElement;
  const render = (on: boolean) => act(() => root.render(<Probe on={on} />));
  const shown = () => host.textContent;

  beforeEach(() => {
    vi.useFakeTimers();
    host = document.createElement("div");
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it("stays off for a short load and comes on for a long one", () => {
    render(false);
    render(true);
    expect(shown()).toBe("clear");
    act(() => vi.advanceTimersByTime(149));
    expect(shown()).toBe("clear");
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe("dimmed");
  });

  it("goes off at once when the load ends, and a new load waits again", () => {
    render(true);
    act(() => vi.advanceTimersByTime(200));
    expect(shown()).toBe("dimmed");
    render(false);
    expect(shown()).toBe("clear");
    render(true);
    expect(shown()).toBe("clear");
    act(() => vi.advanceTimersByTime(100));
    render(false);
    act(() => vi.advanceTimersByTime(500));
    expect(shown()).toBe("clear");
  });
});
