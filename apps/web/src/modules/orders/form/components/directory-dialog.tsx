import DoneIcon from "@mui/icons-material/Done";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import useMediaQuery from "@mui/material/useMediaQuery";
import { directoryCompanyFields, directoryPolicy } from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../../app/field-labels";
import { useCurrentUser } from "../../../../app/use-session";
import { DataGrid } from "../../../../components/data-grid";
import { fieldColumns } from "../../../../components/data-grid/field-columns";
import { directory } from "../api";
import type { DirectoryEntryRow } from "../order-values";

const BY_NAME = [{ id: "short_name", desc: false }] as const;

/**
 * The consignor/consignee directory (spec 01 §2, 10 entries a page): searched, added to and edited in place (a
 * company's own entries by its people, public ones by managers only); choosing an entry (its button, a
 * double-click or Enter) fills the party's block.
 */
export function DirectoryDialog(props: {
  title: string;
  onChoose(entry: DirectoryEntryRow): void;
  onClose(): void;
}) {
  const { t } = useTranslation("orderForm");
  const labels = useFieldLabels("directory_company");
  const user = useCurrentUser();
  const isPhone = useMediaQuery("(max-width:599.95px)");
  const columns = useMemo(
    () =>
      fieldColumns<typeof directoryCompanyFields, DirectoryEntryRow>(
        directoryCompanyFields,
        [
          { field: "short_name", size: 240 },
          { field: "inn", size: 120 },
          { field: "countrycode", size: 90 },
          { field: "city", size: 130 },
          { field: "streethouse", size: 180, hidden: isPhone },
          { field: "contact_person", size: 160 },
          { field: "phone", size: 150, hidden: isPhone },
          { field: "email", size: 180, hidden: true },
          { field: "okpo", size: 110, hidden: true },
          { field: "rail_code", size: 110, hidden: true },
          { field: "postalcode", size: 100, hidden: true },
          // Only managers make an entry public (the API ignores it from others)
          { field: "public", size: 100, editable: !directoryPolicy.ignoresField(user, "public") },
          { field: "company_name", size: 200, hidden: !user.is_manager },
        ],
        labels.label,
      ),
    [labels, user, isPhone],
  );
  return (
    <Dialog open onClose={props.onClose} maxWidth="xl" fullWidth fullScreen={isPhone}>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent sx={{ p: 1 }}>
        <DataGrid<DirectoryEntryRow>
          gridId="order-directory"
          resource={directory.path}
          stateIn="memory"
          columns={columns}
          defaultSorting={BY_NAME}
          pageSize={10}
          pageSizeOptions={[5, 10, 20, 50]}
          onCreate={directory.create}
          addLabel={t("directory.add")}
          onSave={(row, changes) => directory.update(row, changes)}
          canEdit={(row) => directoryPolicy.canChangeRow(user, row)}
          onRowDoubleClick={props.onChoose}
          renderRowActions={(row) => (
            <Tooltip title={t("directory.choose")}>
              <IconButton
                size="small"
                color="primary"
                aria-label={t("directory.choose")}
                onClick={() => props.onChoose(row)}
              >
                <DoneIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          rowActionsWidth={110}
          enableExport={false}
          maxHeight={isPhone ? "calc(100dvh - 130px)" : "min(640px, calc(100vh - 180px))"}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t("close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
