// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_BATCH_BYTES } from "@/lib/batches/limits";
import { renderWithIntl } from "./render-with-intl";
import { fileRefusal, formatFileSize, UploadDropzone } from "./upload-dropzone";

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  vi.restoreAllMocks();
});

function render(props: Partial<Parameters<typeof UploadDropzone>[0]> = {}, locale: "en" | "pt-BR" = "en") {
  const onFile = vi.fn();
  const rendered = renderWithIntl(<UploadDropzone onFile={onFile} {...props} />, locale);
  unmount = rendered.unmount;
  const host = rendered.host;
  return {
    host,
    onFile,
    input: host.querySelector<HTMLInputElement>('input[type="file"]')!,
    button: host.querySelector<HTMLButtonElement>("button")!,
  };
}

const csvFile = (name = "lote.csv", size = 1536) => {
  const file = new File(["x"], name, { type: name.endsWith(".csv") ? "text/csv" : "" });
  Object.defineProperty(file, "size", { value: size });
  return file;
};

function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, "files", { configurable: true, value: [file] });
  act(() => input.dispatchEvent(new Event("change", { bubbles: true })));
}

function drop(zone: Element, file: File) {
  const event = new Event("drop", { bubbles: true, cancelable: true });
  Object.defineProperty(event, "dataTransfer", { value: { files: [file] } });
  act(() => zone.dispatchEvent(event));
  return event;
}

describe("UploadDropzone", () => {
  it("opens the file picker from a real button; the input stays out of the tab order and accepts CSV/XLSX", () => {
    const { input, button } = render();
    const click = vi.spyOn(input, "click").mockImplementation(() => {});
    expect(button.textContent).toBe("Choose a file");
    expect(button.type).toBe("button");
    act(() => button.click());
    expect(click).toHaveBeenCalledTimes(1);
    expect(input.tabIndex).toBe(-1);
    expect(input.accept).toContain(".csv");
    expect(input.accept).toContain(".xlsx");
  });

  it("hands a picked CSV to onFile and shows its name and size", () => {
    const { host, input, button, onFile } = render();
    const file = csvFile();
    choose(input, file);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(host.querySelector('[data-testid="batch-file-chosen"]')?.textContent).toBe("Chosen file: lote.csv (1,5 kB)");
    expect(button.textContent).toBe("Choose another file");
  });

  it("hands a dropped XLSX to onFile", () => {
    const { host, onFile } = render();
    const file = csvFile("março.xlsx", 20_000);
    const event = drop(host.querySelector('[data-testid="batch-dropzone"]')!, file);
    expect(event.defaultPrevented).toBe(true);
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it("refuses other types and files over the limit, saying why, without calling onFile", () => {
    const { host, input, onFile } = render({}, "pt-BR");
    choose(input, csvFile("foto.png"));
    expect(host.querySelector('[role="alert"]')?.textContent).toBe("“foto.png” não é um arquivo CSV nem XLSX.");
    choose(input, csvFile("grande.csv", MAX_BATCH_BYTES + 1));
    expect(host.querySelector('[role="alert"]')?.textContent).toBe("“grande.csv” passa de 5 MB.");
    expect(onFile).not.toHaveBeenCalled();
  });

  it("does nothing while disabled", () => {
    const { host, input, button, onFile } = render({ disabled: true });
    expect(button.disabled).toBe(true);
    choose(input, csvFile());
    drop(host.querySelector('[data-testid="batch-dropzone"]')!, csvFile());
    expect(onFile).not.toHaveBeenCalled();
  });

  it("links to the template as a download", () => {
    const { host } = render({}, "pt-BR");
    const link = host.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("/api/batches/template.csv");
    expect(link.hasAttribute("download")).toBe(true);
    expect(link.textContent).toBe("Baixar o modelo (CSV)");
  });
});

describe("fileRefusal and formatFileSize", () => {
  it("knows CSV and XLSX by name or type", () => {
    expect(fileRefusal({ name: "A.CSV", type: "", size: 10 })).toBeNull();
    expect(fileRefusal({ name: "lote", type: "text/csv", size: 10 })).toBeNull();
    expect(fileRefusal({ name: "lote.xls", type: "application/vnd.ms-excel", size: 10 })).toBe("wrongType");
  });

  it("writes sizes the Brazilian way", () => {
    expect(formatFileSize(512)).toBe("0,5 kB");
    expect(formatFileSize(2_500_000)).toBe("2,4 MB");
  });
});
