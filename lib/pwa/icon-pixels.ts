import { PNG } from "pngjs";

/**
 * The app's icon (app/icon.svg: a teal tile with the Pix-like diamond) drawn as PNG pixels for
 * the web app manifest, which needs 192 and 512 px bitmaps. `maskable`: the tile fills the whole
 * square and the mark stays inside the central 80 % circle that every launcher's mask keeps.
 * scripts/make-icons.ts writes them to public/icons/; icon-pixels.test.ts holds the committed
 * files equal to what this draws.
 */
const TEAL = [0x0f, 0x76, 0x6e] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
const SAMPLES = 4;

type Shape = (x: number, y: number) => "tile" | "mark" | "none";

/** The icon in a 32-unit square (the SVG's own units). */
function shapeOf(maskable: boolean): Shape {
  // Maskable: the mark shrinks to 70 % around the centre so it stays in the safe zone.
  const scale = maskable ? 0.7 : 1;
  return (x, y) => {
    const inTile = maskable || roundedRect(x, y, 32, 7);
    if (!inTile) return "none";
    const cx = (x - 16) / scale;
    const cy = (y - 16) / scale;
    const d = Math.abs(cx) + Math.abs(cy);
    // Outer diamond outline (radius 9.5, stroke 2.6) and the solid inner diamond (radius 3.8).
    const ring = Math.abs(d - 9.5) <= 1.3 * Math.SQRT2;
    return ring || d <= 3.8 ? "mark" : "tile";
  };
}

function roundedRect(x: number, y: number, size: number, r: number): boolean {
  const qx = Math.max(r - x, 0, x - (size - r));
  const qy = Math.max(r - y, 0, y - (size - r));
  return qx * qx + qy * qy <= r * r;
}

export function iconPng(size: number, maskable: boolean): Buffer {
  const png = new PNG({ width: size, height: size });
  const shape = shapeOf(maskable);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let mark = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const s = shape(((px + (sx + 0.5) / SAMPLES) * 32) / size, ((py + (sy + 0.5) / SAMPLES) * 32) / size);
          if (s === "tile") tile++;
          else if (s === "mark") mark++;
        }
      }
      const total = SAMPLES * SAMPLES;
      const alpha = (tile + mark) / total;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) png.data[i + c] = alpha ? Math.round((TEAL[c]! * tile + WHITE[c]! * mark) / (tile + mark)) : 0;
      png.data[i + 3] = Math.round(alpha * 255);
    }
  }
  return PNG.sync.write(png, { colorType: 6 });
}

/** The files of public/icons/ and how each is drawn. */
export const ICON_FILES = [
  { name: "icon-192.png", size: 192, maskable: false },
  { name: "icon-512.png", size: 512, maskable: false },
  { name: "maskable-192.png", size: 192, maskable: true },
  { name: "maskable-512.png", size: 512, maskable: true },
  { name: "apple-touch-icon.png", size: 180, maskable: true },
] as const;
