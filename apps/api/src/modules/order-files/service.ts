import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  FORWARDER_TIME_ZONE,
  type freightOrderFields,
  freightOrderFileFields,
  type Language,
  orderFilePolicy,
  type RowOf,
  type StatusFlags,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { CrudService, writeRules } from "../../core/crud.ts";
import { Forbidden, NotFound } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { documentTypes, freightOrderFiles } from "../../db/schema/index.ts";
import type { OrderFileKind } from "../../db/schema/orders.ts";
import type { PdfBuilder } from "../../documents/pdf-builder.ts";
import type { StoreUpload, Upload } from "../../http/uploads.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { StoredFileMissing } from "../../storage/file-storage.ts";
import type { CompaniesService } from "../companies/service.ts";
import { orderEvent } from "../notifications/events.ts";
import type { NotificationsService } from "../notifications/service.ts";
import type { OrdersService } from "../orders/service.ts";
import type { OrderFilesRepo } from "./repo.ts";
import { orderFileList } from "./resources.ts";

export type OrderFileRow = RowOf<typeof freightOrderFileFields>;

/** The details of a document a user gives with its upload or changes later. */
export type DocumentDetails = Partial<
  Pick<OrderFileRow, "document_number" | "document_date" | "document_type" | "document_title" | "is_original">
>;

/** What an upload's route reads: the upload (its bytes stored as they came) and a document's details. */
type Received = { upload: Upload; details?: DocumentDetails };

/** A file to answer as a download. */
export interface Download {
  filename: string;
  contentType: string;
  size?: number;
  body: Readable | Buffer;
}

/**
 * An order's documents, its signed documents and its print version (docs/decisions.md, "Files and uploads", "Print and documents").
 * Everyone who sees the order reads and downloads its files; the order's status decides who changes its documents
 * (orderFilePolicy, which the shared CRUD enforces on a document seen as its order's status). The bytes live in the
 * file storage under keys of the API's own making; a file's row is written after its bytes and deleted before them,
 * so no row ever names bytes that are not there.
 */
