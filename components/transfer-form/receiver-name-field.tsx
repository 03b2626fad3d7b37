"use client";

import { useQuery } from "@tanstack/react-query";
import { BookUser, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Input } from "@/components/ui/input";
import { formatDocument } from "@/lib/pix/document";
import { receiverQueries } from "@/lib/queries/receivers";
import { receiverMatches } from "@/lib/receivers/search";
import type { SavedReceiver } from "@/lib/receivers/types";
import { cn } from "@/lib/utils";
import { FormField, useFieldError } from "./form-field";
import type { RegisterForm } from "./form-types";
import { fillOf, stillFilled, type ReceiverFill } from "./saved-receiver-fill";

const MAX_SUGGESTIONS = 8;

/**
 * "Receiver name" offering the saved receivers ("favorecidos") as the operator types (ARIA 1.2
 * list autocomplete: by nickname, name or CPF/CNPJ, accents and case aside). Choosing one fills
 * name, document and key or bank data and links the transfer to it (`receiver_id`); changing any
 * of those fields afterwards drops the link, so a transfer never claims a saved receiver it does
 * not pay.
 */
export function ReceiverNameField({ form }: { form: RegisterForm }) {
  const t = useTranslations("register.saved");
  const g = useTranslations("glossary");
  const listId = useId();
  const { register, formState, setValue, watch } = form;
  const receivers = useQuery(receiverQueries.list());
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const filled = useRef<ReceiverFill | null>(null);
  const values = watch();
  const linkedId = values.receiver_id;
  const linked = receivers.data?.receivers.find((r) => r.id === linkedId);

  // Editing what the saved receiver filled drops the link (the transfer is no longer "that" receiver).
  useEffect(() => {
    if (linkedId && filled.current && !stillFilled(filled.current, values)) {
      filled.current = null;
      setValue("receiver_id", "");
    }
  }, [linkedId, values, setValue]);

  const typed = values.receiver_name;
  const options = (receivers.data?.receivers ?? []).filter((r) => r.id !== linkedId && receiverMatches(r, typed)).slice(0, MAX_SUGGESTIONS);
  const showList = open && options.length > 0 && !linkedId;
  const activeOption = showList ? options[Math.min(active, options.length - 1)] : undefined;

  function pick(r: SavedReceiver) {
    const fill = fillOf(r);
    for (const [field, value] of Object.entries(fill) as Array<[keyof ReceiverFill, string]>) {
      setValue(field, value as never, { shouldValidate: formState.isSubmitted, shouldDirty: true });
    }
    filled.current = fill;
    setValue("receiver_id", r.id);
    setOpen(false);
  }

  function unlink() {
    filled.current = null;
    setValue("receiver_id", "");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!options.length) return;
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === "Enter" && activeOption) {
      event.preventDefault(); // choosing a receiver must not submit the form
      pick(activeOption);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const field = register("receiver_name");
  return (
    <FormField
      id="register-receiver-name"
      label={g("receiverName")}
      error={useFieldError(formState.errors.receiver_name?.message)}
      hint={
        linked ? (
          <span className="inline-flex flex-wrap items-center gap-1.5 rounded-full border border-border bg-surface-muted px-2 py-0.5 text-fg" data-testid="linked-receiver">
            <BookUser aria-hidden className="h-3.5 w-3.5" />
            {t("linked", { nickname: linked.nickname })}
            <button type="button" onClick={unlink} className="rounded-full p-0.5 text-fg-muted hover:text-fg" aria-label={t("unlink", { nickname: linked.nickname })}>
              <X aria-hidden className="h-3 w-3" />
            </button>
          </span>
        ) : (receivers.data?.receivers.length ?? 0) > 0 ? (
          t("hint")
        ) : undefined
      }
    >
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            {...field}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
            autoComplete="off"
            maxLength={200}
            onChange={(e) => {
              void field.onChange(e);
              setOpen(true);
              setActive(0);
            }}
            onFocus={() => setOpen(true)}
            onBlur={(e) => {
              setOpen(false);
              void field.onBlur(e);
            }}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t("listLabel")}
            hidden={!showList}
            className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-border bg-surface py-1 text-sm shadow-lg"
          >
            {options.map((r) => (
              <li
                key={r.id}
                id={`${listId}-${r.id}`}
                role="option"
                aria-selected={r === activeOption}
                // mousedown, not click: the input's blur would close the list first
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(r);
                }}
                className={cn("flex cursor-pointer flex-col px-2.5 py-1.5 text-fg", r === activeOption && "bg-surface-muted")}
              >
                <span className="font-medium">{r.nickname}</span>
                <span className="text-xs text-fg-muted">
                  {r.receiver_name} · <span className="font-mono">{formatDocument(r.receiver_document)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </FormField>
  );
}
