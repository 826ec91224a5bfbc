import ContactsOutlinedIcon from "@mui/icons-material/ContactsOutlined";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import { freightOrderFields } from "@portal/domain";
import { lazy, Suspense, useState } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../../app/field-labels";
import { TextFieldControl } from "../../../../components/form/fields";
import { maskDigits } from "../../../../components/form/input-rules";
import { LookupFieldControl } from "../../../../components/form/lookup-field";
import { SectionFields } from "../../../../components/form/section-fields";
import { type CountryRow, countryChoices, countryName } from "../api";
import {
  type DirectoryEntryRow,
  type OrderFormValues,
  PARTY_SUBFIELDS,
  type Party,
  type PartyField,
  type PartySubfield,
  partyField,
  partyFromEntry,
} from "../order-values";
import { FormSection, ORDER_LIMITS, type SectionProps } from "./form-section";

const DirectoryDialog = lazy(() =>
  import("./directory-dialog").then((m) => ({ default: m.DirectoryDialog })),
);

/** The widths of the party's fields in its block, half a row wide. */
const PARTY_SIZES: Record<PartySubfield, { xs: number; sm?: number }> = {
  name: { xs: 12 },
  inn: { xs: 6, sm: 4 },
  okpo: { xs: 6, sm: 4 },
  rail_code: { xs: 12, sm: 4 },
  countrycode: { xs: 8, sm: 6 },
  country_name: { xs: 12 },
  postalcode: { xs: 4, sm: 6 },
  city: { xs: 12, sm: 6 },
  streethouse: { xs: 12, sm: 6 },
  contact_person: { xs: 12, sm: 4 },
  phone: { xs: 12, sm: 4 },
  email: { xs: 12, sm: 4 },
};

/** The sub-fields under the party's name, shown when the block is opened (or has a message). */
const DETAILS = PARTY_SUBFIELDS.filter((sub) => sub !== "name" && sub !== "country_name");
/**
 * The consignor or the consignee: the name, and the details under it (limits of spec 01 §5); chosen from the
 * directory popup, which fills every field of the block.
 */
export function PartyBlock(props: SectionProps & { party: Party }) {
  const { t, i18n } = useTranslation("orderForm");
  const labels = useFieldLabels("freight_order");
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

  const layout = (only: (sub: PartySubfield) => boolean) => (
    <SectionFields
      fields={freightOrderFields}
      section={party}
      control={form.control}
      labels={labels}
      readOnly={readOnly}
      hidden={(name) => !only(name.slice(party.length + 1) as PartySubfield)}
      // Half a row's width: two or three details a line
      sizes={Object.fromEntries(PARTY_SUBFIELDS.map((sub) => [partyField(party, sub), PARTY_SIZES[sub]]))}
      editors={{
        // OKPO is a Russian code of digits; an INN abroad may be another tax number (docs/decisions.md)
        [partyField(party, "okpo")]: ({ name, label, readOnly }) => (
          <TextFieldControl
            control={form.control}
            name={name as PartyField}
            max={ORDER_LIMITS[name as PartyField]}
            label={label}
            readOnly={readOnly}
            mask={(value) => maskDigits(value, ORDER_LIMITS[name as PartyField])}
            inputMode="numeric"
          />
        ),
        [partyField(party, "countrycode")]: ({ label, readOnly }) => (
          <LookupFieldControl<OrderFormValues, CountryRow>
            control={form.control}
            name={partyField(party, "countrycode")}
            label={label}
            readOnly={readOnly}
            fetchPage={countryChoices}
            getValue={(item) => item.abc2}
            getLabel={(item) => (i18n.language === "en" ? item.name_eng || item.short_name : item.short_name)}
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
        ),
      }}
    />
  );

  return (
    <FormSection
      title={labels.section(party)}
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
      {layout((sub) => sub === "name")}
      <Collapse in={showsDetails} id={`${party}-details`}>
        <Box sx={{ pt: 1.5 }}>{layout((sub) => (DETAILS as readonly string[]).includes(sub))}</Box>
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
