import type { EditorImage } from '#app/modules/menu/menu-editor.service.server.ts';

/** The picture of a form row: its upload control, and the id the form submits. */
export function ImageField({ name, label, image }: { slug: string; kind: 'logo' | 'cover' | 'product' | 'category'; name: string; label: string; image: EditorImage }) {
  return (
    <div>
      <p className="font-medium">{label}</p>
      {image ? <img src={image.url} alt="" width={96} height={96} className="mt-1 size-24 rounded-md object-cover" /> : null}
      <input type="hidden" name={name} value={image?.id ?? ''} />
    </div>
  );
}
