"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type KeyboardEvent, type Ref } from "react";
import { Input } from "@/components/ui/input";
import { findParticipant, PIX_PARTICIPANTS, searchParticipants, type PixParticipant } from "@/lib/pix";
import { compactDigits } from "@/lib/transfer-form/to-request-body";
import { cn } from "@/lib/utils";
import type { FieldControlProps } from "./form-field";

const label = (p: PixParticipant) => `${p.name} (${p.ispb})`;

/**
 * What the typed text means as an ISPB: a participant picked by its label, or digits typed
 * freely (any ISPB may be named). Other text is kept so the schema explains what is wrong.
 */
export function ispbFromText(text: string): string {
  const typed = text.trim();
  if (/^[\d\s.\-]+$/.test(typed)) return compactDigits(typed);
  const picked = PIX_PARTICIPANTS.find((p) => label(p) === typed);
  return picked ? picked.ispb : typed;
}

/**
 * The "Bank (ISPB)" combobox (ARIA 1.2 list autocomplete): type a name ("itau") or digits
 * (ISPB or COMPE code), pick with the mouse or arrows + Enter; an 8-digit ISPB that is not in
 * the shipped list may be entered as it is.
 */
export function BankCombobox({
  control,
  value,
  onChange,
  onBlur,
  inputRef,
  disabled,
}: {
  control: FieldControlProps;
  value: string;
  onChange: (ispb: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}) {
  const t = useTranslations("register");
  const listId = useId();
  const [text, setText] = useState(() => {
    const p = findParticipant(value);
    return p ? label(p) : value;
  });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // A value set from outside (a saved receiver chosen) replaces the text; what this field reported itself does not.
  const [shownFor, setShownFor] = useState(value);
  if (value !== shownFor) {
    setShownFor(value);
    const p = findParticipant(value);
    setText(p ? label(p) : value);
  }
  const picked = findParticipant(value);
  // After a pick the text is the bank's label: offer the whole list again.
  const query = picked && text === label(picked) ? "" : /^[\d\s.\-]+$/.test(text) ? compactDigits(text) : text;
  const options = searchParticipants(query);
  const showList = open && options.length > 0;
  const activeOption = showList ? options[Math.min(active, options.length - 1)] : undefined;

  function type(next: string) {
    setText(next);
    setOpen(true);
    setActive(0);
    setShownFor(ispbFromText(next));
    onChange(ispbFromText(next));
  }

  function pick(p: PixParticipant) {
    setText(label(p));
    setOpen(false);
    setShownFor(p.ispb);
    onChange(p.ispb);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + options.length) % Math.max(options.length, 1));
    } else if (event.key === "Enter" && activeOption) {
      event.preventDefault(); // picking a bank must not submit the form
      pick(activeOption);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="relative">
      <Input
        {...control}
        // React 19 passes `ref` through to the <input> (as react-hook-form's register() spread does).
        {...{ ref: inputRef }}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.ispb}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={t("bankSearch")}
        value={text}
        disabled={disabled}
        onChange={(e) => type(e.target.value)}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur();
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t("bankSearch")}
        hidden={!showList}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-border bg-surface py-1 text-sm shadow-lg"
      >
        {options.map((p) => (
          <li
            key={p.ispb}
            id={`${listId}-${p.ispb}`}
            role="option"
            aria-selected={p === activeOption}
            // mousedown, not click: the input's blur would close the list first
            onMouseDown={(e) => {
              e.preventDefault();
              pick(p);
            }}
            className={cn(
              "flex cursor-pointer items-baseline justify-between gap-3 px-2.5 py-1.5 text-fg",
              p === activeOption && "bg-surface-muted",
            )}
          >
            <span>{p.name}</span>
            <span className="font-mono text-xs text-fg-muted">
              {p.ispb}
              {p.code ? ` · ${p.code}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
