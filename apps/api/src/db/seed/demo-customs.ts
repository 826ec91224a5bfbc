import type { PkgState } from "@portal/domain";
import { asc, eq, isNotNull } from "drizzle-orm";
import { serverDay } from "../../modules/containers/customs-day.ts";
import { acceptedLabels, LABEL_COLORS } from "../../modules/containers/customs-simulator.ts";
import type { Db } from "../client.ts";
import {
  containerEvents,
  containerLabels,
  containerPackageFiles,
  containers,
  documentTypes,
  freightOrderFiles,
} from "../schema/index.ts";

// The demo packages' way through the customs declaration system so far, as the exchange would have recorded it:
// their customs events and, for the decided ones, their labels. The packages still on their way (pending,
// uploaded, asked to be withdrawn) are taken on by the exchange's jobs, which the server sends once its queue
// runs (server.ts, `sendPackagesInFlight`).

const DAY = 24 * 60 * 60 * 1000;
const dayOf = (from: Date, days: number) => new Date(from.getTime() + days * DAY).toISOString().slice(0, 10);

type Step =
  | "package_sent"
  | "package_uploaded"
  | "package_accepted"
  | "package_rejected"
  | "package_withdraw_requested"
  | "package_withdrawn";

/** The steps the user takes (sending the package, asking for its withdrawal); the system answers the others. */
const isUsersAct = (step: Step) => step === "package_sent" || step === "package_withdraw_requested";

/** The steps a package in each state has been through, each with the system's message. */
const STEPS: Record<PkgState, [Step, string][]> = {
  pending: [["package_sent", ""]],
  uploaded: [
    ["package_sent", ""],
    ["package_uploaded", "Пакет документов принят к рассмотрению"],
  ],
  accepted: [
    ["package_sent", ""],
    ["package_uploaded", "Пакет документов принят к рассмотрению"],
    ["package_accepted", "Транзитная декларация зарегистрирована, выпуск для транзита разрешён"],
  ],
  rejected: [
    ["package_sent", ""],
    ["package_uploaded", "Пакет документов принят к рассмотрению"],
    ["package_rejected", ""],
  ],
  withdraw: [
    ["package_sent", ""],
    ["package_uploaded", "Пакет документов принят к рассмотрению"],
    ["package_withdraw_requested", ""],
  ],
  withdrawn: [
    ["package_sent", ""],
    ["package_uploaded", "Пакет документов принят к рассмотрению"],
    ["package_withdraw_requested", ""],
    ["package_withdrawn", "Пакет документов отозван декларантом"],
  ],
  processing_error: [["package_sent", ""]],
};

/** Writes the customs events and labels of every demo container with a package (after `seedContainers`). */
export async function seedCustomsHistory(db: Db): Promise<void> {
  const packaged = await db
    .select()
    .from(containers)
    .where(isNotNull(containers.pkg_pid))
    .orderBy(asc(containers.id));
  const today = serverDay();
  for (const container of packaged) {
    const { pkg_pid, pkg_state: state } = container;
    if (pkg_pid === null || state === null) continue;
    // In flight: sent today, for the exchange to take on now; decided ones on the days their answers give, never
    // after today (an answer still to come would show as a planned event)
    const past = (day: string) => (day > today ? today : day);
    const decided = container.td_date ? past(container.td_date) : null;
    const sent = state === "pending" || state === "uploaded" ? today : past(dayOf(container.create_date, 5));
    const base = { container_id: container.id, event_type: "customs" as const, pkg_pid };
    const rows: (typeof containerEvents.$inferInsert)[] = STEPS[state].map(([code, message]) => ({
      ...base,
      event_code: code,
      event_date: code === "package_sent" || code === "package_uploaded" ? sent : (decided ?? sent),
      source: isUsersAct(code) ? ("portal" as const) : ("customs" as const),
      user_id: isUsersAct(code) ? container.updated_by_id : null,
      message: code === "package_rejected" ? container.pkg_message : message,
    }));
    if (state === "processing_error") {
      rows.push({
        ...base,
        event_code: "package_processing_error",
        event_date: sent,
        source: "customs",
        message: container.pkg_message,
      });
    }
    if (state === "accepted" && container.td_allowed_date) {
      rows.push({
        ...base,
        event_code: "declaration_released",
        event_date: past(container.td_allowed_date),
        source: "customs",
        message: `${container.td_number}: ${container.transit_decl_status}`,
      });
    }
    await db.insert(containerEvents).values(rows);

    const labels =
      state === "accepted"
        ? acceptedLabels({ documents: await packageDocumentTypes(db, container.id) })
        : state === "rejected"
          ? [{ name: "Отказ в регистрации", color: LABEL_COLORS.red }]
          : [];
    if (labels.length > 0) {
      await db
        .insert(containerLabels)
        .values(labels.map((label) => ({ container_id: container.id, pkg_pid, ...label })));
    }
  }
}

/** The English titles of the document types in a container's package: what the simulator's labels look at. */
async function packageDocumentTypes(db: Db, containerId: number) {
  const rows = await db
    .select({ document_type_en: documentTypes.title_en })
    .from(containerPackageFiles)
    .innerJoin(freightOrderFiles, eq(freightOrderFiles.id, containerPackageFiles.freight_order_file_id))
    .innerJoin(documentTypes, eq(documentTypes.id, freightOrderFiles.document_type))
    .where(eq(containerPackageFiles.container_id, containerId));
  return rows;
}
