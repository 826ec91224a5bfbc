import { readFile } from "node:fs/promises";
import type { containerFields, Language, RowOf } from "@portal/domain";
import { eq } from "drizzle-orm";
import { NotFound } from "../../core/errors.ts";
import { findOne } from "../../core/find-page.ts";
import type { Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import { containers } from "../../db/schema/index.ts";
import type { PdfBuilder } from "../../documents/pdf-builder.ts";
import {
  TRANSIT_DECLARATION_XSD,
  type TransitDeclarationData,
  transitDeclarationXml,
} from "../../documents/transit-declaration.ts";
import { safeFilename } from "../../storage/filenames.ts";
import type { CompaniesService } from "../companies/service.ts";
import type { Download } from "../order-files/service.ts";
import type { OrdersService } from "../orders/service.ts";
import type { DeclarationRepo } from "./declaration-repo.ts";
import { containerList } from "./resources.ts";

type ContainerRow = RowOf<typeof containerFields>;

/**
 * The transit declaration of a container (td/ as XML of transit-declaration.xsd, td-pdf/ as a PDF in the reader's
 * language): everyone who sees the order downloads it, once the customs declaration system has issued one (the
 * container has a `td_number`); 404 before that, for a container of another order, and outside the user's orders.
 */
export class TransitDeclarations {
  constructor(
    private readonly db: Db,
    private readonly repo: DeclarationRepo,
    private readonly orders: OrdersService,
    private readonly companies: CompaniesService,
    private readonly pdfBuilder: PdfBuilder,
  ) {}

  /** GET freight_orders/{id}/containers/td/{containerId}/: the declaration as XML. */
  async xml(user: Principal, orderId: number, containerId: number): Promise<Download> {
    const data = await this.data(user, orderId, containerId);
    const body = Buffer.from(transitDeclarationXml(data), "utf8");
    return {
      filename: fileName(data, "en", "xml"),
      contentType: "application/xml; charset=utf-8",
      size: body.length,
      body,
    };
  }

  /**
   * GET freight_orders/{id}/containers/td-pdf/{containerId}/: the declaration as a PDF in the language, built
   * beside the event loop within the user's bound of documents under way (PdfBuilder).
   */
  async pdf(user: Principal, orderId: number, containerId: number, lang: Language): Promise<Download> {
    return this.pdfBuilder.forUser(user.id, async () => {
      const data = await this.data(user, orderId, containerId);
      const body = await this.pdfBuilder.build({ kind: "transit-declaration", data, lang });
      return {
        filename: fileName(data, lang, "pdf"),
        contentType: "application/pdf",
        size: body.length,
        body,
      };
    });
  }

  /** The schema of the declaration's XML (transit-declaration.xsd, shipped with the build). */
  async schema(): Promise<Download> {
    const body = await readFile(TRANSIT_DECLARATION_XSD);
    return {
      filename: "transit-declaration.xsd",
      contentType: "application/xml; charset=utf-8",
      size: body.length,
      body,
    };
  }

  /** What the declaration shows, read for a user who sees the order; 404 where there is no declaration to show. */
  private async data(user: Principal, orderId: number, containerId: number): Promise<TransitDeclarationData> {
    // 404 for another company's order first: its containers do not exist for this user
    const order = await this.orders.orders.get(user, orderId);
    const container = await findOne<ContainerRow>(
      this.db,
      containerList,
      containerId,
      eq(containers.freight_order_id, orderId),
    );
    if (!container.td_number.trim()) throw new NotFound();
    const border = await this.repo.location(order.border_crossing_point);
    return {
      container,
      order,
      forwarder: await this.companies.forwarderName(),
      containerType: await this.repo.containerType(container.container_type ?? order.container_type),
      etsng: await this.repo.etsng(order.etsng_code),
      gng: await this.repo.gng(order.gng_code),
      countries: await this.repo.countries([order.consignor_countrycode, order.consignee_countrycode]),
      route: {
        dispatch: {
          name: order.dispatch_location,
          code: await this.repo.locationCode(order.dispatch_location),
        },
        border: border
          ? { name: order.border_crossing_point_name || border.location, code: border.code }
          : null,
        destination: { name: order.destination, code: await this.repo.locationCode(order.destination) },
      },
      issuedAt: new Date(),
    };
  }
}

/**
 * A download's name: the declaration's kind and the container's number (`transit-declaration-CSQU3054383.xml`),
 * made safe: the number is stored as typed and may hold what no file name should.
 */
function fileName(data: TransitDeclarationData, lang: Language, extension: "xml" | "pdf"): string {
  const stem = lang === "en" ? "transit-declaration" : "транзитная-декларация";
  return safeFilename(`${stem}-${data.container.container}.${extension}`);
}
