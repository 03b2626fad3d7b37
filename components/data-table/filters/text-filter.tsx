"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { FieldError, Input, Label } from "@/components/ui/input";
import type { TextFilterMeta } from "../features";
import { useDebouncedCallback } from "../use-debounced-callback";

/** Typing waits this long after the last key before the URL (and the query) change. */
const TEXT_FILTER_DEBOUNCE_MS = 300;

/**
 * A text filter that keeps what is typed locally and commits it to the URL after a pause
 * (or at once on Enter or leaving the field). A value the contract refuses is shown with its
 * reason and never committed.
 */
export function TextFilter({
  meta,
  value,
  onCommit,
}: {
  meta: TextFilterMeta;
  value: string | null;
  onCommit: (value: string | null) => void;
}) {
  const t = useTranslations("table");
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const [error, setError] = useState<string | null>(null);
  // The last value this field sent: a different URL value came from elsewhere (chip, back button).
  const lastCommitted = useRef(value);

  const debounced = useDebouncedCallback((next: string | null) => {
    lastCommitted.current = next;
    onCommit(next);
  }, TEXT_FILTER_DEBOUNCE_MS);

  useEffect(() => {
    if (value === lastCommitted.current) return;
    lastCommitted.current = value;
    debounced.cancel();
    setText(value ?? "");
    setError(null);
  }, [value, debounced]);

  function change(raw: string) {
    setText(raw);
    const normalized = (meta.normalize ? meta.normalize(raw) : raw).trim();
    const reason = normalized === "" ? null : (meta.validate?.(normalized) ?? null);
    setError(reason);
    if (reason) {
      debounced.cancel();
      return;
    }
    const next = normalized === "" ? null : normalized;
    if (next === lastCommitted.current) debounced.cancel();
    else debounced.run(next);
  }

  const errorId = `${id}-error`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>{meta.label}</Label>
      <div className="relative">
        <Input
          id={id}
          type="search"
          value={text}
          inputMode={meta.inputMode}
          placeholder={meta.placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-filter-key={meta.key}
          onChange={(event) => change(event.target.value)}
          onBlur={() => debounced.flush()}
          onKeyDown={(event) => {
            if (event.key === "Enter") debounced.flush();
          }}
          buttonEnd
          className="[&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            aria-label={t("clearField", { label: meta.label })}
            onClick={() => {
              change("");
              debounced.flush();
            }}
            className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded p-0.5 text-fg-muted hover:bg-surface-muted hover:text-fg"
          >
            <X aria-hidden className="h-3.5 w-3.5" />
          </button>
        ) : null}
      </div>
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
}
