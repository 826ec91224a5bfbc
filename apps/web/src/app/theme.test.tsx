import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import { ThemeProvider } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "../i18n/locales/en/common.json";
import ru from "../i18n/locales/ru/common.json";
import { createAppTheme } from "./theme";

const draw = (catalog: typeof ru) =>
  renderToStaticMarkup(
    <ThemeProvider theme={createAppTheme((key) => catalog[key])}>
      <Alert onClose={() => {}}>Saved</Alert>
      <Autocomplete
        options={["a"]}
        value="a"
        renderInput={(params) => <TextField {...params} label="Kind" />}
      />
    </ThemeProvider>,
  );

describe("the theme", () => {
  it("has MUI's components say their words in the interface language, from the common catalog", () => {
    const russian = draw(ru);
    expect(russian).toContain('title="Закрыть"');
    expect(russian).toContain('aria-label="Очистить"');
    expect(russian).toContain('aria-label="Открыть"');
    const english = draw(en);
    expect(english).toContain('title="Close"');
    expect(english).toContain('aria-label="Clear"');
    expect(english).toContain('aria-label="Open"');
  });
});
