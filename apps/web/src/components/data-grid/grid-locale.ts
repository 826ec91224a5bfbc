import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { FormatLabels } from "./format";

/** The grid's words in the interface language, and yes/no for cells. */
export function useGridLocale() {
  const { t, i18n } = useTranslation("grid");
  const isEnglish = i18n.language === "en";
  const labels: FormatLabels = useMemo(
    () => ({ yes: t("yes"), no: t("no"), language: i18n.language }),
    [t, i18n.language],
  );
  return { t, isEnglish, labels };
}
