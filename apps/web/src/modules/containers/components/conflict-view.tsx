import { CONTAINER_STATUSES } from "@portal/domain";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import type { FormConflict } from "../../../components/form/conflict";
import { ConflictPanel } from "../../../components/form/conflict-panel";
import { CONTAINER_FORM_FIELDS, type ContainerFormValues } from "../container-values";

const STATUS_NAMES = new Map(Object.entries(CONTAINER_STATUSES).map(([name, id]) => [id as number, name]));

/**
 * The container saved by someone else while the user edited it: the form kit's side-by-side view with the
 * container's labels and values as the form shows them.
 */
export default function ConflictView(props: {
  conflict: FormConflict<ContainerFormValues>;
  onResolve(choice: "mine" | "theirs"): void;
}) {
  const { t } = useTranslation("containers");
  const labels = useFieldLabels("container");
  const format = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return "";
    if (field === "status") return t(`statuses.${STATUS_NAMES.get(value as number) ?? "pending"}`);
    if (field === "pkg_state") return labels.choice(field, String(value));
    if (typeof value === "boolean") return t(value ? "form.yes" : "form.no");
    return String(value);
  };
  return (
    <ConflictPanel
      conflict={props.conflict}
      fields={CONTAINER_FORM_FIELDS}
      label={labels.label}
      format={format}
      onResolve={props.onResolve}
    />
  );
}
