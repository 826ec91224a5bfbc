import type { FastifyRequest } from "fastify";
import type { SessionClient } from "../modules/users/service.ts";

/** Where a request comes from, as a session begun by it keeps it: the client's address and browser. */
export function sessionClient(request: FastifyRequest): SessionClient {
  const userAgent = request.headers["user-agent"];
  return { address: request.ip, userAgent: typeof userAgent === "string" ? userAgent : undefined };
}
