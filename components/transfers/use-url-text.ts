"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A text filter typed into a field and written to the URL once typing pauses (so each key does
 * not add a history entry and a request). A value from outside (Clear, back/forward) replaces
 * what is shown.
 */
export function useUrlText(urlValue: string | null, write: (value: string | null) => void, delayMs = 400) {
  const [text, setText] = useState(urlValue ?? "");
  const [shownFor, setShownFor] = useState(urlValue);
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });
  if (urlValue !== shownFor) {
    setShownFor(urlValue);
    setText(urlValue ?? "");
  }
  useEffect(() => {
    const next = text.trim() === "" ? null : text.trim();
    if (next === (urlValue ?? null)) return;
    const timer = setTimeout(() => {
      setShownFor(next);
      writeRef.current(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, urlValue, delayMs]);
  return [text, setText] as const;
}
