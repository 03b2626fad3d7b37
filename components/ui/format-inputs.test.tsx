// @vitest-environment jsdom
import { NextIntlClientProvider } from "next-intl";
import { act, useState, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { AmountInput } from "./amount-input";
import { DateInput } from "./date-input";
import { DateRangeInput, type DayRange } from "./date-range-input";
import { DocumentInput, PhoneInput } from "./masked-input";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function render(ui: ReactNode, locale: Locale = "pt-BR") {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  act(() =>
    root.render(
      <NextIntlClientProvider locale={locale} messages={messagesFor(locale)} timeZone="America/Sao_Paulo">
        {ui}
      </NextIntlClientProvider>,
    ),
  );
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
  };
  return host;
}

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;

/** Types `text` key by key at the caret, as a browser does. */
function type(input: HTMLInputElement, text: string) {
  input.focus();
  for (const ch of text) {
    const at = input.selectionStart ?? input.value.length;
    act(() => {
      setValue.call(input, input.value.slice(0, at) + ch + input.value.slice(at));
      input.setSelectionRange(at + 1, at + 1);
      input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText", data: ch }));
    });
  }
}

function backspace(input: HTMLInputElement) {
  const at = input.selectionStart ?? input.value.length;
  act(() => {
    setValue.call(input, input.value.slice(0, at - 1) + input.value.slice(at));
    input.setSelectionRange(at - 1, at - 1);
    input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "deleteContentBackward" }));
  });
}

function blur(input: HTMLInputElement) {
  act(() => input.blur());
}

function ControlledDate({ onChange, initial = "" }: { onChange: (day: string) => void; initial?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <form>
      <DateInput id="d" name="from" value={day} onChange={(next) => (setDay(next), onChange(next))} />
      <button type="button" onClick={() => setDay("2026-12-25")}>
        preset
      </button>
      <button type="button">elsewhere</button>
    </form>
  );
}

describe("DateInput", () => {
  it("masks typed digits as dd/mm/aaaa and gives the ISO day, in a hidden field for plain forms", () => {
    const onChange = vi.fn();
    const host = render(<ControlledDate onChange={onChange} />);
    const input = host.querySelector<HTMLInputElement>("#d")!;
    expect(input.type).toBe("text");
    expect(input.placeholder).toBe("dd/mm/aaaa");
    type(input, "01032026");
    expect(input.value).toBe("01/03/2026");
    expect(onChange).toHaveBeenLastCalledWith("2026-03-01");
    expect(host.querySelector<HTMLInputElement>("input[type=hidden][name=from]")?.value).toBe("2026-03-01");
  });

  it("names an impossible day in the UI's language when the field is left", () => {
    const onChange = vi.fn();
    const host = render(<ControlledDate onChange={onChange} />);
    const input = host.querySelector<HTMLInputElement>("#d")!;
    type(input, "31042026");
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/\d/));
    expect(host.textContent).not.toContain("não existe");
    blur(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(host.querySelector("[role=alert]")?.textContent).toBe("Essa data não existe no calendário.");
    expect(input.getAttribute("aria-describedby")).toBe("d-error");
  });

  it("says in English that a date is incomplete", () => {
    const host = render(<ControlledDate onChange={() => {}} />, "en");
    const input = host.querySelector<HTMLInputElement>("#d")!;
    expect(input.placeholder).toBe("dd/mm/yyyy");
    type(input, "0103");
    blur(input);
    expect(host.querySelector("[role=alert]")?.textContent).toMatch(/^Enter the whole date/);
  });

  it("shows a value set from outside (a preset) as dd/mm/aaaa", () => {
    const host = render(<ControlledDate onChange={() => {}} initial="2026-03-01" />);
    const input = host.querySelector<HTMLInputElement>("#d")!;
    expect(input.value).toBe("01/03/2026");
    act(() => host.querySelector<HTMLButtonElement>("button[type=button]:not([aria-label])")!.click());
    expect(input.value).toBe("25/12/2026");
  });

  it("opens a calendar from its button, moves by keyboard and picks a day", async () => {
    const onChange = vi.fn();
    const host = render(<ControlledDate onChange={onChange} initial="2026-03-10" />);
    const open = host.querySelector<HTMLButtonElement>("button[aria-label='Abrir calendário']")!;
    // The month grid is loaded on first use.
    await act(async () => {
      open.click();
      await import("./calendar");
    });
    const grid = host.querySelector("[role=grid]")!;
    expect(grid.getAttribute("aria-label")).toBe("março de 2026");
    expect((document.activeElement as HTMLElement).dataset.day).toBe("2026-03-10");
    act(() => grid.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true })));
    act(() => grid.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true })));
    expect((document.activeElement as HTMLElement).dataset.day).toBe("2026-03-18");
    act(() => (document.activeElement as HTMLButtonElement).click());
    expect(onChange).toHaveBeenLastCalledWith("2026-03-18");
    expect(host.querySelector<HTMLInputElement>("#d")!.value).toBe("18/03/2026");
    expect(host.querySelector("[role=grid]")).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});

