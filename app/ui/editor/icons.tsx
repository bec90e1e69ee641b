import { ArrowDown, ArrowUp, ChevronDown, Copy, Eye, EyeOff, GripVertical, MapPin, Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';

/**
 * The editor's icons, drawn once per page as an SVG sprite and referenced with `<use>`: a
 * 500-dish editor shows each icon hundreds of times, and a full inline SVG per use cost about
 * 2 KB of HTML and a dozen DOM nodes per dish row (bench:admin).
 */
const ICONS = {
  'arrow-down': ArrowDown,
  'arrow-up': ArrowUp,
  'chevron-down': ChevronDown,
  copy: Copy,
  eye: Eye,
  'eye-off': EyeOff,
  grip: GripVertical,
  'map-pin': MapPin,
  pencil: Pencil,
  plus: Plus,
  trash: Trash2,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

/** Rendered once, near the top of the editor's frame; every <Icon> points into it. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute size-0 overflow-hidden">
      {Object.entries(ICONS).map(([name, Drawn]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Drawn />
        </symbol>
      ))}
    </svg>
  );
}

/** One icon from the sprite, decorative (the control around it carries the name). */
export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
