import type { Db } from "./client.ts";

/**
 * What the repositories whose queries also run inside a write's transaction share: their connection (`db`, the pool
 * or a transaction) and `in(tx)`, the same queries inside a transaction. Nothing else: a repository holds its own
 * queries, and a service receives only the repositories it uses.
 */
export abstract class Repo {
  constructor(protected readonly db: Db) {}

  /** The same queries inside a transaction: a copy of this repository over `db`, its other dependencies shared. */
  in(db: Db): this {
    return Object.assign(Object.create(Object.getPrototypeOf(this)) as this, this, { db });
  }
}
