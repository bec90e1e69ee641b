import { sql, type Kysely } from 'kysely';

/**
 * Pictures are stored as storage keys, and public URLs are built from the configuration on read
 * (docs/decisions/0013-image-keys.md): moving the bucket or adding a CDN is then a config change.
 * `product.imageUrl`, `category.imageUrl`, `restaurant.logoUrl` and `restaurant.coverImageUrl`
 * become `imageKey`, `logoKey`, `coverImageKey`; a URL under one of our bases becomes its key and
 * any other URL is kept as `ext:` + the URL (never deleted). `storedImage.url` goes (its `path`
 * is the key) and `storedImage.variants` maps widths to keys.
 *
 * Our bases are `/uploads/`, `S3_PUBLIC_URL` when the migrating process has it, and every base the
 * storedImage rows themselves show (their URL minus their key), so a bucket configured once and
 * since moved is still recognised. Portable SQL only: substr, length, replace, ||.
 */

const PICTURE_COLUMNS = [
  { table: 'product', from: 'imageUrl', to: 'imageKey' },
  { table: 'category', from: 'imageUrl', to: 'imageKey' },
  { table: 'restaurant', from: 'logoUrl', to: 'logoKey' },
  { table: 'restaurant', from: 'coverImageUrl', to: 'coverImageKey' },
] as const;

const EXTERNAL = 'ext:';

function withTrailingSlash(base: string): string {
  return `${base.replace(/\/+$/, '')}/`;
}

/** The URL a storedImage row was served at, minus its key, where the URL does end with the key. */
const rowBase = sql<string>`substr(${sql.ref('url')}, 1, length(${sql.ref('url')}) - length(${sql.ref('path')}))`;
const urlEndsWithKey = sql<boolean>`length(${sql.ref('url')}) > length(${sql.ref('path')}) and substr(${sql.ref('url')}, length(${sql.ref('url')}) - length(${sql.ref('path')}) + 1) = ${sql.ref('path')}`;

export async function up(db: Kysely<any>): Promise<void> {
  const learned = await db.selectFrom('storedImage').select(rowBase.as('base')).distinct().where(urlEndsWithKey).execute();
  const configured = process.env.S3_PUBLIC_URL ? [withTrailingSlash(process.env.S3_PUBLIC_URL)] : [];
  const bases = [...new Set(['/uploads/', ...configured, ...learned.map((row) => String(row.base))])].filter((base) => base.length > 1 && !base.startsWith(EXTERNAL));

  for (const { table, from, to } of PICTURE_COLUMNS) {
    await db.schema.alterTable(table).renameColumn(from, to).execute();
    const column = sql.ref(to);
    await db
      .updateTable(table)
      .set({ [to]: null })
      .where(to, '=', '')
      .execute();
    // first mark what is not ours, so a stripped key can never be taken for a URL again
    await db
      .updateTable(table)
      .set({ [to]: sql`${sql.lit(EXTERNAL)} || ${column}` })
      .where(to, 'is not', null)
      .where(({ and }) => and(bases.map((base) => sql<boolean>`substr(${column}, 1, ${sql.lit(base.length)}) <> ${sql.lit(base)}`)))
      .execute();
    for (const base of bases) {
      await db
        .updateTable(table)
        .set({ [to]: sql`substr(${column}, ${sql.lit(base.length + 1)})` })
        .where(sql<boolean>`substr(${column}, 1, ${sql.lit(base.length)}) = ${sql.lit(base)}`)
        .where(sql<boolean>`length(${column}) > ${sql.lit(base.length)}`)
        .execute();
    }
  }

  // variants: { "400": "<base><key>" } → { "400": "<key>" }; a row's variants share its JPEG's base
  await db
    .updateTable('storedImage')
    .set({ variants: sql`replace(${sql.ref('variants')}, '"' || ${rowBase}, '"')` })
    .where(urlEndsWithKey)
    .execute();
  await db.schema.alterTable('storedImage').dropColumn('url').execute();
}

/** Back to whole URLs, served from /uploads/ or, when the process has it, S3_PUBLIC_URL. */
export async function down(db: Kysely<any>): Promise<void> {
  const base = process.env.S3_PUBLIC_URL ? withTrailingSlash(process.env.S3_PUBLIC_URL) : '/uploads/';
  await db.schema
    .alterTable('storedImage')
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .updateTable('storedImage')
    .set({ url: sql`${sql.lit(base)} || ${sql.ref('path')}` })
    .execute();
  await db
    .updateTable('storedImage')
    .set({ variants: sql`replace(replace(${sql.ref('variants')}, ':"', ${sql.lit(`:"${base}`)}), ': "', ${sql.lit(`: "${base}`)})` })
    .execute();
  for (const { table, from, to } of PICTURE_COLUMNS) {
    const column = sql.ref(to);
    await db
      .updateTable(table)
      .set({
        [to]: sql`case when substr(${column}, 1, ${sql.lit(EXTERNAL.length)}) = ${sql.lit(EXTERNAL)} then substr(${column}, ${sql.lit(EXTERNAL.length + 1)}) else ${sql.lit(base)} || ${column} end`,
      })
      .where(to, 'is not', null)
      .execute();
    await db.schema.alterTable(table).renameColumn(to, from).execute();
  }
}
