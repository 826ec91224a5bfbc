import { freightOrderFileFields } from "@portal/domain";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { resourceFrom } from "../../core/resource.ts";
import { documentTypes, freightOrderFiles, users } from "../../db/schema/index.ts";

const author = alias(users, "file_author");

/** An order's files, with their document type's titles and their author's name (the scope picks the kind). */
export const orderFileList = resourceFrom({
  fields: freightOrderFileFields,
  table: freightOrderFiles,
  joins: [
    { table: documentTypes, on: eq(documentTypes.id, freightOrderFiles.document_type) },
    { table: author, on: eq(author.id, freightOrderFiles.author_id) },
  ],
  exprs: {
    document_type_title: documentTypes.title,
    document_type_title_en: documentTypes.title_en,
    freight_order: freightOrderFiles.freight_order_id,
  },
  people: { author: { first_name: author.first_name, last_name: author.last_name } },
  defaultOrdering: "-create_date",
});
