import pg from "pg";

/** Runs one statement on the server's maintenance connection (databases are created and dropped outside them). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
