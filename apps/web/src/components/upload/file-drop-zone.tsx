import CloudUploadOutlinedIcon from "@mui/icons-material/CloudUploadOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UploadProgress } from "../../app/api-client";
import { formErrorsOf } from "../../app/form-errors";

/**
 * Where files are dropped, or chosen with a button (the keyboard's way): each file goes to `onFiles`. `accept`
 * narrows the file picker (`.pdf,.png`); the server decides what it takes.
 */
export function FileDropZone(props: {
  onFiles(files: File[]): void;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** A line under the zone: what is taken and how large. */
  hint?: string;
}) {
  const { t } = useTranslation("signedIn");
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    if (props.disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) props.onFiles(props.multiple === false ? files.slice(0, 1) : files);
  };
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!props.disabled) setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: "dashed",
        borderColor: isOver ? "primary.main" : "divider",
        bgcolor: isOver ? "action.hover" : undefined,
        borderRadius: 1,
        px: 2,
        py: 1,
        display: "flex",
        alignItems: "center",
        flexWrap: "wrap",
        gap: 1,
        opacity: props.disabled ? 0.6 : 1,
      }}
    >
      <CloudUploadOutlinedIcon color="action" />
      <Typography variant="body2">{t("upload.drop")}</Typography>
      <Button size="small" disabled={props.disabled} onClick={() => input.current?.click()}>
        {t("upload.choose")}
      </Button>
      {props.hint && (
        <Typography variant="caption" color="textSecondary" sx={{ flexBasis: "100%" }}>
          {props.hint}
        </Typography>
      )}
      <input
        ref={input}
        type="file"
        hidden
        multiple={props.multiple !== false}
        accept={props.accept}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) props.onFiles(files);
        }}
      />
    </Box>
  );
}

/** A file on its way up: how far it has got, and the server's refusal if it came. */
export interface UploadItem {
  key: number;
  name: string;
  /** 0–100. */
  percent: number;
  error?: string;
}

let nextKey = 1;

/**
 * Uploads files one after the other with `upload`, keeping each one's progress until it is done (then it leaves
 * the list) or refused (then it stays, with the server's message, until the next files come).
 */
export function useUploads(
  upload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<unknown>,
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const update = (key: number, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const add = async (files: File[]) => {
    const added = files.map((file) => ({ key: nextKey++, name: file.name, percent: 0, file }));
    setItems((list) => [
      ...list.filter((item) => !item.error),
      ...added.map(({ file: _file, ...item }) => item),
    ]);
    for (const { key, file } of added) {
      try {
        await upload(file, ({ loaded, total }) =>
          update(key, { percent: Math.round((loaded / total) * 100) }),
        );
        setItems((list) => list.filter((item) => item.key !== key));
      } catch (error) {
        // Every message of the refusal is the file's (formErrorsOf puts them all in `detail` for no fields)
        update(key, {
          error: formErrorsOf(error, [])?.detail ?? (error instanceof Error ? error.message : ""),
        });
      }
    }
  };
  return { items, add, isUploading: items.some((item) => !item.error) };
}

/** The files being uploaded, each with its progress bar or its refusal. */
export function UploadList({ items }: { items: readonly UploadItem[] }) {
  const { t } = useTranslation("signedIn");
  if (items.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mt: 1 }} aria-live="polite">
      {items.map((item) => (
        <Box component="li" key={item.key} sx={{ mb: 0.5 }}>
          <Typography variant="body2" color={item.error ? "error" : undefined} noWrap>
            {item.name}
            {item.error ? ` — ${t("upload.failed", { message: item.error })}` : ` — ${item.percent}%`}
          </Typography>
          {!item.error && (
            <LinearProgress variant="determinate" value={item.percent} aria-label={item.name} />
          )}
        </Box>
      ))}
    </Box>
  );
}
