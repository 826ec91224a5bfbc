import { serverDay } from "./customs-day.ts";
import {
  type CustomsAnswer,
  type CustomsDocument,
  type CustomsGateway,
  type CustomsLabel,
  type CustomsPackage,
  CustomsUnavailable,
} from "./customs-gateway.ts";

// The built-in simulator of the customs declaration system (docs/customs.md "The simulator"): the default gateway,
// so that a portal without a contract with a real system shows the whole exchange. It keeps nothing of its own:
// every answer follows from the package and the settings, so any instance or worker gives the same one.

/** The documents a transit declaration is registered on: the goods' invoice and a transport document. */
const INVOICE_TYPES = ["Commercial invoice"];
export const TRANSPORT_TYPES = [
  "SMGS railway consignment note",
  "Domestic railway consignment note",
  "CMR consignment note",
  "Bill of lading",
];
const PACKING_LIST_TYPES = ["Packing list"];

/**
 * The customs post the simulator speaks for (its code opens every number it issues): the Zabaikalsk railway
 * checkpoint post of the Far Eastern customs, where most of the demo's trains cross.
 */
export const SIMULATED_CUSTOMS_POST = "10719110";

/** The labels' colours, as the system sends them. */
export const LABEL_COLORS = { green: "#2e7d32", blue: "#1565c0", orange: "#ef6c00", red: "#c62828" } as const;

export interface SimulatorSettings {
  /** Seconds between an upload and the decision. */
  delaySeconds: number;
  outcome: "auto" | "accept" | "reject" | "error";
}

/**
 * A transit declaration's number: the customs post's code, the day of registration (ddMMyy) and a serial of seven
 * digits (`10719110/261126/5000042`), the serial from the package's id so that one package always gets one number.
 */
export function transitDeclarationNumber(pkgPid: number, day: string): string {
  const [year, month, date] = day.split("-");
  const serial = String(5_000_000 + (pkgPid % 5_000_000)).padStart(7, "0");
  return `${SIMULATED_CUSTOMS_POST}/${date}${month}${year?.slice(2)}/${serial}`;
}

/** What a package lacks for a transit declaration: the names of the missing documents, in the system's words. */
export function missingDocuments(pkg: CustomsPackage): string[] {
  const has = (types: string[]) => pkg.documents.some((doc) => types.includes(doc.document_type_en));
  const missing: string[] = [];
  if (!has(INVOICE_TYPES)) missing.push("инвойс (счёт-проформа)");
  if (!has(TRANSPORT_TYPES)) missing.push("транспортный документ (накладная СМГС, CMR или коносамент)");
  return missing;
}

/** The labels of an accepted package: released, and whether the goods are to be inspected (no packing list). */
export function acceptedLabels(pkg: {
  documents: Pick<CustomsDocument, "document_type_en">[];
}): CustomsLabel[] {
  const hasPackingList = pkg.documents.some((doc) => PACKING_LIST_TYPES.includes(doc.document_type_en));
  return [
    { name: "Выпуск разрешён", color: LABEL_COLORS.green },
    hasPackingList
      ? { name: "Досмотр не требуется", color: LABEL_COLORS.blue }
      : { name: "Назначен таможенный досмотр", color: LABEL_COLORS.orange },
  ];
}

/** The decision on a package: accepted with its declaration and labels, or rejected naming what is missing. */
export function decide(
  pkg: CustomsPackage,
  outcome: SimulatorSettings["outcome"],
  day: string,
): CustomsAnswer {
  const missing = missingDocuments(pkg);
  const isAccepted = outcome === "accept" || (outcome === "auto" && missing.length === 0);
  if (!isAccepted) {
    const reason =
      missing.length > 0
        ? `в пакете нет документов: ${missing.join("; ")}`
        : "сведения о товарах в документах пакета не совпадают";
    return {
      state: "rejected",
      message: `Отказ в регистрации транзитной декларации: ${reason}`,
      labels: [{ name: "Отказ в регистрации", color: LABEL_COLORS.red }],
    };
  }
  const td_number = transitDeclarationNumber(pkg.pkg_pid, day);
  return {
    state: "accepted",
    message: `Транзитная декларация ${td_number} зарегистрирована, выпуск для транзита разрешён`,
    declaration: {
      td_number,
      td_date: day,
      td_allowed_date: day,
      transit_decl_status: "Выпуск для транзита разрешён",
      transit_decl_status_date: day,
    },
    labels: acceptedLabels(pkg),
  };
}

/** The simulated system's failure (CUSTOMS_SIMULATOR_OUTCOME=error): every call fails as an unreachable system's. */
function unavailable(): never {
  throw new CustomsUnavailable("Симулятор: система таможенного декларирования недоступна");
}

/**
 * The built-in simulator of the customs declaration system: takes a package (uploaded), decides on it when asked
 * `delaySeconds` later (the exchange asks then), and withdraws what it is asked to.
 */
export function customsSimulator(settings: SimulatorSettings): CustomsGateway {
  return {
    description: `built-in simulator of the customs declaration system (decides after ${settings.delaySeconds} s, outcome: ${settings.outcome})`,
    async submit() {
      if (settings.outcome === "error") unavailable();
      return {
        state: "uploaded",
        message: "Пакет документов принят к рассмотрению",
        checkAfterSeconds: settings.delaySeconds,
      };
    },
    async status(pkg) {
      if (settings.outcome === "error") unavailable();
      return decide(pkg, settings.outcome, serverDay());
    },
    async withdraw() {
      if (settings.outcome === "error") unavailable();
      return { state: "withdrawn", message: "Пакет документов отозван декларантом" };
    },
  };
}
