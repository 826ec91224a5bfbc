/**
 * A container's package as it changed: made (or replaced) and waiting to be sent (`pending`), or to be withdrawn
 * (`withdraw`).
 */
export interface PackageChange {
  container: number;
  freight_order: number;
  pkg_pid: number;
  pkg_state: "pending" | "withdraw";
  /** The order's files in the package, by id. */
  files: number[];
}

/**
 * The exchange with the customs declaration system (DOMAIN.md "Containers and the customs declaration system"),
 * told of each package change once it is saved. The exchange itself (the job queue, the simulator that moves a
 * package on to uploaded, accepted or rejected, a real system's client) comes with its own issue.
 */
export interface CustomsGateway {
  packageChanged(change: PackageChange): Promise<void>;
}

/** No exchange yet: a package stays as it was saved (`pending`, `withdraw`). */
export const noCustomsGateway: CustomsGateway = {
  async packageChanged() {},
};
