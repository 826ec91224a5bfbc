import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import { TooManyRequests } from "../core/errors.ts";
import type { PdfDocument } from "./pdf-worker.ts";

export type { PdfDocument } from "./pdf-worker.ts";

/** Whether this module runs from the sources (`npm run dev`, the tests) rather than from the build. */
const FROM_SOURCES = import.meta.url.endsWith(".ts");

/**
 * The threads' entry, beside this module: in the build, `pdf-worker.js` beside the bundle that holds this module
 * (scripts/build.mjs); from the sources, `pdf-worker.ts`, which a thread runs through tsx's loader as the process
 * runs the rest (a thread does not inherit Vitest's transform, and Node 20 does not read TypeScript itself).
 */
const WORKER = new URL(FROM_SOURCES ? "./pdf-worker.ts" : "./pdf-worker.js", import.meta.url);

/** How long a user refused for building too many documents is asked to wait: about one document's build. */
const RETRY_AFTER_SECONDS = 2;

/** How long an idle thread is kept (loading pdfmake and its fonts again costs a new one a fifth of a second). */
const IDLE_SECONDS = 300;

export interface PdfSettings {
  /** Threads that build documents at once; the documents past them wait in turn. */
  threads: number;
  /** Documents one user may have building or waiting at once; past it, 429. */
  perUser: number;
}

/**
 * Builds the process's PDFs (the order's print, the transit declaration, the demo's documents) in a pool of worker
 * threads (piscina), so that the event loop answers other requests meanwhile; and bounds how many one user may
 * have under way, so that one client's burst of prints waits on nobody but that client.
 */
export class PdfBuilder {
  readonly #pool: Piscina;
  readonly #perUser: number;
  /** Documents under way per user. */
  readonly #building = new Map<number, number>();

  constructor(settings: PdfSettings) {
    this.#perUser = settings.perUser;
    this.#pool = new Piscina({
      filename: WORKER.href,
      // Threads start with the first document and end after a while without one: a process that prints
      // nothing (a test, a worker process without exports) starts none
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: IDLE_SECONDS * 1000,
      ...(FROM_SOURCES ? { execArgv: ["--import", tsxLoader()] } : {}),
    });
  }

  /**
   * Runs `make` (a request's reading of a document's data and its build) in one of `user`'s places: past
   * `perUser` under way, TooManyRequests (429 with Retry-After) before `make` reads anything, so that a burst
   * costs neither the database nor the threads more than the bound.
   */
  async forUser<T>(user: number, make: () => Promise<T>): Promise<T> {
    const underWay = this.#building.get(user) ?? 0;
    if (underWay >= this.#perUser) throw new TooManyRequests(RETRY_AFTER_SECONDS, "too_many_documents");
    this.#building.set(user, underWay + 1);
    try {
      return await make();
    } finally {
      const left = (this.#building.get(user) ?? 1) - 1;
      if (left > 0) this.#building.set(user, left);
      else this.#building.delete(user);
    }
  }

  /**
   * The document's bytes, built in a thread: the documents past the threads wait in turn, a request's (within
   * its user's place, `forUser`) as the process's own (an export's prints, the demo's documents).
   */
  async build(document: PdfDocument): Promise<Buffer> {
    const bytes: Uint8Array = await this.#pool.run(document);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Ends the threads (a document still building fails). */
  close(): Promise<void> {
    return this.#pool.destroy();
  }
}

/** tsx's loader (a development dependency: the build never needs it), for a thread that runs the sources. */
function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
}
