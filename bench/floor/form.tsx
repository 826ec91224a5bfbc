/**
 * The pinned form components alone (MUI, ARCHITECTURE.md): forty filled fields in four sections, as the first
 * screen of an order's form, their values in the page, no data call, no router, no translations, no layout.
 */
import {
  Box,
  Button,
  CssBaseline,
  createTheme,
  MenuItem,
  Paper,
  TextField,
  ThemeProvider,
  Typography,
} from "@mui/material";
import { createRoot } from "react-dom/client";

const SECTIONS = 4;
const FIELDS = 10;

function Form() {
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5">Заявка № 16</Typography>
      {Array.from({ length: SECTIONS }, (_, section) => (
        <Paper
          key={section}
          sx={{ p: 2, mb: 2, display: "grid", gridTemplateColumns: "repeat(2, 1fr)", gap: 2 }}
        >
          <Typography variant="h6" sx={{ gridColumn: "1 / -1" }}>
            Раздел {section + 1}
          </Typography>
          {Array.from({ length: FIELDS }, (_, index) => {
            const id = `field-${section}-${index}`;
            // every fifth a choice, as the order's kinds and directions are
            return index % 5 === 4 ? (
              <TextField key={id} id={id} select label={`Поле ${index + 1}`} defaultValue="a" size="small">
                <MenuItem value="a">Экспорт</MenuItem>
              </TextField>
            ) : (
              <TextField
                key={id}
                id={id}
                label={`Поле ${index + 1}`}
                defaultValue={`Значение ${index + 1}`}
                size="small"
              />
            );
          })}
        </Paper>
      ))}
      <Button variant="contained">Сохранить</Button>
    </Box>
  );
}

const root = document.getElementById("root");
if (!root) throw new Error("form.html has no #root element");
createRoot(root).render(
  <ThemeProvider theme={createTheme()}>
    <CssBaseline />
    <Form />
  </ThemeProvider>,
);
