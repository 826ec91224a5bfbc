import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import Alert from "@mui/material/Alert";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FetchLookupPage, INITIAL_LOOKUP_STATE, LookupSearch, type LookupState } from "./lookup-search";

/**
 * A button beside a text field that opens a list of earlier values to pick from (an order's description and
 * notes): the server searches what is typed 400 ms after the last key; a click or Enter on a value gives it to
 * `onPick`, and the popup closes (Esc closes it without a choice).
 */
export function SuggestionPicker(props: {
  fetchPage: FetchLookupPage<{ value: string }>;
  /** The popup's title and the button's name. */
  title: string;
  onPick(value: string): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("signedIn");
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Tooltip title={props.title}>
        <span>
          <IconButton
            size="small"
            aria-label={props.title}
            disabled={props.disabled}
            onClick={() => setIsOpen(true)}
          >
            <ManageSearchIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{props.title}</DialogTitle>
        {isOpen && (
          <Suggestions
            fetchPage={props.fetchPage}
            searchLabel={t("suggestions.search")}
            onPick={(value) => {
              setIsOpen(false);
              props.onPick(value);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function Suggestions(props: {
  fetchPage: FetchLookupPage<{ value: string }>;
  searchLabel: string;
  onPick(value: string): void;
}) {
  const { t } = useTranslation("signedIn");
  const [state, setState] = useState<LookupState<{ value: string }>>(INITIAL_LOOKUP_STATE);
  const search = useRef<LookupSearch<{ value: string }> | null>(null);
  search.current ??= new LookupSearch(props.fetchPage, setState);
  useEffect(() => {
    search.current?.searchNow("");
    return () => search.current?.dispose();
  }, []);
  return (
    <DialogContent sx={{ pt: 0 }}>
      <TextField
        autoFocus
        fullWidth
        size="small"
        margin="dense"
        label={props.searchLabel}
        onChange={(event) => search.current?.search(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200, autoComplete: "off" } }}
      />
      <LinearProgress sx={{ visibility: state.loading ? "visible" : "hidden", mt: 0.5 }} />
      {state.failed && <Alert severity="error">{t("lookup.failed")}</Alert>}
      {!state.loading && !state.failed && state.items.length === 0 && (
        <Typography color="textSecondary" sx={{ py: 2 }}>
          {t("lookup.nothing")}
        </Typography>
      )}
      <List dense sx={{ maxHeight: 360, overflow: "auto" }}>
        {state.items.map((item) => (
          <ListItemButton
            key={item.value}
            divider
            onClick={() => props.onPick(item.value)}
            sx={{ whiteSpace: "pre-line", alignItems: "flex-start" }}
          >
            <Typography variant="body2" sx={CLAMP}>
              {item.value}
            </Typography>
          </ListItemButton>
        ))}
      </List>
    </DialogContent>
  );
}

/** A long earlier value shows its first lines. */
const CLAMP = {
  display: "-webkit-box",
  WebkitLineClamp: 4,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
} as const;
