"use client";

import { useLayoutEffect, useRef, type ChangeEvent, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { MASK_KEEPS, maskDocument, maskPhone, remapCaret, type Mask } from "@/lib/pix/masks";

const keptOf = (text: string, keeps: RegExp) => [...text].filter((ch) => keeps.test(ch)).join("");

type MaskedInputProps = Omit<ComponentProps<typeof Input>, "value" | "defaultValue" | "onChange"> & {
  /** What the field shows for what was typed (lib/pix/masks). */
  mask: Mask;
  /** The shown (masked) text. */
  value: string;
  onValueChange: (masked: string) => void;
  /** The typed characters the mask keeps (the rest is its punctuation); digits and letters by default. */
  keeps?: RegExp;
};

/**
 * A text field that shapes what is typed with a mask (a CPF gets its dots as the digits come)
 * and keeps the caret after the character just typed. Backspace over punctuation the mask put
 * there removes the character before it, as people expect. Controlled: the caller holds the
 * masked text (react-hook-form: through a Controller).
 */
export function MaskedInput({ mask, value, onValueChange, keeps = MASK_KEEPS, ...props }: MaskedInputProps) {
  const ref = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    // Input takes no ref: the element of the last change is the one to put the caret back in.
    ref.current = event.target;
    let typed = event.target.value;
    let at = event.target.selectionStart ?? typed.length;
    const native = event.nativeEvent as InputEvent;
    // Only punctuation was deleted: it would come straight back; delete the character before it instead.
    if (native.inputType === "deleteContentBackward" && keptOf(typed, keeps) === keptOf(value, keeps) && typed.length < value.length) {
      const before = typed.slice(0, at);
      let index = before.length - 1;
      while (index >= 0 && !keeps.test(before[index]!)) index -= 1;
      if (index >= 0) {
        typed = typed.slice(0, index) + typed.slice(index + 1);
        at = index;
      }
    }
    const masked = mask(typed);
    caret.current = remapCaret(typed, at, masked, keeps);
    onValueChange(masked);
  }

  return <Input {...props} value={value} onChange={onChange} autoComplete={props.autoComplete ?? "off"} />;
}

/** A CPF or CNPJ field (the alphanumeric CNPJ too): "123.456.789-09", "12.ABC.345/01DE-35". */
export function DocumentInput(props: Omit<MaskedInputProps, "mask">) {
  return <MaskedInput mask={maskDocument} inputMode="text" autoCapitalize="characters" spellCheck={false} maxLength={18} {...props} />;
}

/** A phone field: "(11) 91234-5678", or "+55 11 91234-5678" when typed with +. */
export function PhoneInput(props: Omit<MaskedInputProps, "mask">) {
  return <MaskedInput mask={maskPhone} type="tel" inputMode="tel" autoComplete={props.autoComplete ?? "tel-national"} maxLength={20} {...props} />;
}
