import type { Readable } from "node:stream";

/**
 * Where uploaded files' bytes live, by key (`orders/12/3f2a…`): a folder (the default) or an S3-compatible bucket.
 * Keys are made by the API, never from a user's input; the rows that name them are the database's.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores what the stream gives under the key, never holding it whole: the key names nothing until the stream
   * has ended and every byte is stored (a stream that fails, or a process that dies, leaves no half a file under
   * the key; what it left aside is removed by `delete(key)`). Answers the bytes stored. An archive written as it is
   * made (the export of documents) goes this way.
   */
  putStream(key: string, source: Readable): Promise<number>;
  /** The bytes under the key as a stream; throws StoredFileMissing when there are none. */
  get(key: string): Promise<Readable>;
  /**
   * Removes the key's bytes, and what an unfinished `putStream` to the key left aside; a key that holds nothing is
   * no error.
   */
  delete(key: string): Promise<void>;
}

/** A key that holds no bytes (a row whose file was lost): the caller answers 404. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super("stored file missing");
  }
}

/**
 * Keys as the API makes them: parts of letters, digits, `_`, `-` and dots, none starting with a dot (so neither
 * `.` nor `..`), joined by single slashes: no absolute path, backslash or empty part.
 */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Refuses a key that could name something outside the storage. */
export function checkKey(key: string): string {
  if (key.length > 200 || !KEY.test(key)) {
    throw new Error(`invalid storage key ${JSON.stringify(key.slice(0, 50))}`);
  }
  return key;
}
