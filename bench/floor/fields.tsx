/**
 * The floor of a form page (src/first-rows.ts): the same record as the portal's form asked for, each of its values
 * in a plain input with its label, drawn by static CSS (./plain.css, MUI's outlined field). No router,
 * translations, layout, form library or component library.
 */
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { answer, shown } from "./api-floor";
import "./plain.css";

function Fields() {
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  useEffect(() => {
    void answer.then((value) => setRecord(value as Record<string, unknown>));
  }, []);
  if (!record) return null;
  return (
    <div className="page">
      <section className="section">
        {Object.entries(record).map(([name, value]) => (
          <div key={name} className="field">
            <label htmlFor={`field-${name}`}>{name}</label>
            <input id={`field-${name}`} defaultValue={shown(value)} />
          </div>
        ))}
      </section>
    </div>
  );
}

createRoot(document.getElementById("root") as HTMLElement).render(<Fields />);
