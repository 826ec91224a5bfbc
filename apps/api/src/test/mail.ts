import { eq } from "drizzle-orm";
import { mailOutbox } from "../db/schema/index.ts";
import type { TestContext } from "./context.ts";

/**
 * The mail tests' world on a test file's context: the forwarder with an administrator and a manager, clients of
 * companies of their own made on demand, an event for one user, and a user's outbox.
 */
export async function mailWorld(ctx: TestContext) {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const administrator = await ctx.buildUser({
    company_id: forwarder.id,
    roles: ["Manager"],
    is_administrator: true,
  });
  const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  let sequence = 0;

  /** A client of a company of their own, with an address of their own. */
  async function buildClient(values: { language?: string; is_administrator?: boolean } = {}) {
    sequence += 1;
    const company = await ctx.buildCompany();
    const email = `api-client-${sequence}-${Date.now()}@example.com`;
    const user = await ctx.buildUser({ company_id: company.id, email, ...values });
    return { company, user, email };
  }

  /** A registration confirmed: an event for the user alone. */
  async function emitApproved(userId: number) {
    const [entry] = await ctx.db.transaction((tx) =>
      ctx.services.notifications.emit(tx, {
        kind: "signup_approved",
        actor: { id: manager.id, is_manager: true },
        company_id: null,
        object_type: "user",
        object_id: userId,
      }),
    );
    return entry;
  }

  const outboxOf = (userId: number) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.user_id, userId));

  return { administrator, manager, buildClient, emitApproved, outboxOf };
}
