import {
  CONTAINER_SECTIONS,
  type ContainerOrderStatus,
  type ContainerSection,
  containerFields,
  containerPolicy,
  type StatusFlags,
  type UserFlags,
} from "@portal/domain";

// What the container form lets a user do (spec 02 §2, §6), from the container policy's functions
// (packages/domain/src/policies/containers.ts): pure, tested alone.

/** Sections the server alone fills: not on a new container's form. */
const SERVER_SECTIONS: ReadonlySet<ContainerSection> = new Set(["tracking_status", "package"]);

/** The fields of each section, as the definitions place them. */
const SECTION_FIELDS = new Map(
  CONTAINER_SECTIONS.map((section) => [
    section,
    Object.entries(containerFields)
      .filter(([, definition]) => "section" in definition && definition.section === section)
      .map(([field]) => field),
  ]),
);

export interface ContainerFormAccess {
  /** The form may be saved at all: a new container, or one of an order whose status lets the user change it. */
  canEdit: boolean;
  /** A field shown but not changed: what the API would drop for the user, or what the stored container locks. */
  isLocked(field: string): boolean;
  /** The sections the user sees, in their order. */
  sections: readonly ContainerSection[];
}

/**
 * The form's access for the user to a stored container (with its order's status flags) or a new one (null): a
 * stored container is read-only where the order's status does not let the user change containers; the customs
 * declarations and the tracking block are the managers', the status the administrators' who are managers, an approved
 * container's ready-to-ship date the managers'. The administrators' block shows to administrators only; a new
 * container's form, the sections the user can fill.
 */
export function containerFormAccess(
  user: UserFlags,
  container: { status: number } | null,
  orderStatus: Pick<StatusFlags, "user_can_edit_containers"> | null,
): ContainerFormAccess {
  const isLocked = (field: string) =>
    containerPolicy.ignoresField(user, field) ||
    (field === "prepare_to_ship_date" &&
      container !== null &&
      !containerPolicy.canChangePrepareToShipDate(user, container));
  // A new container's form offers only what the user can fill: a section of locked fields would stay empty
  const canFill = (section: ContainerSection) =>
    !SERVER_SECTIONS.has(section) && (SECTION_FIELDS.get(section) ?? []).some((field) => !isLocked(field));
  return {
    canEdit: container === null || (orderStatus !== null && containerPolicy.canEdit(user, orderStatus)),
    isLocked,
    sections: CONTAINER_SECTIONS.filter(
      (section) => (section !== "admin" || user.is_administrator) && (container !== null || canFill(section)),
    ),
  };
}

/**
 * The statuses of the orders a user may add containers to, by the container policy's rule of a create (the API
 * refuses the others); null when every status is one (a manager): the order's lookup then offers any order.
 */
export function addableStatusIds(
  user: UserFlags,
  statuses: readonly (ContainerOrderStatus & { id: number })[],
): number[] | null {
  const addable = statuses.filter((status) => containerPolicy.canCreateRow(user, status));
  return addable.length === statuses.length ? null : addable.map((status) => status.id);
}
