/**
 * The test databases of the server projects: the dialect of the run (`TEST_DIALECT`), one
 * PostgreSQL database per test app, and where the run's template database is.
 */
import pg from 'pg';
import type { Dialect } from '../db/database';

/** The dialect of this test run (`TEST_DIALECT`, default sqlite). */
export const TEST_DIALECT: Dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

/** Where a server project's template database is: a SQLite file, or a PostgreSQL database name. */
export type ServerTemplate = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database of this server project (see testTemplate.ts). */
    serverTemplate: ServerTemplate;
  }
}

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/**
 * Creates a PostgreSQL database `<prefix>_<random>` (prefix default `pc`) for one test app: empty,
 * or a copy of the database `template` (`CREATE DATABASE … TEMPLATE`, see testTemplate.ts), through
 * the server at `admin` (default `TEST_DATABASE_URL`). Returns its URL and a dropper.
 */
export async function createTestPostgresDatabase(
  options: { prefix?: string; template?: string | undefined; admin?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = options.admin ?? adminUrl();
  const name = `${options.prefix ?? 'pc'}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(
      options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`,
    );
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
