import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { type ConflictRow, conflictRows, type FormConflict } from "./conflict";

/**
 * Someone else saved the record while the user was editing it (useServerForm's `compare`): field by field, what
 * they changed next to the user's own edits (a field both changed is marked), and the two ways out: the user's
 * edits on top of the new version (saved with the next Save), or the new version as it is.
 */
export function ConflictPanel<V extends object>(props: {
  conflict: FormConflict<V>;
  /** The form's fields, in the order to list them. */
  fields: readonly string[];
  label(field: string): string;
  /** A value as the form shows it (a choice's name, a date, an amount); empty for nothing. */
  format(field: string, value: unknown): string;
  onResolve(choice: "mine" | "theirs"): void;
}) {
  const { t } = useTranslation("signedIn");
  const rows = conflictRows(props.conflict, props.fields);
  const shown = (row: ConflictRow, value: unknown, changed: boolean) =>
    changed ? props.format(row.field, value) || t("formConflict.empty") : t("formConflict.unchanged");
  return (
    <Alert severity="warning" role="alert" sx={{ "& .MuiAlert-message": { flex: 1, minWidth: 0 } }}>
      <AlertTitle>{t("formConflict.title")}</AlertTitle>
      {t("formConflict.text")}
      <Box sx={{ overflowX: "auto", my: 1 }}>
        <Table size="small" aria-label={t("formConflict.title")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("formConflict.field")}</TableCell>
              <TableCell>{t("formConflict.theirs")}</TableCell>
              <TableCell>{t("formConflict.mine")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.field}
                sx={row.isMine && row.isTheirs ? { bgcolor: "rgba(237, 108, 2, 0.12)" } : undefined}
              >
                <TableCell component="th" scope="row">
                  {props.label(row.field)}
                  {row.isMine && row.isTheirs && (
                    <Box component="span" sx={{ display: "block", color: "warning.dark", fontSize: 12 }}>
                      {t("formConflict.both")}
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={CELL}>{shown(row, row.theirs, row.isTheirs)}</TableCell>
                <TableCell sx={CELL}>{shown(row, row.mine, row.isMine)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        <Button variant="contained" size="small" onClick={() => props.onResolve("mine")}>
          {t("formConflict.keepMine")}
        </Button>
        <Button variant="outlined" size="small" color="inherit" onClick={() => props.onResolve("theirs")}>
          {t("formConflict.takeTheirs")}
        </Button>
      </Box>
    </Alert>
  );
}

const CELL = { whiteSpace: "pre-line", wordBreak: "break-word", maxWidth: 360 } as const;
