import type { EditorImage } from '#app/modules/editing/editor-image.ts';
import { ImageUpload } from './image-upload.tsx';

/** The picture of a form row: the upload control, reset whenever the saved picture changes. */
export function ImageField({ slug, kind, name, label, image }: { slug: string; kind: 'logo' | 'cover' | 'product' | 'category'; name: string; label: string; image: EditorImage }) {
  return <ImageUpload key={image?.url ?? 'none'} slug={slug} kind={kind} name={name} label={label} defaultImage={image} />;
}
