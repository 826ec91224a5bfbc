import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Tooltip from "@mui/material/Tooltip";
import {
  freightOrderFileFields,
  ORDER_FILE_TYPES,
  orderFilePolicy,
  type RowOf,
  uploadLimitMegabytes,
} from "@portal/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "../../../../app/app-config";
import { useFieldLabels } from "../../../../app/field-labels";
import { useCurrentUser } from "../../../../app/use-session";
import { DataGrid, gridQueryKey } from "../../../../components/data-grid";
import { fieldColumns } from "../../../../components/data-grid/field-columns";
import { FileDropZone, UploadList, useUploads } from "../../../../components/upload/file-drop-zone";
import type { StatusRow } from "../../api";
import { documentTypesQuery, orderDocuments } from "../api";
import type { OrderRow } from "../order-values";
import { FormSection } from "./form-section";

type FileRow = RowOf<typeof freightOrderFileFields>;

const GRID_ID = "order-documents";
const ACCEPT = Object.keys(ORDER_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(",");
const NEWEST_FIRST = [{ id: "create_date", desc: true }] as const;

/**
 * The order's documents (spec 01 §2, edit mode): files dropped or chosen are uploaded with their progress; a row's
 * number, date, type, title and original flag are edited in place; a document is downloaded, or deleted after a
 * question. Who may change them is the order files' policy (`orderFilePolicy`, which the API enforces); everyone
 * who sees the order lists and downloads them.
 */
export function DocumentsSection({ order, current }: { order: OrderRow; current: StatusRow }) {
  const { t, i18n } = useTranslation("orderForm");
  const labels = useFieldLabels("freight_order_file");
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const documents = useMemo(() => orderDocuments(order.id), [order.id]);
  const canChange = orderFilePolicy.canChangeDocuments(user, current);
  const types = useQuery(documentTypesQuery);
  const isEnglish = i18n.language === "en";
  // The deployment's limit, as the API and the browser's check before sending apply it
  const uploadLimit = useAppConfig().data?.upload_max_bytes;
  const uploads = useUploads(async (file, onProgress) => {
    await documents.upload(file, onProgress);
    void queryClient.invalidateQueries({ queryKey: gridQueryKey(GRID_ID) });
  });

  const columns = useMemo(
    () =>
      fieldColumns<typeof freightOrderFileFields, FileRow>(
        freightOrderFileFields,
        [
          { field: "filename", size: 220 },
          { field: "document_number", size: 130 },
          { field: "document_date", size: 130 },
          {
            field: "document_type",
            size: 180,
            options: (types.data ?? []).map((type) => ({
              value: type.id,
              label: isEnglish ? type.title_en || type.title : type.title,
            })),
          },
          { field: "document_title", size: 220 },
          { field: "is_original", size: 110 },
          { field: "size", size: 100, hidden: true },
          { field: "create_date", size: 150 },
          { field: "author", size: 160, hidden: true, sortable: false, filter: false },
        ],
        labels.label,
      ),
    [labels, types.data, isEnglish],
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      <FormSection title={t("sections.documents")}>
        {canChange && (
          <>
            <FileDropZone
              accept={ACCEPT}
              onFiles={(files) => void uploads.add(files)}
              hint={
                uploadLimit === undefined
                  ? undefined
                  : t("documents.hint", { size: uploadLimitMegabytes(uploadLimit) })
              }
            />
            <UploadList items={uploads.items} />
          </>
        )}
        <div style={{ marginTop: 8 }}>
          <DataGrid<FileRow>
            gridId={GRID_ID}
            resource={documents.path}
            stateIn="memory"
            columns={columns}
            defaultSorting={NEWEST_FIRST}
            pageSize={10}
            onSave={canChange ? (row, changes) => documents.update(row, changes) : undefined}
            onDelete={canChange ? documents.remove : undefined}
            rowLabel={(row) => row.filename}
            renderRowActions={(row) => (
              <Tooltip title={t("documents.download")}>
                <IconButton
                  size="small"
                  aria-label={t("documents.download")}
                  onClick={() => void documents.download(row)}
                >
                  <FileDownloadOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            rowActionsWidth={canChange ? 120 : 64}
            enableExport={false}
            maxHeight="440px"
          />
        </div>
      </FormSection>
    </Paper>
  );
}
