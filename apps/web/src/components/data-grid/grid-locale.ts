import { enUS as pickersEn, ruRU as pickersRu } from "@mui/x-date-pickers/locales";
import { MRT_Localization_EN } from "material-react-table/locales/en";
import { MRT_Localization_RU } from "material-react-table/locales/ru";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { FormatLabels } from "./format";

/** The grid's words in the interface language: MRT's, the date pickers', and yes/no for cells. */
export function useGridLocale() {
  const { t, i18n } = useTranslation("grid");
  const isEnglish = i18n.language === "en";
  const labels: FormatLabels = useMemo(
    () => ({ yes: t("yes"), no: t("no"), language: i18n.language }),
    [t, i18n.language],
  );
  const localization = useMemo(() => {
    // Our catalog corrects MRT's wording where it reads badly (`mrt` in grid.json, Russian mostly)
    const fixes = t("mrt", { returnObjects: true, defaultValue: {} });
    return {
      ...(isEnglish ? MRT_Localization_EN : MRT_Localization_RU),
      ...(typeof fixes === "object" ? fixes : {}),
      // The header names the column already: "Filter by {column}" only gets cut off
      filterByColumn: t("filterPlaceholder"),
    };
  }, [isEnglish, t]);
  const pickerLocale = (isEnglish ? pickersEn : pickersRu).components.MuiLocalizationProvider.defaultProps
    .localeText;
  return { t, isEnglish, labels, localization, pickerLocale };
}
