import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { PdfBuilder } from "../../documents/pdf-builder.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import type { Db } from "../client.ts";
import {
  companies,
  documentTypes,
  freightOrderFiles,
  freightOrderHistory,
  freightOrders,
} from "../schema/index.ts";

/** The statuses from Signed on: their orders keep the signed order they moved into Signed with. */
const SIGNED_STATUSES = [5, 6, 7];

/**
 * The documents a demo order has by its status (the later, the more): each with its document type (by the type's
 * English title), a file name, a number and a title.
 */
const DOCUMENTS: { from: number[]; type: string; file: string; number: string; title: string }[] = [
  { from: [1, 3, 4, 2, 5, 6, 7], type: "Commercial invoice", file: "Инвойс", number: "INV", title: "Инвойс" },
  {
    from: [3, 4, 2, 5, 6, 7],
    type: "Packing list",
    file: "Упаковочный лист",
    number: "PL",
    title: "Упаковочный лист",
  },
  {
    from: [2, 5, 6, 7],
    type: "Contract specification",
    file: "Спецификация",
    number: "SP",
    title: "Спецификация к контракту",
  },
  // From Approved on, when the railway takes the order: a package for the transit declaration needs a transport
  // document beside the invoice (docs/customs.md, the simulator's rule)
  {
    from: [2, 5, 6, 7],
    type: "SMGS railway consignment note",
    file: "Накладная СМГС",
    number: "СМГС",
    title: "Железнодорожная накладная СМГС",
  },
];

/**
 * The demo orders' documents and signed orders (docs/decisions.md, "Files and uploads"): one-page PDFs that
 * say what they are, in the file storage. An order from Signed on keeps its signed order, named by the order and
 * by its move into Signed in the history. Orders are taken as the demo seeded them.
 */
export async function seedOrderFiles(db: Db, storage: FileStorage): Promise<void> {
  // A thread of the seed's own: it runs once, before the server answers anyone
  const pdf = new PdfBuilder({ threads: 1, perUser: 1 });
  try {
    await seedFiles(db, storage, pdf);
  } finally {
    await pdf.close();
  }
}

async function seedFiles(db: Db, storage: FileStorage, pdf: PdfBuilder): Promise<void> {
  const types = new Map((await db.select().from(documentTypes)).map((row) => [row.title_en, row.id]));
  const orders = await db
    .select({
      id: freightOrders.id,
      status: freightOrders.status,
      author: freightOrders.author_id,
      number: freightOrders.customer_order_number,
      company: companies.name,
      created: freightOrders.create_date,
    })
    .from(freightOrders)
    .innerJoin(companies, eq(companies.id, freightOrders.company_id))
    .orderBy(asc(freightOrders.id));
  for (const order of orders) {
    const day = (offset: number) =>
      new Date(order.created.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const store = async (kind: "document" | "signed", filename: string, lines: string[]) => {
      const bytes = await pdf.build({ kind: "note", lines });
      const key = `orders/${order.id}/${randomUUID()}`;
      await storage.put(key, bytes);
      const [row] = await db
        .insert(freightOrderFiles)
        .values({
          freight_order_id: order.id,
          kind,
          storage_key: key,
          filename,
          content_type: "application/pdf",
          size: bytes.length,
          author_id: order.author,
          create_date: order.created,
        })
        .returning({ id: freightOrderFiles.id });
      if (!row) throw new Error("demo file not created");
      return row.id;
    };
    for (const [index, document] of DOCUMENTS.entries()) {
      if (!document.from.includes(order.status)) continue;
      const number = `${document.number}-${order.number || order.id}`;
      // A name keeps no folder separator: `СЛ-2026/031` is written `СЛ-2026-031` in it
      const id = await store("document", `${document.file} ${number.replaceAll("/", "-")}.pdf`, [
        `${document.title} № ${number}`,
        `${order.company}, заявка ${order.number || order.id}`,
      ]);
      await db
        .update(freightOrderFiles)
        .set({
          document_number: number,
          document_date: day(index - 3),
          document_type: types.get(document.type) ?? null,
          document_title: document.title,
          is_original: index === 0,
        })
        .where(eq(freightOrderFiles.id, id));
    }
    if (SIGNED_STATUSES.includes(order.status)) {
      const id = await store(
        "signed",
        `Заявка ${String(order.number || order.id).replaceAll("/", "-")} подписанная.pdf`,
        [`Заявка на перевозку № ${order.id}`, `${order.company}: подписано заказчиком`],
      );
      await db.update(freightOrders).set({ sign_file_id: id }).where(eq(freightOrders.id, order.id));
      await db
        .update(freightOrderHistory)
        .set({ sign_file_id: id })
        .where(
          and(
            eq(freightOrderHistory.freight_order_id, order.id),
            eq(freightOrderHistory.kind, "status"),
            eq(freightOrderHistory.status, 5),
          ),
        );
    }
  }
}