export class OrderFilesService {
  /** The order's documents (kind `document`): list, read, change their details (versioned), delete. */
  readonly documents: CrudService<OrderFileRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: OrderFilesRepo,
    private readonly orders: OrdersService,
    private readonly storage: FileStorage,
    private readonly companies: CompaniesService,
    private readonly notifications: NotificationsService,
    private readonly pdf: PdfBuilder,
  ) {
    this.documents = new CrudService(db, {
      fields: freightOrderFileFields,
      table: freightOrderFiles,
      list: orderFileList,
      policy: orderFilePolicy,
      // Signed documents are the workflow's: listed, changed and deleted by none of these calls
      scope: () => eq(freightOrderFiles.kind, "document"),
      parent: {
        column: freightOrderFiles.freight_order_id,
        open: (user, id) => this.orders.orders.get(user, id),
      },
      references: { document_type: documentTypes.id },
      // A document is judged by its order's status; a new one by the status of the order it is added to
      policyRow: (db, row: OrderFileRow) => this.statusOfOrder(db, row.freight_order),
      policyRowOfNew: (db, _user, _values, orderId) => this.statusOfOrder(db, orderId),
      rules: writeRules<OrderFileRow>({
        record: async ({ db, user, current, saved, parentId }) => {
          if (!current && parentId !== undefined)
            await this.tellAdded(db, user, parentId, saved.document_title || saved.filename);
        },
      }),
    });
  }

  /**
   * POST files/: 404 for an order the user does not see, 403 where its status keeps them from its documents, then
   * the upload (`receive`, read only now, its bytes stored as they come) with its details.
   */
  async addDocument(
    user: Principal,
    orderId: number,
    receive: (store: StoreUpload) => Promise<{ upload: Upload; details: DocumentDetails }>,
  ): Promise<OrderFileRow> {
    // Refused before the upload is read; the create asks again in its transaction
    await this.documents.open(user, undefined, orderId, "write");
    await this.documents.checkCreate(user, {}, orderId);
    return this.store(orderId, "document", receive, (values, details) =>
      this.documents.create(user, { ...details, ...values, author_id: user.id }, orderId),
    );
  }

  /**
   * POST sign/: a signed order, for the move into a status that needs one (its id goes with the order's PATCH as
   * `sign_file_id`). 404 for an order the user does not see; 403 for a client the workflow offers no such move.
   */
  async addSigned(
    user: Principal,
    orderId: number,
    receive: (store: StoreUpload) => Promise<Upload>,
  ): Promise<{ id: number }> {
    const reachable = await this.orders.workflow(user, orderId);
    if (!orderFilePolicy.canUploadSigned(user, reachable)) throw new Forbidden();
    const received = async (store: StoreUpload) => ({ upload: await receive(store) });
    const id = await this.store(orderId, "signed", received, (values) =>
      this.db.transaction(async (db) => {
        const id = await this.repo
          .in(db)
          .insert({ ...values, freight_order_id: orderId, author_id: user.id });
        await this.tellAdded(db, user, orderId, values.filename);
        return id;
      }),
    );
    return { id };
  }

  /** DELETE files/{id}/: the row (403 where the status forbids it, 404 outside the order), then its bytes. */
  async deleteDocument(user: Principal, orderId: number, fileId: number): Promise<void> {
    await this.orders.orders.get(user, orderId);
    const file = await this.repo.file(orderId, fileId, "document");
    if (!file) throw new NotFound();
    await this.documents.delete(user, fileId, orderId);
    await this.storage.delete(file.storage_key);
  }

  /** GET file/{id} (a document) and sign/{id} (a signed order): 404 for another order's file or another kind. */
  async download(user: Principal, orderId: number, fileId: number, kind: OrderFileKind): Promise<Download> {
    await this.orders.orders.get(user, orderId);
    const file = await this.repo.file(orderId, fileId, kind);
    if (!file) throw new NotFound();
    try {
      const body = await this.storage.get(file.storage_key);
      return { filename: file.filename, contentType: file.content_type, size: file.size, body };
    } catch (error) {
      // A row whose bytes are gone answers as a file that is not there
      if (error instanceof StoredFileMissing) throw new NotFound();
      throw error;
    }
  }

  /**
   * GET print: the order's print version in the language, its times in the time zone (the forwarder's when none is
   * given); 403 for a client where the status has no printing.
   */
  async print(
    user: Principal,
    orderId: number,
    lang: Language,
    timeZone = FORWARDER_TIME_ZONE,
    trackingUrl?: string,
  ): Promise<Download> {
    // In one of the user's few places for documents under way (PdfBuilder), taken before anything is read
    return this.pdf.forUser(user.id, async () => {
      const order = await this.orders.orders.get(user, orderId);
      if (!orderFilePolicy.canPrint(user, await this.orders.status(order.status))) throw new Forbidden();
      return this.printOf(user, order, lang, timeZone, trackingUrl);
    });
  }

  /**
   * The print version of an order the caller has read already (as `user` sees it), whatever its status: the
   * export of documents prints every order it archives. With `trackingUrl` (a live public link's address), the
   * print carries its QR code.
   */
  async printOf(
    user: Principal,
    order: RowOf<typeof freightOrderFields>,
    lang: Language,
    timeZone = FORWARDER_TIME_ZONE,
    trackingUrl?: string,
  ): Promise<Download & { body: Buffer }> {
    const [forwarder, names] = [
      await this.companies.forwarderName(),
      await this.repo.printNames(user, order),
    ];
    const data = { order, forwarder, ...names, printedAt: new Date(), timeZone, trackingUrl };
    const body = await this.pdf.build({ kind: "order-print", data, lang });
    const filename = lang === "en" ? `shipping-order-${order.id}.pdf` : `заявка-${order.id}.pdf`;
    return { filename, contentType: "application/pdf", size: body.length, body };
  }

  /**
   * Receives an upload, its bytes streamed to the storage under a new key as they arrive, then writes its row
   * (`write`); when the upload is refused, cut short, or its row cannot be written, the key is deleted (with what a
   * stream cut short left aside), so nothing is kept of it.
   */
  private async store<T>(
    orderId: number,
    kind: OrderFileKind,
    receive: (store: StoreUpload) => Promise<Received>,
    write: (
      values: {
        kind: OrderFileKind;
        storage_key: string;
        filename: string;
        content_type: string;
        size: number;
      },
      details: DocumentDetails,
    ) => Promise<T>,
  ): Promise<T> {
    const key = `orders/${orderId}/${randomUUID()}`;
    try {
      const { upload, details = {} } = await receive((file) => this.storage.putStream(key, file));
      const { filename, contentType: content_type, size } = upload;
      return await write({ kind, storage_key: key, filename, content_type, size }, details);
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
  }

  /** The status of a document's order, read in `db`; 404 when the order is gone since it was opened. */
  private async statusOfOrder(db: Db, orderId: number | undefined): Promise<StatusFlags> {
    const status = orderId === undefined ? null : await this.repo.in(db).statusOfOrder(orderId);
    if (!status) throw new NotFound();
    return status;
  }

  /** Tells the other side of the order (its managers, or its company's users) of a document added, in `db`. */
  private async tellAdded(db: Db, user: Principal, orderId: number, document: string): Promise<void> {
    const company = await this.repo.in(db).companyOfOrder(orderId);
    await this.notifications.emit(
      db,
      orderEvent("order_document_added", user, { id: orderId, company }, { document }),
    );
  }
}
