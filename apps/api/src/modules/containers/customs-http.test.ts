import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useContainerTests } from "../../test/containers.ts";
import { buildDocuments, buildDocumentTypes, untilPackage } from "../../test/customs.ts";
import { type CustomsPackage, CustomsRefused, CustomsUnavailable } from "./customs-gateway.ts";
import { httpCustomsGateway } from "./customs-http.ts";

// The HTTP adapter against a fake customs declaration system on the loopback (port 0): the calls it makes, the
// answers it reads, and how it sorts failures; then the exchange through it, retrying a 5xx and stopping at a 4xx.

interface Call {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}
type Answer = { status: number; json?: unknown } | "hang";

const calls: Call[] = [];
/** What the fake system answers the next calls, in turn (the last one again when they run out). */
let answers: Answer[] = [];
let server: Server;
let baseUrl = "";
const env: Record<string, string> = { CUSTOMS_GATEWAY: "http", CUSTOMS_TOKEN: "secret-token" };

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : null;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    calls.push({
      method: request.method ?? "",
      url: request.url ?? "",
      authorization: request.headers.authorization,
      body: await readBody(request),
    });
    const answer = (answers.length > 1 ? answers.shift() : answers[0]) ?? { status: 500 };
    if (answer === "hang") return;
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(answer.json === undefined ? "" : JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Read by the test context's configuration, made after this
  env.CUSTOMS_URL = `${baseUrl}/api/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const { ctx, world } = useContainerTests(env);

const PACKAGE: CustomsPackage = {
  pkg_pid: 42,
  container: "CSQU3054383",
  freight_order: 7,
  border_crossing: { code: "946801", name: "Забайкальск" },
  documents: [
    {
      id: 1,
      filename: "invoice.pdf",
      content_type: "application/pdf",
      document_number: "INV-1",
      document_date: "2026-11-20",
      document_type: "Инвойс (счёт-проформа)",
      document_type_en: "Commercial invoice",
      read: async () => Buffer.from("%PDF-1.4 invoice"),
    },
  ],
};
const ACCEPTED = {
  state: "accepted",
  message: "ТД зарегистрирована",
  declaration: {
    td_number: "10702070/261126/5012345",
    td_date: "2026-11-26",
    td_allowed_date: "2026-11-26",
    status: "Выпуск разрешён",
    status_date: "2026-11-26",
  },
  labels: [{ name: "Выпуск разрешён", color: "#2E7D32" }],
};

const gateway = (timeoutSeconds = 5) =>
  httpCustomsGateway({ url: `${baseUrl}/api/v1/`, token: "secret-token", timeoutSeconds });
const signal = () => new AbortController().signal;

describe("httpCustomsGateway", () => {
  it("sends the package with its documents' bytes and reads the system's answers", async () => {
    calls.length = 0;
    answers = [
      { status: 202, json: { state: "uploaded", message: "Принят", check_after_seconds: 5 } },
      { status: 200, json: ACCEPTED },
      { status: 200, json: { state: "withdrawn", message: "Отозван" } },
    ];
    expect(await gateway().submit(PACKAGE, signal())).toEqual({
      state: "uploaded",
      message: "Принят",
      checkAfterSeconds: 5,
    });
    expect(await gateway().status(PACKAGE, signal())).toEqual({
      state: "accepted",
      message: "ТД зарегистрирована",
      declaration: {
        td_number: "10702070/261126/5012345",
        td_date: "2026-11-26",
        td_allowed_date: "2026-11-26",
        transit_decl_status: "Выпуск разрешён",
        transit_decl_status_date: "2026-11-26",
      },
      labels: [{ name: "Выпуск разрешён", color: "#2e7d32" }],
    });
    expect(await gateway().withdraw(PACKAGE, signal())).toEqual({ state: "withdrawn", message: "Отозван" });
    expect(calls.map((call) => [call.method, call.url, call.authorization])).toEqual([
      ["POST", "/api/v1/packages/", "Bearer secret-token"],
      ["GET", "/api/v1/packages/42/", "Bearer secret-token"],
      ["DELETE", "/api/v1/packages/42/", "Bearer secret-token"],
    ]);
    expect(calls[0]?.body).toMatchObject({
      pkg_pid: 42,
      container: "CSQU3054383",
      border_crossing: { code: "946801" },
      documents: [
        {
          filename: "invoice.pdf",
          document_type: "Инвойс (счёт-проформа)",
          content_base64: Buffer.from("%PDF-1.4 invoice").toString("base64"),
        },
      ],
    });
  });

  it("takes a 422 as the system's rejection, a 404 on withdrawal as withdrawn, other 4xx as refused for good", async () => {
    answers = [{ status: 422, json: { message: "Не указан вес брутто" } }];
    expect(await gateway().submit(PACKAGE, signal())).toEqual({
      state: "rejected",
      message: "Не указан вес брутто",
    });
    answers = [{ status: 404, json: { message: "Пакет не найден" } }];
    expect(await gateway().withdraw(PACKAGE, signal())).toEqual({
      state: "withdrawn",
      message: "Пакет не найден",
    });
    answers = [{ status: 403, json: { message: "Токен отозван" } }];
    const refused = gateway().status(PACKAGE, signal());
    await expect(refused).rejects.toThrow(CustomsRefused);
    await expect(refused).rejects.toThrow("Токен отозван (403)");
  });

  it("takes a 5xx, a 429, an answer off the contract, a timeout and a refused connection as worth retrying", async () => {
    for (const answer of [
      { status: 503 },
      { status: 429 },
      { status: 200, json: { state: "lost" } },
      { status: 200, json: "<html>" },
    ]) {
      answers = [answer];
      await expect(gateway().submit(PACKAGE, signal())).rejects.toThrow(CustomsUnavailable);
    }
    answers = ["hang"];
    await expect(gateway(0.3).status(PACKAGE, signal())).rejects.toThrow(
      "Система таможенного декларирования не ответила за 0.3 с",
    );
    // A port nothing listens on any more
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, "127.0.0.1", resolve));
    const { port } = gone.address() as AddressInfo;
    await new Promise((resolve) => gone.close(resolve));
    const closed = httpCustomsGateway({ url: `http://127.0.0.1:${port}`, timeoutSeconds: 5 });
    await expect(closed.status(PACKAGE, signal())).rejects.toThrow(
      "Система таможенного декларирования недоступна (ECONNREFUSED)",
    );
  });
});

