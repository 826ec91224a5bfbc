import { pipeline, type Readable, Transform, type TransformCallback } from "node:stream";
import { finished } from "node:stream/promises";
import multipart, { type Multipart, type MultipartFile } from "@fastify/multipart";
import { type Fields, uploadLimitMegabytes } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { DomainError, PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from "../core/errors.ts";
import { ContentCheck, HEAD_BYTES, type SniffedType, storedName } from "../storage/file-types.ts";
import { safeFilename } from "../storage/filenames.ts";
import { SchemaValidationError, unstorableInput } from "./validation.ts";

/** The multipart field of the file in every upload call (spec 01 §7). */
const FILE_FIELD = "file";

/** An upload as services take it, its bytes stored already: a safe name ending with an extension of its content. */
export interface Upload {
  filename: string;
  contentType: string;
  /** How many bytes it has. */
  size: number;
  /** The other fields of the form, as text (the first of each name). */
  fields: Record<string, string>;
}

/**
 * Where an upload's bytes go as they arrive: the service's storage under a key of its making (`putStream`), which
 * names nothing until the stream has ended whole and keeps nothing of one that fails. Answers the bytes stored.
 */
export type StoreUpload = (file: Readable) => Promise<number>;

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
 * Reads the upload of a multipart request (acceptUploads): the file of the field `file` goes to `store` as it
 * arrives, checked on its way (`CheckedUpload`: its type by its content, its size), never held whole; the other
 * fields are kept. 415 for a request that is not multipart; 413 for a file over `maxBytes`; 400 for no file, an empty
 * one, a type the portal does not take, more than one file, NUL characters in a field, or a body that cannot be read
 * (cut short, the client gone). Refused, the store keeps nothing of the file; stored, a caller that then refuses the
 * upload (its fields) deletes what it stored.
 */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
  store: StoreUpload,
): Promise<Upload> {
  if (!request.isMultipart()) throw new UnsupportedMediaType();
  let file: { name: string; type: SniffedType; size: number } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === "file") {
        if (part.fieldname === FILE_FIELD)
          file = { name: part.filename, ...(await storeChecked(part, maxBytes, store)) };
        else await drain(part);
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
  return { ...storedName(safeFilename(file.name), file.type), size: file.size, fields };
}

/** Stores a file part through its checks; its type and size, or the checks' refusal. */
async function storeChecked(part: MultipartFile, maxBytes: number, store: StoreUpload) {
  const checked = new CheckedUpload(part, maxBytes);
  try {
    // The part's failure (a body cut short) ends the checked stream with it, so that the store sees it
    const size = await store(pipeline(part.file, checked, () => {}));
    return { size, type: checked.type as SniffedType };
  } catch (error) {
    throw checked.refusal ?? error;
  }
}

/** Reads a file part nobody takes (under another field's name) to its end, holding none of it. */
async function drain(part: MultipartFile): Promise<void> {
  part.file.resume();
  await finished(part.file);
}

/**
 * An uploaded file's bytes on their way to the storage, checked as they pass: the first HEAD_BYTES held until the
 * content tells the type (refused: nothing goes on), then passed on as they come, text checked to its end; an empty
 * file refused, and one the parser cut at `maxBytes` refused (413). A refusal ends the stream with an error, so the
 * storage keeps nothing; it is kept as `refusal`, which the store's own error does not replace.
 */
class CheckedUpload extends Transform {
  type: SniffedType | undefined;
  refusal: DomainError | undefined;
  readonly #content = new ContentCheck();
  #head: Buffer[] = [];
  #size = 0;

  constructor(
    private readonly part: MultipartFile,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#size += chunk.length;
    if (this.type) {
      if (this.#content.rest(chunk)) done(null, chunk);
      else done(this.#refuse(typeNotAllowed()));
    } else {
      this.#head.push(chunk);
      if (this.#size < HEAD_BYTES) done();
      else this.#tellType().then(() => done(), done);
    }
  }

  override _flush(done: TransformCallback): void {
    const ending = async () => {
      if (this.part.file.truncated) throw this.#refuse(fileTooLarge(this.maxBytes));
      if (this.#size === 0)
        throw this.#refuse(new ValidationFailed({ [FILE_FIELD]: [{ key: "file_empty" }] }));
      if (!this.type) await this.#tellType();
      if (!this.#content.end()) throw this.#refuse(typeNotAllowed());
    };
    ending().then(() => done(), done);
  }

  /** Tells the type by the head, then lets the head go on. */
  async #tellType(): Promise<void> {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    const type = await this.#content.head(head);
    if (!type) throw this.#refuse(typeNotAllowed());
    this.type = type;
    this.push(head);
  }

  #refuse(refusal: DomainError): DomainError {
    this.refusal ??= refusal;
    return refusal;
  }
}

function fileTooLarge(maxBytes: number): PayloadTooLarge {
  return new PayloadTooLarge({ key: "file_too_large", params: { limit: uploadLimitMegabytes(maxBytes) } });
}

function typeNotAllowed(): ValidationFailed {
  return new ValidationFailed({ [FILE_FIELD]: [{ key: "file_type_not_allowed" }] });
}

/** What a failure while the multipart body is read answers: 413 past a size limit, 400 for anything else. */
function uploadError(error: unknown, maxBytes: number): Error {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge(maxBytes);
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