describe("DateRangeInput", () => {
  function Range({ onChange }: { onChange: (r: DayRange) => void }) {
    const [range, setRange] = useState<DayRange>({ from: "", to: "" });
    return <DateRangeInput idPrefix="r" value={range} onChange={(r) => (setRange(r), onChange(r))} hint />;
  }

  it("labels its days From/To in the UI's language and says when the start is after the end", () => {
    const onChange = vi.fn();
    const host = render(<Range onChange={onChange} />);
    expect([...host.querySelectorAll("label")].map((l) => l.textContent)).toEqual(["De", "Até"]);
    type(host.querySelector<HTMLInputElement>("#r-from")!, "10032026");
    type(host.querySelector<HTMLInputElement>("#r-to")!, "01032026");
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-03-10", to: "2026-03-01" });
    expect(host.querySelector("#r-to-error")?.textContent).toBe("O dia inicial é depois do dia final.");
    expect(host.textContent).toContain("horário de Brasília");
  });
});

describe("AmountInput", () => {
  function Amount({ onCents }: { onCents: (c: number | null) => void }) {
    const [text, setText] = useState("");
    return <AmountInput id="a" value={text} onValueChange={setText} onCentsChange={onCents} />;
  }

  it.each([
    ["1.234,56", "1.234,56", 123456],
    ["1234,56", "1.234,56", 123456],
    ["1234.56", "1.234,56", 123456],
    ["R$ 10", "10,00", 1000],
    ["0,5", "0,50", 50],
  ])("reads %j as cents and shows it tidy once left", (typed, shown, cents) => {
    const onCents = vi.fn();
    const host = render(<Amount onCents={onCents} />);
    const input = host.querySelector<HTMLInputElement>("#a")!;
    type(input, typed);
    expect(onCents).toHaveBeenLastCalledWith(cents);
    blur(input);
    expect(input.value).toBe(shown);
    expect(host.querySelector("[role=alert]")).toBeNull();
  });

  it("keeps letters out, and more than two decimals", () => {
    const host = render(<Amount onCents={() => {}} />);
    const input = host.querySelector<HTMLInputElement>("#a")!;
    type(input, "12a,345");
    expect(input.value).toBe("12,34");
    type(input, ",9");
    expect(input.value).toBe("12,34");
  });

  it("says why an amount cannot be read, in the UI's language", () => {
    const other = render(<Amount onCents={() => {}} />, "en");
    const field = other.querySelector<HTMLInputElement>("#a")!;
    type(field, "1.2.3");
    blur(field);
    expect(other.querySelector("[role=alert]")?.textContent).toBe("This is not an amount: write it like 1.234,56.");
  });
});

describe("masked document and phone inputs", () => {
  function Doc() {
    const [text, setText] = useState("");
    return <DocumentInput id="doc" value={text} onValueChange={setText} />;
  }
  function Phone() {
    const [text, setText] = useState("");
    return <PhoneInput id="phone" value={text} onValueChange={setText} />;
  }

  it("punctuates a CPF as typed, and a CNPJ with letters", () => {
    const host = render(<Doc />);
    const input = host.querySelector<HTMLInputElement>("#doc")!;
    type(input, "12345678909");
    expect(input.value).toBe("123.456.789-09");
    expect(input.selectionStart).toBe(14);
    act(() => setValue.call(input, ""));
    type(input, "12abc34501de35");
    expect(input.value).toBe("12.ABC.345/01DE-35");
  });

  it("backspace over a dot the mask put in removes the digit before it", () => {
    const host = render(<Doc />);
    const input = host.querySelector<HTMLInputElement>("#doc")!;
    type(input, "1234");
    expect(input.value).toBe("123.4");
    act(() => input.setSelectionRange(4, 4)); // after the dot
    backspace(input);
    expect(input.value).toBe("124");
  });

  it("shapes a phone", () => {
    const host = render(<Phone />);
    const input = host.querySelector<HTMLInputElement>("#phone")!;
    type(input, "11912345678");
    expect(input.value).toBe("(11) 91234-5678");
    expect(input.type).toBe("tel");
  });
});
