/**
 * The floor of a grid page (src/first-rows.ts): the same list call as the portal's grid made, its rows drawn as a
 * plain React `<table>` with static CSS, one column per field the call asked for, in its order. No router,
 * translations, layout or component library: what showing those rows costs the browser at the least.
 */
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { answer, apiCall, shown } from "./api-floor";
import "./rows.css";

type Row = Record<string, unknown>;

function Rows() {
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    void answer.then((page) => setRows((page as { results: Row[] }).results));
  }, []);
  if (!rows) return null;
  const asked = new URL(apiCall, window.location.href).searchParams.get("fields");
  const columns = asked ? asked.split(",") : Object.keys(rows[0] ?? {});
  return (
    <table className="rows">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={String(row.id ?? index)}>
            {columns.map((column) => (
              <td key={column}>{shown(row[column])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

createRoot(document.getElementById("root") as HTMLElement).render(<Rows />);
