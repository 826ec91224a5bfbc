import { describe, expect, it } from "vitest";
import type { Db } from "./client.ts";
import { Repo } from "./repo.ts";

class NamesRepo extends Repo {
  constructor(
    db: Db,
    private readonly names: string[],
  ) {
    super(db);
  }

  connection(): Db {
    return this.db;
  }

  firstName(): string | undefined {
    return this.names[0];
  }
}

describe("Repo.in", () => {
  it("answers the same repository over the transaction, with its other dependencies, and leaves the first as it was", () => {
    const pool = { name: "pool" } as unknown as Db;
    const tx = { name: "tx" } as unknown as Db;
    const repo = new NamesRepo(pool, ["Амур"]);
    const inTx = repo.in(tx);
    expect(inTx).toBeInstanceOf(NamesRepo);
    expect(inTx.connection()).toBe(tx);
    expect(inTx.firstName()).toBe("Амур");
    expect(repo.connection()).toBe(pool);
  });
});
