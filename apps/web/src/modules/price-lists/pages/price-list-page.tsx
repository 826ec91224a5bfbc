import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { companyServiceFields, companyTransportationCostFields } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { useFieldLabels } from "../../../app/field-labels";
import { everyField } from "../../../components/data-grid/field-columns";
import { LoadFailed } from "../../../components/load-failed";
import { COSTS_GRID, priceListOf, SERVICES_GRID } from "../api";
import { PriceGrid } from "../components/price-grid";
import { PriceListActions } from "../components/price-list-actions";

/**
 * /company-services/{companyId} (managers): the company's personal price list, its service prices and its
 * container transfer costs, made from the base prices with Create and removed with Delete.
 */
export function PriceListPage() {
  const companyId = Number(useParams().companyId);
  if (!Number.isSafeInteger(companyId) || companyId <= 0) return <Navigate to="/dashboard" replace />;
  // Another company is another page: its grids and counts start again
  return <PriceListOfCompany key={companyId} companyId={companyId} />;
}

function PriceListOfCompany({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation("priceLists");
  const companyLabels = useFieldLabels("company");
  const priceList = useMemo(() => priceListOf(companyId), [companyId]);
  const company = useQuery(priceList.companyQuery);
  const columns = useMemo(() => priceColumns(i18n.language === "en"), [i18n.language]);
  // The global toast has said why (403 for the forwarder's own company, 404)
  if (company.error) {
    return <LoadFailed message={t("loadFailed")} back={{ to: "/companies", label: t("backToCompanies") }} />;
  }
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        <Box sx={{ flex: "1 1 auto", minWidth: 0 }}>
          <Typography variant="h6" component="h1">
            {company.data ? t("title", { name: company.data.name }) : t("titleLoading")}
          </Typography>
          {company.data?.inn && (
            <Typography variant="body2" color="textSecondary">
              {companyLabels.inSection("inn")} {company.data.inn}
            </Typography>
          )}
        </Box>
        <PriceListActions company={company.data} priceList={priceList} />
      </Box>
      <PriceGrid
        gridId={SERVICES_GRID}
        title={t("services")}
        client={priceList.services}
        fields={companyServiceFields}
        resource="company_service"
        columns={columns.services}
      />
      <PriceGrid
        gridId={COSTS_GRID}
        title={t("transportationCosts")}
        client={priceList.transportationCosts}
        fields={companyTransportationCostFields}
        resource="company_transportation_cost"
        columns={columns.transportationCosts}
      />
    </Stack>
  );
}

/**
 * The grids' columns: every field, in the spec's order, ids of related rows and the company hidden, and the
 * names of routes and container categories in the interface language (the other language's in the chooser).
 */
function priceColumns(isEnglish: boolean) {
  const hidden = { hidden: true, size: 90 };
  // The base row's number: looked up by the number itself, not by a range
  const baseRow = { size: 140, filter: "number" } as const;
  // Wide enough for the from–to filter of an amount
  const money = { size: 180 };
  const routes = {
    railway_route_description: { hidden: isEnglish, size: 230 },
    railway_route_description_en: { hidden: !isEnglish, size: 230 },
  };
  return {
    services: everyField(companyServiceFields, {
      id: hidden,
      company: hidden,
      railway_route: hidden,
      ...routes,
      railway_route_service: baseRow,
      description: { size: 250 },
      description_en: { size: 230 },
      base_cost: money,
      cost: money,
    }),
    transportationCosts: everyField(companyTransportationCostFields, {
      id: hidden,
      company: hidden,
      railway_route: hidden,
      ...routes,
      container_type: hidden,
      container_type_code: { size: 120 },
      container_type_description: { hidden: isEnglish, size: 230 },
      container_type_description_en: { hidden: !isEnglish, size: 230 },
      railway_transportation_cost: baseRow,
      base_cost: money,
      cost: money,
    }),
  };
}
