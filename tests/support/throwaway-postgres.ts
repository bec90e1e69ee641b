import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new PostgreSQL database on the server `adminUrl` points at, for one test file or one browser
 * run: empty, or a copy of `template` (a database no one is connected to); `drop()` removes it even
 * while connections are open.
 */
export async function createThrowawayPostgres(adminUrl: string, prefix: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (template) await copyTemplate(run, name, template);
  else await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Drops every database whose name starts with `prefix` and a `_` (those `createThrowawayPostgres(adminUrl, prefix)`
 * made), 16 at a time. Each DROP DATABASE waits for a checkpoint (PostgreSQL 15: 1.3-2.9 s each on a 2-core host at load 5,
 * docs/performance.md, session 18); drops sent together share one, so a batch costs about what one drop does.
 */
export async function dropThrowawayPostgres(adminUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${prefix}_`]);
    names = rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
  for (let i = 0; i < names.length; i += 16) {
    await Promise.all(
      names.slice(i, i + 16).map(async (name) => {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await dropper.end();
        }
      }),
    );
  }
}

/**
 * `CREATE DATABASE … TEMPLATE`: PostgreSQL refuses while another session is connected to the
 * template, which a copy running at the same moment from another test worker briefly is; wait and retry.
 */
async function copyTemplate(run: (statement: string) => Promise<void>, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
