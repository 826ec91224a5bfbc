import pg from "pg";

/** Runs one statement on the PostgreSQL server at `url` (creating or dropping a bench's database). */
export async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
