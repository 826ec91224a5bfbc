import type { Config } from "../../config.ts";
import type { CustomsGateway } from "./customs-gateway.ts";
import { httpCustomsGateway } from "./customs-http.ts";
import { customsSimulator } from "./customs-simulator.ts";

/** The gateway the configuration names: the built-in simulator (default) or a real system over HTTP. */
export function createCustomsGateway(config: Config): CustomsGateway {
  if (config.CUSTOMS_GATEWAY === "http") {
    if (!config.CUSTOMS_URL) throw new Error("CUSTOMS_URL is not set");
    return httpCustomsGateway({
      url: config.CUSTOMS_URL,
      token: config.CUSTOMS_TOKEN,
      timeoutSeconds: config.CUSTOMS_TIMEOUT_SECONDS,
    });
  }
  return customsSimulator({
    delaySeconds: config.CUSTOMS_SIMULATOR_DELAY_SECONDS,
    outcome: config.CUSTOMS_SIMULATOR_OUTCOME,
  });
}
