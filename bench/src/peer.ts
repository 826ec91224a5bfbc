// The original portal's stack, measured beside the project in the same run (issue 18): a Django REST Framework
// implementation of the shipping orders list that reads the same rows from the same PostgreSQL (kept outside the
// project, set up by its own README). The bench alternates the two on the scenarios both answer and prints the
// ratio of their throughputs.

/** Where the peer listens and a token of each of its users: BENCH_PEER_URL and its two tokens, or none. */
export interface Peer {
  base: string;
  headers: { manager: Record<string, string>; client: Record<string, string> };
}

export function peerFromEnvironment(): Peer | undefined {
  const base = process.env.BENCH_PEER_URL;
  if (!base) return undefined;
  const manager = process.env.BENCH_PEER_MANAGER_TOKEN;
  const client = process.env.BENCH_PEER_CLIENT_TOKEN;
  if (!manager || !client)
    throw new Error("BENCH_PEER_URL needs BENCH_PEER_MANAGER_TOKEN and BENCH_PEER_CLIENT_TOKEN");
  return {
    base: base.replace(/\/$/, ""),
    headers: { manager: { authorization: `JWT ${manager}` }, client: { authorization: `JWT ${client}` } },
  };
}

/** The peer's throughput against the project's, as the issue states it ("10× the peer's"). */
export function ratio(project: number, peer: number): string {
  return peer > 0 ? `${(project / peer).toFixed(1)}×` : "–";
}
