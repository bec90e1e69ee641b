import type { Kysely } from 'kysely';

/**
 * A menu photo or PDF waiting for (or done with) recognition (app/modules/import, decision 0020):
 * the prepared image while an `import.ocr` job reads it, then the candidate rows the review grid
 * shows. Nothing here is ever shown to a guest; drafts older than a day are deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('importDraft')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    // pending | running | done | failed
    .addColumn('status', 'text', (c) => c.notNull())
    // 0–100
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    // the prepared image (grayscale PNG), base64; cleared once read
    .addColumn('image', 'text')
    // JSON: the candidate rows, once done
    .addColumn('rows', 'text')
    .addColumn('error', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('importDraft_restaurantId_idx').on('importDraft').column('restaurantId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('importDraft').ifExists().execute();
}
