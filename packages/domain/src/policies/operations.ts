import type { Policy } from "./reference.ts";

// The forwarder's operations (spec 02 §2 and §6, DOMAIN.md "Monitoring, terminal report, export"): who reads the
// monitoring and the terminal report, who edits their cells, who exports documents. The rows a user sees are the
// tenancy scope's (their companies' containers and tasks; managers: every company's).

/**
 * Monitoring: users with monitoring access (managers, and clients granted it) read their companies' rows; managers
 * edit the forwarder's own cells. Others get 403.
 */
export const monitoringPolicy: Policy = {
  canRead: (user) => user.can_access_to_monitoring,
  canWrite: (user) => user.is_manager,
};

/** The terminal report: everyone signed in reads their companies' rows; managers edit the terminal's cells. */
export const terminalReportPolicy: Policy = {
  canRead: () => true,
  canWrite: (user) => user.is_manager,
};

/**
 * Export tasks: everyone signed in exports their own companies' documents (managers any company's) and lists the
 * tasks of the companies they see; a task is never changed, and deleting it (with its archive) is for managers.
 */
export const exportTaskPolicy: Policy = {
  canRead: () => true,
  canWrite: () => true,
  canDelete: (user) => user.is_manager,
};
