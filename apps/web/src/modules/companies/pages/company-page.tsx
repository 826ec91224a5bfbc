import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import {
  companyManagerFields,
  companyManagerPolicy,
  relatedUserFields,
  relatedUserPolicy,
  type User,
} from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Link as RouterLink, useParams } from "react-router";
import { ApiError } from "../../../app/api-client";
import { reportApiFailure, showToast, TOAST_MS } from "../../../app/errors";
import { useCurrentUser } from "../../../app/use-session";
import { listSource } from "../../../components/form/lookup-field";
import { companies, companyLists, STAFF_PATH, users } from "../api";
import type { CompanyRow } from "../companies-grid";
import { CompanyForm } from "../components/company-form";
import { EmployeesGrid } from "../components/employees-grid";
import { LinkedUsersGrid } from "../components/linked-users-grid";

/**
 * /company/add and /company/edit/{id} (managers): the company's form and, once it exists, its employees, its
 * managers (not for the forwarder's own company) and its related users.
 */
export function CompanyPage() {
  const { id } = useParams();
  if (id === undefined) return <CompanyForm company={null} />;
  const companyId = Number(id);
  if (!Number.isSafeInteger(companyId) || companyId <= 0) return <Navigate to="/companies" replace />;
  // A new company's form is another page: the form starts again from the saved company
  return <CompanyEditor key={companyId} companyId={companyId} />;
}

function CompanyEditor({ companyId }: { companyId: number }) {
  const { t } = useTranslation("companies");
  const company = useQuery(companies.oneQuery(companyId, { silent: true }));
  useEffect(() => {
    if (!company.error) return;
    // Spec 02 §8: the forwarder's own company opened by a plain manager says so for 15 s, as the list does
    if (company.error instanceof ApiError && company.error.status === 403) {
      showToast({ message: t("errors:accessDenied"), duration: TOAST_MS.denied });
    } else reportApiFailure(company.error);
  }, [company.error, t]);
  if (company.error) {
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to="/companies" color="inherit" size="small">
            {t("backToList")}
          </Button>
        }
      >
        {t("loadFailed")}
      </Alert>
    );
  }
  if (!company.data) return <LinearProgress aria-label={t("loading")} />;
  return (
    <Stack spacing={2}>
      <CompanyForm company={company.data} />
      <EmployeesGrid company={company.data} />
      <CompanyLinks company={company.data} />
    </Stack>
  );
}

const BY_NAME = "last_name,first_name";
/** A company's managers are chosen among the staff with manager powers, its related users among every user. */
const staffChoices = listSource<User>(STAFF_PATH, BY_NAME);
const userChoices = listSource<User>(users.path, BY_NAME);

const PERSON = [
  { field: "id", hidden: true, size: 90 },
  { field: "last_name", size: 150 },
  { field: "first_name", size: 140 },
] as const;

const MANAGER_COLUMNS = [...PERSON, { field: "phone", size: 150 }, { field: "email", size: 220 }] as const;
const RELATED_USER_COLUMNS = [
  ...PERSON,
  { field: "username", size: 150 },
  { field: "company_name", size: 220 },
  { field: "email", size: 220 },
] as const;

/** The company's managers (administrators change them; the forwarder's own has none) and its related users. */
function CompanyLinks({ company }: { company: CompanyRow }) {
  const user = useCurrentUser();
  const lists = companyLists(company.id);
  return (
    <>
      {!company.is_expedition_company && (
        <LinkedUsersGrid
          gridId="company-managers"
          texts="managers"
          client={lists.managers}
          fields={companyManagerFields}
          columns={MANAGER_COLUMNS}
          userField="manager_id"
          body={() => import("../form-schemas").then((m) => m.companyManagerCreateBody)}
          choices={staffChoices}
          canWrite={companyManagerPolicy.canWrite(user)}
        />
      )}
      <LinkedUsersGrid
        gridId="company-related-users"
        texts="relatedUsers"
        client={lists.relatedUsers}
        fields={relatedUserFields}
        columns={RELATED_USER_COLUMNS}
        userField="user_id"
        body={() => import("../form-schemas").then((m) => m.relatedUserCreateBody)}
        choices={userChoices}
        canWrite={relatedUserPolicy.canWrite(user)}
      />
    </>
  );
}
