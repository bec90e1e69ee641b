/** Romanian strings of the image feature of the restaurant admin, spread into ro.ts. */
export const imageRo = {
  imageUpload: {
    choose: 'Alege o imagine',
    replace: 'Înlocuiește imaginea',
    hint: 'Fotografie JPEG, PNG, WebP, AVIF sau GIF, de cel mult {{maxMb}} MB.',
    uploading: 'Se încarcă imaginea…',
    progress: 'Progresul încărcării: {{label}}',
    cancel: 'Anulează încărcarea',
    cancelled: 'Încărcarea a fost anulată.',
    uploaded: 'Imaginea a fost încărcată. Salvează formularul ca să o păstrezi.',
    preview: 'Previzualizare: {{label}}',
    none: 'Nicio imagine aleasă.',
    remove: 'Elimină imaginea',
    removed: 'Imaginea a fost eliminată. Salvează formularul ca modificarea să rămână.',
    failed: 'Încărcarea nu a reușit. Verifică conexiunea și încearcă din nou.',
    sessionExpired: 'Sesiunea a expirat. Reîncarcă pagina și intră din nou în cont.',
  },
};
