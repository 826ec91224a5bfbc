import multipart, { type Multipart, type MultipartFile } from "@fastify/multipart";
import type { Fields } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from "../core/errors.ts";
import { sniffFileType, storedName } from "../storage/file-types.ts";
import { safeFilename } from "../storage/filenames.ts";
import { SchemaValidationError, unstorableInput } from "./validation.ts";

/** The multipart field of the file in every upload call (spec 01 §7). */
const FILE_FIELD = "file";

/** An upload as services take it: a safe name ending with an extension of its content, its type, its bytes. */
export interface Upload {
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** The other fields of the form, as text (the first of each name). */
  fields: Record<string, string>;
}

/**
 * Lets the routes of this plugin scope (and only them) take `multipart/form-data`, one file of at most `maxBytes`
 * and a few short text fields. Call from an upload module's routes plugin before its routes.
 */
export async function acceptUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields: 20,
      parts: 21,
      fieldSize: 4096,
      fieldNameSize: 100,
      headerPairs: 20,
    },
  });
}

/**
 * Reads the upload of a multipart request (acceptUploads): the file of the field `file`, checked by its content
 * (storage/file-types.ts), and the other fields. 415 for a request that is not multipart; 413 for a file over
 * `maxBytes`; 400 for no file, an empty one, a type the portal does not take, more than one file, NUL characters in
 * a field, or a body that cannot be read. Nothing is kept of a refused upload.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new UnsupportedMediaType();
  let file: { name: string; bytes: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === "file") {
        const bytes = await (part as MultipartFile).toBuffer();
        if (part.fieldname === FILE_FIELD) file = { name: part.filename, bytes };
      } else if (!Object.hasOwn(fields, part.fieldname)) {
        if (part.valueTruncated) throw new ValidationFailed({ [part.fieldname]: [{ key: "invalid_value" }] });
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
  const unstorable = unstorableInput(fields);
  if (unstorable.length > 0) throw new SchemaValidationError(unstorable, "body");
  if (!file) throw new ValidationFailed({ [FILE_FIELD]: [{ key: "must_be_set" }] }, true);
  if (file.bytes.length === 0) throw new ValidationFailed({ [FILE_FIELD]: [{ key: "file_empty" }] });
  const type = await sniffFileType(file.bytes);
  if (!type) throw new ValidationFailed({ [FILE_FIELD]: [{ key: "file_type_not_allowed" }] });
  return { ...storedName(safeFilename(file.name), type), bytes: file.bytes, fields };
}

/** What a failure while the multipart body is read answers: 413 past a size limit, 400 for anything else. */
function uploadError(error: unknown, maxBytes: number): Error {
  if (error instanceof ValidationFailed) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    return new PayloadTooLarge({ key: "file_too_large", params: { limit: megabytes } });
  }
  if (code === "FST_FILES_LIMIT")
    return new ValidationFailed({ [FILE_FIELD]: [{ key: "one_file_at_a_time" }] });
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new PayloadTooLarge({ key: "body_too_large" });
  }
  // A malformed body (no boundary, a part cut short, a prototype's name as a field): busboy's and the plugin's own
  return new ValidationFailed({ detail: [{ key: "malformed_request" }] });
}

/**
 * The text fields of a form as a JSON body of these field definitions would give them, then checked by `schema`
 * (400 on a field, as a JSON body): ids and integers as numbers, `true`/`false` (and a checkbox's `on`, `1`, `0`)
 * as booleans, an empty date or id as null. Fields the definitions do not name are dropped.
 */
export function formBody<Schema extends z.ZodType>(
  definitions: Fields,
  schema: Schema,
  fields: Record<string, string>,
): z.infer<Schema> {
  const values: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(fields)) {
    const kind = Object.hasOwn(definitions, name) ? definitions[name]?.kind : undefined;
    if (kind === "integer" || kind === "relation" || kind === "id") {
      values[name] = text === "" ? null : /^-?\d{1,12}$/.test(text) ? Number(text) : text;
    } else if (kind === "boolean") {
      values[name] = ["true", "on", "1"].includes(text)
        ? true
        : ["false", "0", ""].includes(text)
          ? false
          : text;
    } else if (kind === "date") values[name] = text === "" ? null : text;
    else if (kind !== undefined) values[name] = text;
  }
  const result = schema.safeParse(values, { reportInput: true });
  if (!result.success) throw new SchemaValidationError(result.error.issues, "body");
  return result.data;
}
