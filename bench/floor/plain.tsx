/**
 * ./form.tsx's forty filled fields without MUI: React's own inputs, drawn by static CSS (./plain.css), for how much
 * of the form's floor the component library and its run-time styles are.
 */
import { createRoot } from "react-dom/client";

const SECTIONS = 4;
const FIELDS = 10;

function Form() {
  return (
    <div className="page">
      <h1>Заявка № 16</h1>
      {Array.from({ length: SECTIONS }, (_, section) => (
        <section key={section} className="section">
          <h2>Раздел {section + 1}</h2>
          {Array.from({ length: FIELDS }, (_, index) => {
            const id = `field-${section}-${index}`;
            return (
              <div key={id} className="field">
                <label htmlFor={id}>Поле {index + 1}</label>
                {index % 5 === 4 ? (
                  <select id={id} defaultValue="a">
                    <option value="a">Экспорт</option>
                  </select>
                ) : (
                  <input id={id} defaultValue={`Значение ${index + 1}`} />
                )}
              </div>
            );
          })}
        </section>
      ))}
      <button type="button" className="button">
        Сохранить
      </button>
    </div>
  );
}

const root = document.getElementById("root");
if (!root) throw new Error("plain.html has no #root element");
createRoot(root).render(<Form />);
