import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { companyManagerFields, Fields, RowOf, User } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { type FieldValues, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useFieldLabels } from "../../../app/field-labels";
import type { resourceClient } from "../../../app/resource-client";
import { enqueueSnackbar } from "../../../app/toasts";
import { DataGrid, gridQueryKey } from "../../../components/data-grid";
import { type FieldColumn, fieldColumns } from "../../../components/data-grid/field-columns";
import { GeneralAlert } from "../../../components/form/general-alert";
import { LookupFieldControl } from "../../../components/form/lookup-field";
import type { FetchLookupPage } from "../../../components/form/lookup-search";
import { useServerForm } from "../../../components/form/use-server-form";
import { CompanySection, SECTION_GRID_HEIGHT } from "./company-section";

/** What the grid needs of either list's rows: both lists define these fields alike. */
type LinkRow = RowOf<Pick<typeof companyManagerFields, "id" | "first_name" | "last_name">>;

/** What differs between a company's managers and its related users. */
export interface UserLinks<F extends Fields> {
  gridId: string;
  /** The key of the texts in the `companies` catalog: `<texts>.title`, `.add`, `.choose`, `.added`. */
  texts: "managers" | "relatedUsers";
  /** The field set whose labels name the columns. */
  resource: "company_manager" | "related_user";
  client: ReturnType<typeof resourceClient<F>>;
  fields: F;
  columns: readonly FieldColumn<F, RowOf<F> & LinkRow>[];
  /** The body's field naming the user (`manager_id`, `user_id`). */
  userField: keyof F & string;
  /** The API's body of an addition (packages/domain), loaded with zod when first sent. */
  body: () => Promise<z.ZodType<FieldValues, FieldValues>>;
  /** The users one may add. */
  choices: FetchLookupPage<User>;
  /** Whether the user may add and remove (the API refuses others with 403); everyone here reads. */
  canWrite: boolean;
}

/**
 * A company's list of linked users (its managers, its related users): read by every manager, and for those the
 * policy lets, added by picking a user in a server-searched list and removed after a confirmation.
 */
export function LinkedUsersGrid<F extends Fields>(props: UserLinks<F>) {
  const { t } = useTranslation("companies");
  const [isAdding, setIsAdding] = useState(false);
  const labels = useFieldLabels(props.resource);
  const { client, fields, canWrite } = props;
  const columns = useMemo(
    () => fieldColumns(fields, props.columns, labels.label),
    [fields, props.columns, labels],
  );
  return (
    <CompanySection title={t(`${props.texts}.title`)}>
      <DataGrid<RowOf<F> & LinkRow>
        gridId={props.gridId}
        resource={client.path}
        stateIn="memory"
        columns={columns}
        defaultSorting={BY_NAME}
        pageSize={10}
        onAdd={canWrite ? () => setIsAdding(true) : undefined}
        addLabel={t(`${props.texts}.add`)}
        onDelete={canWrite ? client.remove : undefined}
        rowLabel={personName}
        enableExport={false}
        maxHeight={SECTION_GRID_HEIGHT}
      />
      <Dialog open={isAdding} onClose={() => setIsAdding(false)} maxWidth="sm" fullWidth>
        {isAdding && <AddLinkForm {...props} onClose={() => setIsAdding(false)} />}
      </Dialog>
    </CompanySection>
  );
}

const BY_NAME = [{ id: "last_name", desc: false }] as const;

/** A person as the lists order them: last name first (a user without a name by their username). */
function personName(person: { last_name: string; first_name: string; username?: string }): string {
  return [person.last_name, person.first_name].filter(Boolean).join(" ") || (person.username ?? "");
}

/** The choice of a user to link, sent as `{<userField>: id}`; a refusal (not staff, already listed) shows under it. */
function AddLinkForm<F extends Fields>(props: UserLinks<F> & { onClose(): void }) {
  const { t } = useTranslation("companies");
  const queryClient = useQueryClient();
  const field = props.userField;
  const { form, general, submitWith } = useServerForm({
    schema: props.body,
    defaultValues: { [field]: null },
    fields: [field],
  });
  const chosen = useWatch({ control: form.control, name: field });
  const save = submitWith(async (values) => {
    await props.client.create(values);
    enqueueSnackbar(t(`${props.texts}.added`), { variant: "success", autoHideDuration: 4_000 });
    void queryClient.invalidateQueries({ queryKey: gridQueryKey(props.gridId) });
    props.onClose();
    return undefined;
  });
  return (
    <form noValidate onSubmit={save}>
      <DialogTitle>{t(`${props.texts}.add`)}</DialogTitle>
      <DialogContent>
        <GeneralAlert general={general} />
        {/* Room for the field's label, which rises above its input */}
        <Box sx={{ pt: 1 }}>
          <LookupFieldControl<Record<string, unknown>, User>
            control={form.control}
            name={field}
            label={t(`${props.texts}.choose`)}
            required
            autoFocus
            fetchPage={props.choices}
            getValue={(user) => user.id}
            getLabel={personName}
            getDescription={(user) =>
              [user.username, user.company?.name, user.email].filter(Boolean).join(" · ")
            }
            hint={t("lookupHint")}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={form.formState.isSubmitting}>
          {t("cancel")}
        </Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting || chosen == null}>
          {t("add")}
        </Button>
      </DialogActions>
    </form>
  );
}
