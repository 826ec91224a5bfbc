import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { mailOutbox, notificationEvents, notifications } from "../../db/schema/index.ts";
import { createTestContext, TEST_PASSWORD } from "../../test/context.ts";

// Guessing one account's password from many addresses, each under the limits of one address: past a burst of
// failures the account cools down between attempts, its owner gets in after one cool-down (at once from an address
// they work from), and is told once.
const ctx = await createTestContext({
  LOGIN_ACCOUNT_SLOWDOWN_AFTER: "5",
  LOGIN_ACCOUNT_COOLDOWN_MAX_SECONDS: "8",
  // The tests play clients behind a proxy, each with its own forwarded address.
  TRUST_PROXY: "true",
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

let addresses = 0;
/** An address no test used before: one guesser of a botnet. */
function freshAddress(): string {
  addresses += 1;
  return `10.${Math.floor(addresses / 250)}.${addresses % 250}.7`;
}

function signIn(username: string, password: string, address = freshAddress(), lang = "en") {
  return ctx.app.inject({
    method: "POST",
    url: "/api/token/",
    headers: { "x-forwarded-for": address, "accept-language": lang },
    payload: { username, password },
  });
}

/** Guesses from as many fresh addresses, one after the other: their answers' statuses. */
async function guesses(username: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await signIn(username, `Guess-${i}-pass`)).statusCode);
  return statuses;
}

/** The user's entries of the failed sign-ins' kind. */
const noticesOf = (userId: number) =>
  ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.event_id))
    .where(and(eq(notifications.user_id, userId), eq(notificationEvents.kind, "sign_in_failures")));

/**
 * Stops the clock `seconds` from now (Date only: the database compares the times the API gives it), so that a
 * cool-down ends when the test says, not when a slow machine gets there.
 */
function clockAt(seconds: number) {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + seconds * 1000 });
}

describe("POST api/token/: one account guessed from many addresses", () => {
  it("past the burst, refuses the guesses with 429 and Retry-After, one guess checked per cool-down", async () => {
    clockAt(0);
    const user = await ctx.buildUser();
    // Five failures, each from its own address: all checked. The sixth starts the cool-down (2 s), and is checked
    expect(await guesses(user.username, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    const refused = await signIn(user.username, "Guess-7-pass", freshAddress(), "ru");
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(refused.json().detail).toMatch(/^Слишком много неудачных попыток войти в эту учётную запись/);
    // Twenty more from twenty addresses: none is checked, the right password neither
    expect(new Set(await guesses(user.username, 20))).toEqual(new Set([429]));
    expect((await signIn(user.username, TEST_PASSWORD)).statusCode).toBe(429);

    // Once the cool-down is over, guesses sent together get one turn between them
    clockAt(8);
    const together = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(user.username, `Together-${i}-pass`)),
    );
    const statuses = together.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, ...Array(9).fill(429)]);
  });

  it("lets the owner in after the cool-down, at an address new to the account too", async () => {
    clockAt(0);
    const user = await ctx.buildUser();
    await guesses(user.username, 10);
    const refused = await signIn(user.username, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    // The longest cool-down is 8 s: the owner waits it at most
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeLessThanOrEqual(8);
    clockAt(wait);
    const owner = await signIn(user.username, TEST_PASSWORD, freshAddress());
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("never slows the owner at an address they have signed in from", async () => {
    clockAt(0);
    const user = await ctx.buildUser();
    const home = freshAddress();
    expect((await signIn(user.username, TEST_PASSWORD, home)).statusCode).toBe(200);
    await guesses(user.username, 10);
    expect((await signIn(user.username, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await signIn(user.username, TEST_PASSWORD, home)).statusCode).toBe(200);
  });

  it("tells the user of a burst once, in the bell and by mail, in their language; again on a burst a day later", async () => {
    const user = await ctx.buildUser({ language: "en" });
    await guesses(user.username, 4);
    expect(await noticesOf(user.id)).toHaveLength(0);
    await guesses(user.username, 30);
    expect(await noticesOf(user.id)).toHaveLength(1);

    const list = await (await ctx.as(user)).get("/api/notifications/");
    expect(list.json().results[0]).toMatchObject({
      kind: "sign_in_failures",
      title: "Many failed attempts to sign in to your account",
      link: "/profile",
    });
    expect(list.json().results[0].text).toMatch(/^Failed attempts in 15 min: 5\nIf it was not you/);
    await expect
      .poll(
        async () =>
          (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.user_id, user.id)))[0]?.subject,
        { timeout: 20_000 },
      )
      .toMatch(/Many failed attempts to sign in to your account/);

    // The next day the window and the notice's day are over: a new burst is told again
    clockAt(25 * 60 * 60);
    await guesses(user.username, 5);
    expect(await noticesOf(user.id)).toHaveLength(2);
  });

  it("tells nobody of failures under the burst, nor of guesses at a name no account has", async () => {
    const user = await ctx.buildUser();
    expect(await guesses(user.username, 4)).toEqual([401, 401, 401, 401]);
    expect((await signIn(user.username, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await noticesOf(user.id)).toHaveLength(0);
    const before = await ctx.db.$count(notificationEvents);
    await guesses("nobody-by-this-name", 12);
    expect(await ctx.db.$count(notificationEvents)).toBe(before);
  });
});
