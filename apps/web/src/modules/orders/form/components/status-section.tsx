import AttachFileIcon from "@mui/icons-material/AttachFile";
import Box from "@mui/material/Box";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Grid from "@mui/material/Grid";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../../app/field-labels";
import { useFieldState } from "../../../../components/form/field-state";
import { TextFieldControl } from "../../../../components/form/fields";
import { FileDropZone, UploadList, useUploads } from "../../../../components/upload/file-drop-zone";
import { type StatusRow, statusName } from "../../api";
import { uploadSignedOrder } from "../api";
import type { OrderRow } from "../order-values";
import { FormSection, type OrderFormApi } from "./form-section";

/** The name of the move into a status, in the interface language (the Russian one where the English is missing). */
function transitionName(status: StatusRow, language: string): string {
  return language === "en" ? status.transition_name_en || status.transition_name : status.transition_name;
}

/**
 * The order's status (spec 01 §2, §4): the current one by its name, the moves the workflow offers this user by
 * their transition names; the comment (required where the chosen status needs one) and the signed order's upload
 * (where it needs one: the file's id goes with the move).
 */
export function StatusSection(props: {
  form: OrderFormApi;
  order: OrderRow;
  current: StatusRow;
  workflow: readonly StatusRow[];
}) {
  const { t, i18n } = useTranslation("orderForm");
  const labels = useFieldLabels("freight_order");
  const { form, order, current } = props;
  const [chosenId, signFileId] = useWatch({ control: form.control, name: ["status", "sign_file_id"] });
  // Just after a move, until the moves are asked again, the old list may still name the new current status: two
  // radios of one value would leave the browser checking the one that then goes away
  const moves = props.workflow.filter((status) => status.id !== current.id);
  const chosen = moves.find((status) => status.id === chosenId) ?? current;
  const statusField = useFieldState({ control: form.control, name: "status", label: "" });
  const signField = useFieldState({ control: form.control, name: "sign_file_id", label: "" });
  const [signedName, setSignedName] = useState<string | null>(null);
  const uploads = useUploads(async (file, onProgress) => {
    const answer = await uploadSignedOrder(order.id, file, onProgress);
    setSignedName(file.name);
    form.setValue("sign_file_id", answer.id, { shouldDirty: true });
    form.clearErrors("sign_file_id");
  });

  const choose = (id: number) => {
    statusField.field.onChange(id);
    const isCurrent = id === order.status;
    // A comment and a signed document go with their move: another move starts without them
    form.setValue("status_comment", isCurrent ? order.status_comment : "", { shouldDirty: true });
    if (!isCurrent) form.setValue("sign_file_id", order.sign_file_id, { shouldDirty: true });
    setSignedName(null);
    form.clearErrors(["status_comment", "sign_file_id"]);
  };

  return (
    <FormSection title={labels.section("status")}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, md: 5 }}>
          <FormControl error={statusField.error} component="fieldset">
            <FormLabel component="legend" sx={{ typography: "body2" }}>
              {t("status.choose")}
            </FormLabel>
            <RadioGroup
              name="status"
              value={String(chosenId)}
              onChange={(event) => choose(Number(event.target.value))}
            >
              <FormControlLabel
                value={String(current.id)}
                control={<Radio size="small" slotProps={{ input: { ref: statusField.field.ref } }} />}
                label={
                  <span>
                    {statusName(current, i18n.language)}{" "}
                    <Typography component="span" variant="caption" color="textSecondary">
                      {t("status.current")}
                    </Typography>
                  </span>
                }
              />
              {moves.map((status) => (
                <FormControlLabel
                  key={status.id}
                  value={String(status.id)}
                  control={<Radio size="small" />}
                  label={transitionName(status, i18n.language)}
                />
              ))}
            </RadioGroup>
            {moves.length === 0 && <FormHelperText>{t("status.noMoves")}</FormHelperText>}
            {statusField.message && <FormHelperText>{statusField.message}</FormHelperText>}
          </FormControl>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <TextFieldControl
            control={form.control}
            name="status_comment"
            max={1000}
            multiline
            minRows={2}
            label={labels.inSection("status_comment")}
            required={chosen.comment_required}
            hint={chosen.comment_required ? t("status.commentRequired") : undefined}
          />
          {chosen.attachment_required && chosen.id !== order.status && (
            <Box sx={{ mt: 1.5 }}>
              <Typography variant="body2" sx={{ mb: 0.5, display: "flex", alignItems: "center", gap: 0.5 }}>
                <AttachFileIcon fontSize="small" />
                {signFileId && signFileId !== order.sign_file_id
                  ? t("status.attached", { name: signedName ?? `#${signFileId}` })
                  : t("status.attachRequired")}
              </Typography>
              <FileDropZone
                multiple={false}
                accept=".pdf,.png,.jpg,.jpeg,.tif,.tiff"
                onFiles={(files) => void uploads.add(files.slice(0, 1))}
                disabled={uploads.isUploading}
                hint={t("status.signedHint")}
              />
              <UploadList items={uploads.items} />
              {signField.message && (
                <FormHelperText error role="alert">
                  {signField.message}
                </FormHelperText>
              )}
            </Box>
          )}
        </Grid>
      </Grid>
    </FormSection>
  );
}
