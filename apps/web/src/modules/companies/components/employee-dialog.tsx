import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import useMediaQuery from "@mui/material/useMediaQuery";
import { EMPLOYEE_ROLES, USER_GRANTS, type User, userFields } from "@portal/domain";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { queryClient } from "../../../app/query-client";
import { enqueueSnackbar } from "../../../app/toasts";
import { CheckboxFieldControl, MultiSelectFieldControl } from "../../../components/form/fields";
import { GeneralAlert } from "../../../components/form/general-alert";
import { NewPasswordFields } from "../../../components/form/new-password-fields";
import { SectionDivider } from "../../../components/form/section-divider";
import { SectionFields } from "../../../components/form/section-fields";
import { useServerForm } from "../../../components/form/use-server-form";
import { companyLists, users } from "../api";
import type { CompanyRow } from "../companies-grid";
import {
  EMPLOYEE_FORM_FIELDS,
  type EmployeeFormValues,
  employeeBody,
  employeeFormValues,
} from "../employee-form";

/** The employee's name in a row, their contacts in the next. */
const EMPLOYEE_SIZES = {
  username: { xs: 12, sm: 4 },
  first_name: { xs: 12, sm: 4 },
  last_name: { xs: 12, sm: 4 },
  email: { xs: 12, sm: 6 },
  phone: { xs: 12, sm: 6 },
};
/** Someone else's account: nothing of the manager's own is offered to fill it in. */
const EMPLOYEE_INPUTS = {
  username: { autoComplete: "off", autoFocus: true },
  first_name: { autoComplete: "off" },
  last_name: { autoComplete: "off" },
  email: { autoComplete: "off" },
  phone: { autoComplete: "off" },
};

export interface EmployeeDialogProps {
  company: CompanyRow;
  /** The employee to change, "new" to add one, null when closed. */
  employee: User | "new" | null;
  onClose(): void;
  /** After a save: the employees' grid reloads. */
  onSaved(): void;
}

/** The employee form (spec 02, Company form; §5) in a dialog over the company's page. */
export function EmployeeDialog({ company, employee, onClose, onSaved }: EmployeeDialogProps) {
  const isPhone = useMediaQuery("(max-width:600px)");
  return (
    <Dialog open={employee !== null} onClose={onClose} fullScreen={isPhone} maxWidth="md" fullWidth>
      {employee !== null && (
        <EmployeeForm
          key={employee === "new" ? "new" : employee.id}
          company={company}
          employee={employee === "new" ? null : employee}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function EmployeeForm({
  company,
  employee: opened,
  onClose,
  onSaved,
}: Omit<EmployeeDialogProps, "employee"> & { employee: User | null }) {
  const { t } = useTranslation("companies");
  const labels = useFieldLabels("user");
  const isForwarder = company.is_expedition_company;
  // The employee as last read: a conflict reloads them, and the next change is based on their new version
  const [employee, setEmployee] = useState(opened);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const employees = companyLists(company.id).employees;

  const { form, general, setGeneral, submitWith } = useServerForm({
    schema: () =>
      import("../form-schemas").then((m) => (opened ? m.employeePatchForm : m.employeeCreateForm)),
    defaultValues: employeeFormValues(opened, isForwarder),
    fields: EMPLOYEE_FORM_FIELDS,
    conflict: opened
      ? {
          message: t("employees.conflict"),
          reload: async () => {
            const current = await queryClient.fetchQuery({ ...users.oneQuery(opened.id), staleTime: 0 });
            if (current) setEmployee(current);
            return current && employeeFormValues(current, isForwarder);
          },
        }
      : undefined,
  });
  const { control, formState } = form;
  // Adding someone to the forwarder's own company gives them manager powers: saved only once confirmed
  const warningTicked = useWatch({ control, name: "change_company_warning" });
  const needsWarning = isForwarder && !opened;

  const save = submitWith(async (values) => {
    const body = employeeBody(values as EmployeeFormValues, employee);
    if (employee) await users.update(employee, body);
    else await employees.create(body);
    enqueueSnackbar(t(employee ? "employees.saved" : "employees.added"), {
      variant: "success",
      autoHideDuration: 4_000,
    });
    onSaved();
    onClose();
    return undefined;
  });

  return (
    <form noValidate onSubmit={save}>
      <DialogTitle>
        {opened ? t("employees.editTitle", { name: opened.username }) : t("employees.addTitle")}
      </DialogTitle>
      <DialogContent>
        <GeneralAlert general={general} onClose={() => setGeneral(null)} />
        {/* Room for the first fields' labels, which rise above their inputs */}
        <Box sx={{ pt: 1 }}>
          <SectionFields
            fields={userFields}
            section="person"
            control={control}
            labels={labels}
            readOnly={false}
            sizes={EMPLOYEE_SIZES}
            inputs={EMPLOYEE_INPUTS}
            // Only the username is required of an employee (spec 02 §5): they complete their profile themselves
            required={(name) => name === "username"}
          />
        </Box>
        {isForwarder && (
          <Box sx={{ pt: 1.5 }}>
            <MultiSelectFieldControl
              control={control}
              name="roles"
              label={t("employees.roles")}
              required
              options={EMPLOYEE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            />
          </Box>
        )}
        <SectionDivider>{t(opened ? "employees.newPassword" : "employees.password")}</SectionDivider>
        <NewPasswordFields
          form={form}
          labels={{
            password: t("employees.passwords.password"),
            confirm: t("employees.passwords.password_confirm"),
            generate: t("employees.generate"),
          }}
          visible={passwordVisible}
          onVisibleChange={setPasswordVisible}
          required={!opened}
          hint={opened ? t("employees.passwordHint") : undefined}
        />
        {opened && (
          <CheckboxFieldControl
            control={control}
            name="is_active"
            label={labels.inSection("is_active")}
            hint={t("employees.activeHint")}
          />
        )}
        {opened && !isForwarder && (
          <>
            <SectionDivider>{t("employees.grants.title")}</SectionDivider>
            {USER_GRANTS.map((name) => (
              <CheckboxFieldControl
                key={name}
                control={control}
                name={name}
                label={t(`employees.grants.${name}`)}
                hint={t(`employees.grants.${name}_hint`)}
              />
            ))}
          </>
        )}
        {needsWarning && (
          <Alert severity="warning" icon={false} sx={{ mt: 1.5, py: 0 }}>
            <CheckboxFieldControl
              control={control}
              name="change_company_warning"
              label={t("employees.warning")}
            />
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={formState.isSubmitting}>
          {t("cancel")}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting || (needsWarning && !warningTicked)}
        >
          {t(opened ? "save" : "employees.addButton")}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The employee as stored now, through the company's list (the API has no GET of one user). */
