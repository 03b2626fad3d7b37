import { describe, expect, it } from "vitest";
import { encodeWindows1252, toWinAnsi } from "./win-ansi";

describe("toWinAnsi", () => {
  it("keeps Portuguese and the typographic marks of Windows-1252 as they are", () => {
    const text = "José Conceição — Ação “Ltda” € ºª çÇãõ";
    expect(toWinAnsi(text)).toBe(text);
  });
  it("drops accents Windows-1252 lacks and puts ? for other scripts and emoji", () => {
    expect(toWinAnsi("Erdős Ňa")).toBe("Erdos Na");
    expect(toWinAnsi("Дмитрий 王 😀 x")).toBe("??????? ? ? x");
  });
  it("turns line breaks and tabs into one space", () => {
    expect(toWinAnsi("a\r\n\tb")).toBe("a b");
  });
});

describe("encodeWindows1252", () => {
  it("writes one byte per character, Latin-1 as itself and the 0x80-0x9F marks by their table", () => {
    expect([...encodeWindows1252("Aé€—")]).toEqual([0x41, 0xe9, 0x80, 0x97]);
    expect([...encodeWindows1252("王")]).toEqual([0x3f]);
  });
  it("keeps line breaks (a file's lines) while toWinAnsi flattens them", () => {
    expect([...encodeWindows1252("a\r\nb\nç")]).toEqual([0x61, 0x0d, 0x0a, 0x62, 0x0a, 0xe7]);
  });
});
