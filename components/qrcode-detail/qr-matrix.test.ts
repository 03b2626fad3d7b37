import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { qrMatrix, QUIET_ZONE } from "./qr-matrix";

/** Paints the SVG path's rectangles into an RGBA buffer, `scale` pixels per module. */
function rasterize(size: number, path: string, scale = 4): { data: Uint8ClampedArray; width: number } {
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const m of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, len] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let py = y * scale; py < (y + 1) * scale; py++) {
      for (let px = x * scale; px < (x + len) * scale; px++) {
        const i = (py * width + px) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width };
}

const STATIC_CODE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

describe("qrMatrix", () => {
  it("draws a symbol that decodes back to the same copy-and-paste text", () => {
    const { size, path } = qrMatrix(STATIC_CODE);
    const { data, width } = rasterize(size, path);
    expect(jsQR(data, width, width)?.data).toBe(STATIC_CODE);
  });

  it("keeps a quiet zone of 4 white modules around the symbol", () => {
    const { size, path } = qrMatrix("hello");
    const coords = [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])] as const);
    expect(Math.min(...coords.map(([x]) => x))).toBe(QUIET_ZONE);
    expect(Math.min(...coords.map(([, y]) => y))).toBe(QUIET_ZONE);
    expect(Math.max(...coords.map(([x, , len]) => x + len))).toBe(size - QUIET_ZONE);
  });

  it("refuses empty text (the page then says why there is no image)", () => {
    expect(() => qrMatrix("")).toThrow();
  });
});