describe("the exchange through the HTTP adapter", () => {
  let types: Awaited<ReturnType<typeof buildDocumentTypes>> | undefined;
  async function sendPackage() {
    types ??= await buildDocumentTypes(ctx.db);
    const { client, order, container } = await world();
    const own = await order();
    const files = await buildDocuments(ctx.db, ctx.config.FILES_DIR, types, own, ["invoice", "smgs"]);
    const { id } = await container(own.id);
    const made = await (await ctx.as(client)).patch(`/tracking/api/freight_orders/${own.id}/containers/`, {
      container: id,
      package_content: files,
    });
    expect(made.statusCode, made.body).toBe(200);
    return { id, pkgPid: made.json().pkg_pid as number };
  }

  it("retries a 5xx and takes the declaration the system issued", async () => {
    calls.length = 0;
    answers = [
      { status: 502 },
      { status: 202, json: { state: "uploaded", check_after_seconds: 0 } },
      { status: 200, json: ACCEPTED },
    ];
    const { id, pkgPid } = await sendPackage();
    const accepted = await untilPackage(ctx.db, id, "accepted");
    expect(accepted).toMatchObject({ td_number: "10702070/261126/5012345", td_date: "2026-11-26" });
    expect(calls.map((call) => call.method)).toEqual(["POST", "POST", "GET"]);
    expect(await ctx.jobs.find(ctx.services.customs.jobTypes.submit, `${id}:${pkgPid}`)).toMatchObject({
      state: "completed",
      attempt: 1,
    });
  });

  it("stops at a refusal: processing_error with the system's message, no retry", async () => {
    calls.length = 0;
    answers = [{ status: 400, json: { message: "Неверный код таможенного поста" } }];
    const { id } = await sendPackage();
    const failed = await untilPackage(ctx.db, id, "processing_error");
    expect(failed.pkg_message).toBe("Неверный код таможенного поста (400)");
    expect(calls).toHaveLength(1);
  });
});
