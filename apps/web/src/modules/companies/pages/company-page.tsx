import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { ApiError } from "../../../app/api-client";
import { reportApiFailure, showToast, TOAST_MS } from "../../../app/errors";
import { LoadFailed } from "../../../components/load-failed";
import { companies } from "../api";
import { CompanyForm } from "../components/company-form";

// The company's lists (three grids) load beside its form, not before it: their code is asked for with the page's,
// and the form shows as soon as it is there
const listsModule = import("../components/company-lists");
const CompanyLists = lazy(() => listsModule.then((m) => ({ default: m.CompanyLists })));

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
    return <LoadFailed message={t("loadFailed")} back={{ to: "/companies", label: t("backToList") }} />;
  }
  if (!company.data) return <LinearProgress aria-label={t("loading")} />;
  return (
    <Stack spacing={2}>
      <CompanyForm company={company.data} />
      <Suspense fallback={<LinearProgress aria-label={t("loading")} />}>
        <CompanyLists company={company.data} />
      </Suspense>
    </Stack>
  );
}
