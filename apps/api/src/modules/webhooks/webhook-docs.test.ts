import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../../test/webhook-receiver.ts";
import { AddressGuard } from "./address-guard.ts";
import { newWebhookSecret, sendWebhook } from "./sender.ts";

// The signature checks docs/integrations.md gives customers, in Node and in Python, run as written against messages
// the portal's own sender signs and sends to a real receiver: they accept them, and refuse a changed byte, another
// secret and an old timestamp.

const DOC = readFileSync(new URL("../../../../../docs/integrations.md", import.meta.url), "utf8");

/** The doc's code block that begins with `first` (its file name comment). */
function snippet(language: string, first: string): string {
  const block = [...DOC.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))]
    .map((match) => match[1] ?? "")
    .find((code) => code.startsWith(first));
  if (!block) throw new Error(`docs/integrations.md has no ${language} block beginning ${first}`);
  return block;
}

const dir = mkdtempSync(join(tmpdir(), "webhook-docs-"));
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

type Case = { secret: string; headers: Record<string, string>; body: string; now?: number };

/** Messages as the portal sends them: one secret, and two during a rotation; with what must be refused. */
async function cases(): Promise<{ accepted: Case[]; refused: Case[] }> {
  const current = newWebhookSecret();
  const previous = newWebhookSecret();
  const body = JSON.stringify({
    type: "order_paid",
    timestamp: new Date().toISOString(),
    data: { id: 1, comment: "Ставка «март»" },
  });
  const options = {
    guard: new AddressGuard("127.0.0.1/32"),
    allowHttp: true,
    timeoutMs: 5000,
    signal: new AbortController().signal,
  };
  for (const [path, secrets] of [
    ["/ok-one", [current]],
    ["/ok-two", [current, previous]],
  ] as const) {
    const outcome = await sendWebhook(
      receiver.url(path),
      { id: `msg_${path}`, body, secrets: [...secrets] },
      options,
    );
    expect(outcome.status).toBe(200);
  }
  const asCase = (path: string, secret: string): Case => {
    const message = receiver.at(path).at(-1);
    if (!message) throw new Error(`nothing received at ${path}`);
    return {
      secret,
      headers: {
        "webhook-id": message.id,
        "webhook-timestamp": message.timestamp,
        "webhook-signature": message.signature,
      },
      body: message.body,
    };
  };
  const one = asCase("/ok-one", current);
  return {
    accepted: [one, asCase("/ok-two", current), asCase("/ok-two", previous)],
    refused: [
      { ...one, body: one.body.replace('"id":1', '"id":2') },
      { ...one, secret: newWebhookSecret() },
      { ...one, headers: { ...one.headers, "webhook-id": "msg_other" } },
      { ...one, now: Number(one.headers["webhook-timestamp"]) + 600 },
    ],
  };
}

describe("the signature checks of docs/integrations.md", () => {
  it("in Node: accept the portal's messages, refuse a changed one", async () => {
    const file = join(dir, "verify-webhook.mjs");
    writeFileSync(file, snippet("js", "// verify-webhook.mjs"));
    const { accepted, refused } = await cases();
    const run = (list: Case[]) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            "--input-type=module",
            "-e",
            `import { verifyWebhook } from ${JSON.stringify(file)};
             const cases = JSON.parse(process.argv[1]);
             console.log(JSON.stringify(cases.map((c) => verifyWebhook(c.secret, c.headers, c.body, c.now))));`,
            JSON.stringify(list),
          ],
          { encoding: "utf8" },
        ),
      );
    expect(run(accepted)).toEqual([true, true, true]);
    expect(run(refused)).toEqual([false, false, false, false]);
  });

  const python = spawnSync("python3", ["--version"]).status === 0;
  it.skipIf(!python)("in Python: accept the portal's messages, refuse a changed one", async () => {
    writeFileSync(join(dir, "verify_webhook.py"), snippet("python", "# verify_webhook.py"));
    const { accepted, refused } = await cases();
    const run = (list: Case[]) =>
      JSON.parse(
        execFileSync(
          "python3",
          [
            "-c",
            `import json, sys
from verify_webhook import verify_webhook
cases = json.loads(sys.argv[1])
print(json.dumps([verify_webhook(c["secret"], c["headers"], c["body"], c.get("now")) for c in cases]))`,
            JSON.stringify(list),
          ],
          { encoding: "utf8", cwd: dir },
        ),
      );
    expect(run(accepted)).toEqual([true, true, true]);
    expect(run(refused)).toEqual([false, false, false, false]);
  });
});
