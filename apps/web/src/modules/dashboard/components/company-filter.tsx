import { type companyFields, parseId, type RowOf } from "@portal/domain";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LookupFieldControl, listSource } from "../../../components/form/lookup-field";

type CompanyChoice = Pick<RowOf<typeof companyFields>, "id" | "name" | "inn">;

/** The companies to narrow the charts to, searched by name. */
const companyChoices = listSource<CompanyChoice>("/profile/api/companies/", "name");

/** The company the charts are narrowed to, kept in the page's address (`?company=12`) so a link shares it. */
export function useChartsCompany(): [number | null, (company: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const company = parseId(params.get("company") ?? "");
  const choose = (next: number | null) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      if (next === null) changed.delete("company");
      else changed.set("company", String(next));
      return changed;
    });
  return [company, choose];
}

/**
 * The charts' company filter for staff (every company) and users with related companies (theirs): the project's
 * Lookup of the companies the user sees, as the order form's company field.
 */
export function CompanyFilter(props: {
  company: number | null;
  /** The chosen company's name, once the charts have answered it. */
  chosen: { id: number; name: string } | null;
  onChange(company: number | null): void;
}) {
  const { t } = useTranslation("dashboard");
  const { control } = useForm<{ company: number | null }>({ values: { company: props.company } });
  return (
    <LookupFieldControl<{ company: number | null }, CompanyChoice>
      control={control}
      name="company"
      label={t("charts.company")}
      hint={t("charts.allCompanies")}
      fetchPage={companyChoices}
      getValue={(item) => item.id}
      getLabel={(item) => item.name}
      getDescription={(item) => item.inn}
      initial={props.chosen ? { ...props.chosen, inn: "" } : null}
      onPick={(item) => props.onChange(item?.id ?? null)}
    />
  );
}
