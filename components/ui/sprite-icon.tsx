import type { SpriteIconName } from "./icon-sprite";

/** One use of an icon of the document's sprite (icon-sprite.tsx); size and colour by className. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
