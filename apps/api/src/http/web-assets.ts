import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";

/** The types of what Vite writes into assets/; any other name is not the build's. */
const TYPES: Record<string, string> = {
  js: "application/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  woff2: "font/woff2",
  woff: "font/woff",
  ttf: "font/ttf",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  ico: "image/x-icon",
  json: "application/json; charset=utf-8",
  wasm: "application/wasm",
};

/** The build's compressed copies beside each file (vite.config.ts), best first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** A file name of the build: `name-hash.ext`, no folder, no dot first. */
const FILE_NAME = /^[\w-]+(\.[\w-]+)+$/;

/**
 * Answers the web app's hashed files (`/assets/…`) from memory. Vite names them by their content's hash, so the
 * bytes of a name never change: each file, and each compressed copy a browser asks for, is read from disk once.
 * Read and streamed from disk on every request (as @fastify/static does), one took about 1.4 ms of the server's
 * time, and a cold page's thirty chunks queued behind one another (docs/decisions.md). A rebuilt app's new names
 * are read as they are asked for. Names that are not there are not remembered: what is held is the build's files
 * that were asked for, at most its folder (4.3 MB today) for each build the process has served.
 */
export function serveAssets(app: FastifyInstance, dir: string): void {
  const files = new Map<string, Promise<Buffer | null>>();
  const read = (name: string): Promise<Buffer | null> => {
    let file = files.get(name);
    if (!file) {
      file = readFile(path.join(dir, name)).catch(() => {
        files.delete(name);
        return null;
      });
      files.set(name, file);
    }
    return file;
  };

  app.get<{ Params: { name: string } }>("/assets/:name", async (request, reply) => {
    const { name } = request.params;
    const type = FILE_NAME.test(name) ? TYPES[path.extname(name).slice(1)] : undefined;
    const file = type ? await pick(name, acceptedEncodings(request.headers["accept-encoding"])) : null;
    if (!type || !file) {
      reply.callNotFound();
      return reply;
    }
    if (file.encoding) reply.header("Content-Encoding", file.encoding);
    return reply
      .header("Content-Type", type)
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("Vary", "Accept-Encoding")
      .send(file.body);
  });

  /** The best copy of the file the browser takes: compressed if it can, else the file itself. */
  async function pick(name: string, accepted: Set<string>) {
    for (const encoding of ENCODINGS) {
      const body = accepted.has(encoding.name) ? await read(name + encoding.suffix) : null;
      if (body) return { body, encoding: encoding.name };
    }
    const body = await read(name);
    return body && { body, encoding: null };
  }
}

/** The codings an Accept-Encoding header takes (those given `q=0` refused). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((text) => text.trim());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    if (coding && !(quality && Number(quality.slice(2)) === 0)) accepted.add(coding);
  }
  return accepted;
}
