import ContactsOutlinedIcon from "@mui/icons-material/ContactsOutlined";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import Grid from "@mui/material/Grid";
import { lazy, Suspense, useState } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TextFieldControl } from "../../../../components/form/fields";
import { maskDigits } from "../../../../components/form/input-rules";
import { LookupFieldControl } from "../../../../components/form/lookup-field";
import { type CountryRow, countryChoices, countryName } from "../api";
import {
  type DirectoryEntryRow,
  type OrderFormValues,
  PARTY_SUBFIELDS,
  type Party,
  type PartySubfield,
  partyField,
  partyFromEntry,
} from "../order-values";
import { FormSection, ORDER_LIMITS, type SectionProps } from "./form-section";

const DirectoryDialog = lazy(() =>
  import("./directory-dialog").then((m) => ({ default: m.DirectoryDialog })),
);

/** The sub-fields under the party's name, shown when the block is opened (or has a message). */
const DETAILS = PARTY_SUBFIELDS.filter((sub) => sub !== "name" && sub !== "country_name");
/** OKPO is a Russian code of digits; an INN abroad may be another tax number (docs/decisions.md). */
const DIGITS: Partial<Record<PartySubfield, true>> = { okpo: true };

/**
 * The consignor or the consignee: the name, and the details under it (limits of spec 01 §5); chosen from the
 * directory popup, which fills every field of the block.
 */
export function PartyBlock(props: SectionProps & { party: Party }) {
  const { t, i18n } = useTranslation("orderForm");
  const { form, readOnly, party } = props;
  const [isOpen, setIsOpen] = useState(false);
  const [isDirectoryOpen, setIsDirectoryOpen] = useState(false);
  const { errors } = useFormState({ control: form.control });
  const hasDetailMessage = DETAILS.some((sub) => partyField(party, sub) in errors);
  const showsDetails = isOpen || hasDetailMessage;
  const [code, country] = useWatch({
    control: form.control,
    name: [partyField(party, "countrycode"), partyField(party, "country_name")],
  });

  const choose = async (entry: DirectoryEntryRow) => {
    setIsDirectoryOpen(false);
    // Without the country's name (the book did not answer) the block still takes the entry
    const country = await countryName(entry.countrycode, i18n.language).catch(() => "");
    const values = partyFromEntry(party, entry, country);
    for (const [name, value] of Object.entries(values))
      form.setValue(name as keyof OrderFormValues, value, { shouldDirty: true });
  };

  const text = (sub: PartySubfield, size: { xs: number; sm: number }) => {
    const name = partyField(party, sub);
    return (
      <Grid size={size} key={sub}>
        <TextFieldControl
          control={form.control}
          name={name}
          max={ORDER_LIMITS[name]}
          label={t(`party.${sub}`)}
          readOnly={readOnly}
          mask={DIGITS[sub] ? (value) => maskDigits(value, ORDER_LIMITS[name]) : undefined}
          inputMode={
            DIGITS[sub] ? "numeric" : sub === "email" ? "email" : sub === "phone" ? "tel" : undefined
          }
        />
      </Grid>
    );
  };

  return (
    <FormSection
      title={t(`sections.${party}`)}
      actions={
        <>
          <Button
            size="small"
            startIcon={<ContactsOutlinedIcon />}
            disabled={readOnly}
            onClick={() => setIsDirectoryOpen(true)}
          >
            {t("directory.open")}
          </Button>
          <Button
            size="small"
            endIcon={showsDetails ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            aria-expanded={showsDetails}
            aria-controls={`${party}-details`}
            onClick={() => setIsOpen(!showsDetails)}
          >
            {t("party.details")}
          </Button>
        </>
      }
    >
      <Grid container spacing={1.5}>
        {text("name", { xs: 12, sm: 12 })}
      </Grid>
      <Collapse in={showsDetails} id={`${party}-details`}>
        <Grid container spacing={1.5} sx={{ pt: 1.5 }}>
          {text("inn", { xs: 6, sm: 4 })}
          {text("okpo", { xs: 6, sm: 4 })}
          {text("rail_code", { xs: 12, sm: 4 })}
          <Grid size={{ xs: 8, sm: 6 }}>
            <LookupFieldControl<OrderFormValues, CountryRow>
              control={form.control}
              name={partyField(party, "countrycode")}
              label={t("party.country")}
              readOnly={readOnly}
              fetchPage={countryChoices}
              getValue={(item) => item.abc2}
              getLabel={(item) =>
                i18n.language === "en" ? item.name_eng || item.short_name : item.short_name
              }
              getDescription={(item) => item.abc2}
              emptyValue=""
              initial={code ? { abc2: code, short_name: country || code, name_eng: country || code } : null}
              onPick={(item) =>
                form.setValue(
                  partyField(party, "country_name"),
                  item ? (i18n.language === "en" ? item.name_eng || item.short_name : item.short_name) : "",
                  { shouldDirty: true },
                )
              }
            />
          </Grid>
          {text("postalcode", { xs: 4, sm: 6 })}
          {text("city", { xs: 12, sm: 6 })}
          {text("streethouse", { xs: 12, sm: 6 })}
          {text("contact_person", { xs: 12, sm: 4 })}
          {text("phone", { xs: 12, sm: 4 })}
          {text("email", { xs: 12, sm: 4 })}
        </Grid>
      </Collapse>
      {isDirectoryOpen && (
        <Suspense fallback={null}>
          <DirectoryDialog
            title={t(`directory.title.${party}`)}
            onChoose={(entry) => void choose(entry)}
            onClose={() => setIsDirectoryOpen(false)}
          />
        </Suspense>
      )}
    </FormSection>
  );
}
