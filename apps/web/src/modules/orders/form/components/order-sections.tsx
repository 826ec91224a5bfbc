import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import InputAdornment from "@mui/material/InputAdornment";
import Typography from "@mui/material/Typography";
import {
  describedIn,
  freightOrderFields,
  type OrderSection,
  orderPolicy,
  totalWithVat,
} from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../../app/current-user";
import { useFieldLabels } from "../../../../app/field-labels";
import { MoneyFieldControl, TextFieldControl } from "../../../../components/form/fields";
import { formatMoney } from "../../../../components/form/input-rules";
import { LookupFieldControl, LookupTextFieldControl } from "../../../../components/form/lookup-field";
import {
  type EditorArgs,
  SectionFields,
  type SectionLayout,
} from "../../../../components/form/section-fields";
import { SuggestionPicker } from "../../../../components/form/suggestion-picker";
import {
  type CodeRow,
  type CompanyRow,
  codeQuery,
  companyChoices,
  containerTypeChoices,
  containerTypes,
  crossingChoices,
  etsngChoices,
  gngChoices,
  type LocationRow,
  stationChoices,
  suggestionSource,
} from "../api";
import {
  type CodeBook,
  codeLineDescription,
  type OrderFieldName,
  type OrderFormValues,
  withCodeLine,
  withSuggestion,
} from "../order-values";
import { FormSection, ORDER_LIMITS, type SectionProps } from "./form-section";

// The order form's sections: each lays out its fields from the order's field definitions (SectionFields) and
// gives the editors a field's kind cannot say (lookups, pickers). The parties, the services and the status are
// laid out by hand in their own files.

/** The names the order's ids stand for, as its row answers them (a copy's are its source's). */
export interface OrderNames {
  company_name: string;
  border_crossing_point_name: string;
}

/** A section of the order's fields under its title, laid out from the definitions. */
function OrderFields(
  props: SectionProps &
    Pick<SectionLayout, "editors" | "sizes" | "hints" | "hidden" | "children"> & {
      section: OrderSection;
      actions?: ReactNode;
    },
) {
  const labels = useFieldLabels("freight_order");
  const { form, section, actions, children, ...layout } = props;
  return (
    <FormSection title={labels.section(section)} actions={actions}>
      <SectionFields
        {...layout}
        fields={freightOrderFields}
        section={section}
        control={form.control}
        labels={labels}
      >
        {children}
      </SectionFields>
    </FormSection>
  );
}

/**
 * The company (users who may choose it), the forwarding contract (managers), the direction, the customer's order
 * number, the railway transfer subcode and the delivery terms.
 */
export function GeneralSection(
  props: SectionProps & {
    user: CurrentUser;
    names: OrderNames;
    onCompanyPicked(company: CompanyRow | null): void;
  },
) {
  const { t } = useTranslation("orderForm");
  const { form, user } = props;
  const company = useWatch({ control: form.control, name: "company" });
  return (
    <OrderFields
      form={form}
      readOnly={props.readOnly}
      section="general"
      hidden={(name) => orderPolicy.ignoresField(user, name)}
      hints={{ railway_transfer_subcode: t("hints.subcode") }}
      editors={{
        company: ({ label, readOnly }) => (
          <LookupFieldControl<OrderFormValues, CompanyRow>
            control={form.control}
            name="company"
            label={label}
            readOnly={readOnly}
            fetchPage={companyChoices}
            getValue={(item) => item.id}
            getLabel={(item) => item.name}
            getDescription={(item) => item.inn}
            initial={
              company === null ? null : ({ id: company, name: props.names.company_name } as CompanyRow)
            }
            onPick={props.onCompanyPicked}
            hint={company === null ? t("hints.ownCompany") : undefined}
          />
        ),
      }}
    />
  );
}

const stationLabel = (item: LocationRow) => item.location;
const stationDescription = (item: LocationRow) =>
  [item.code, item.railway, item.country].filter(Boolean).join(" · ");

/**
 * Where the freight goes: stations (or places typed), the border crossing, the address, the forwarder in the port,
 * the preferred period.
 */
export function RouteSection(props: SectionProps & { names: OrderNames }) {
  const { form } = props;
  const crossing = useWatch({ control: form.control, name: "border_crossing_point" });
  const station = ({ name, label, readOnly }: EditorArgs) => (
    <LookupTextFieldControl<OrderFormValues, LocationRow>
      control={form.control}
      name={name as "dispatch_location" | "destination"}
      max={ORDER_LIMITS[name as "dispatch_location" | "destination"]}
      label={label}
      readOnly={readOnly}
      fetchPage={stationChoices}
      getLabel={stationLabel}
      getDescription={stationDescription}
    />
  );
  return (
    <OrderFields
      form={form}
      readOnly={props.readOnly}
      section="route"
      editors={{
        dispatch_location: station,
        destination: station,
        border_crossing_point: ({ label, readOnly }) => (
          <LookupFieldControl<OrderFormValues, LocationRow>
            control={form.control}
            name="border_crossing_point"
            label={label}
            readOnly={readOnly}
            fetchPage={crossingChoices}
            getValue={(item) => item.id}
            getLabel={stationLabel}
            getDescription={stationDescription}
            initial={
              crossing === null
                ? null
                : ({ id: crossing, location: props.names.border_crossing_point_name } as LocationRow)
            }
          />
        ),
      }}
    />
  );
}

const codeLabel = (item: CodeRow) => `${item.code} ${item.description}`.trim();

/**
 * The row of the order's code, to label it before any search: named by its line in the description, else by the
 * book (an order written elsewhere may lack the line).
 */
function useCodeRow(book: CodeBook, code: string, description: string): CodeRow | null {
  const named = code ? codeLineDescription(description, book, code) : "";
  const found = useQuery({ ...codeQuery(book, code), enabled: Boolean(code) && !named });
  if (!code) return null;
  return named
    ? ({ code, description: named } as CodeRow)
    : (found.data ?? ({ code, description: "" } as CodeRow));
}

/**
 * The freight: containers, the ETSNG and GNG codes (each writes its line at the top of the description), the
 * declared cost, the weights, the packing, and the description and notes with their earlier values to pick from.
 */
export function FreightSection(props: SectionProps) {
  const { t, i18n } = useTranslation("orderForm");
  const { form } = props;
  const [containerType, etsng, gng, description, currency] = useWatch({
    control: form.control,
    name: ["container_type", "etsng_code", "gng_code", "freight_description", "freight_cost_currency"],
  });
  const types = useQuery(containerTypes.allQuery("code"));
  const typeRow = types.data?.find((row) => row.id === containerType) ?? null;

  const writeLine = (book: CodeBook, item: CodeRow | null) =>
    form.setValue("freight_description", withCodeLine(form.getValues("freight_description"), book, item), {
      shouldDirty: true,
    });
  const etsngRow = useCodeRow("ETSNG", etsng, description);
  const gngRow = useCodeRow("GNG", gng, description);
  const code =
    (book: CodeBook, initial: CodeRow | null) =>
    ({ name, label, readOnly }: EditorArgs) => (
      <LookupFieldControl<OrderFormValues, CodeRow>
        control={form.control}
        name={name as OrderFieldName}
        label={label}
        readOnly={readOnly}
        fetchPage={book === "ETSNG" ? etsngChoices : gngChoices}
        getValue={(item) => item.code}
        getLabel={codeLabel}
        emptyValue=""
        initial={initial}
        onPick={(item) => writeLine(book, item)}
        hint={t("hints.codeLine", { book })}
      />
    );
  const withSuggestions = ({ name, label, readOnly }: EditorArgs) => {
    const field = name as "freight_description" | "notes";
    return (
      <TextWithSuggestions
        form={form}
        name={field}
        label={label}
        readOnly={readOnly}
        title={t(`suggestions.${field}`)}
      />
    );
  };
  return (
    <OrderFields
      form={form}
      readOnly={props.readOnly}
      section="freight"
      sizes={{
        etsng_code: { xs: 12, md: 6 },
        gng_code: { xs: 12, md: 6 },
        freight_cost: { xs: 8, sm: 4, md: 3 },
        freight_cost_currency: { xs: 4, sm: 2 },
      }}
      editors={{
        container_type: ({ label, readOnly }) => (
          <LookupFieldControl<
            OrderFormValues,
            { id: number; code: string; description: string; description_en: string }
          >
            control={form.control}
            name="container_type"
            label={label}
            readOnly={readOnly}
            fetchPage={containerTypeChoices}
            getValue={(item) => item.id}
            getLabel={(item) => `${item.code} ${describedIn(item, i18n.language)}`}
            initial={typeRow}
          />
        ),
        etsng_code: code("ETSNG", etsngRow),
        gng_code: code("GNG", gngRow),
        freight_cost: ({ label, readOnly }) => (
          <MoneyFieldControl
            control={form.control}
            name="freight_cost"
            label={label}
            readOnly={readOnly}
            unit={currency === "RUB" ? "₽" : currency}
          />
        ),
        freight_description: withSuggestions,
        notes: withSuggestions,
      }}
    />
  );
}

/** The description or the notes, with a picker of their earlier values in the orders the user sees. */
function TextWithSuggestions(
  props: EditorArgs & { form: SectionProps["form"]; name: "freight_description" | "notes"; title: string },
) {
  const { form, name } = props;
  return (
    <TextFieldControl
      control={form.control}
      name={name}
      max={ORDER_LIMITS[name]}
      label={props.label}
      readOnly={props.readOnly}
      multiline
      minRows={3}
      endAdornment={
        <InputAdornment position="end" sx={{ alignSelf: "flex-start", mt: 1.5 }}>
          <SuggestionPicker
            fetchPage={suggestionSource(name)}
            title={props.title}
            disabled={props.readOnly}
            onPick={(value) => {
              // The description keeps its code lines: a suggestion goes under them
              const text =
                name === "freight_description" ? withSuggestion(form.getValues(name), value) : value;
              form.setValue(name, text.slice(0, ORDER_LIMITS[name]), { shouldDirty: true });
            }}
          />
        </InputAdornment>
      }
    />
  );
}

/** Whom the forwarder calls about the order. */
export function ContactsSection(props: SectionProps) {
  return <OrderFields {...props} section="contacts" />;
}

/**
 * The approved cost, its VAT and the total with it (managers enter them in a status that approves costs;
 * everyone sees them), and whether the order is paid.
 */
export function CostsSection(props: SectionProps & { canApproveCost: boolean; isPaid: boolean | null }) {
  const { t, i18n } = useTranslation("orderForm");
  const labels = useFieldLabels("freight_order");
  const { form } = props;
  const [cost, vat] = useWatch({ control: form.control, name: ["approved_cost", "vat_percent"] });
  const total = totalWithVat(typeof cost === "number" ? cost : null, vat);
  return (
    <OrderFields
      form={form}
      readOnly={props.readOnly || !props.canApproveCost}
      section="costs"
      // The paid flag is the section's chip; its button is the form's
      hidden={(name) => name === "is_paid"}
      sizes={{ approved_cost: { xs: 12, sm: 5 }, vat_percent: { xs: 4, sm: 2 } }}
      actions={
        props.isPaid !== null && (
          <Chip
            size="small"
            color={props.isPaid ? "success" : "default"}
            variant={props.isPaid ? "filled" : "outlined"}
            label={props.isPaid ? labels.inSection("is_paid") : t("paid.no")}
          />
        )
      }
    >
      <Grid
        size={{ xs: 8, sm: 5 }}
        sx={{ display: "flex", flexDirection: "column", justifyContent: "center" }}
      >
        <Typography variant="caption" color="textSecondary">
          {t("total")}
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 500 }} aria-live="polite">
          {total === null ? "—" : formatMoney(total, i18n.language)}
        </Typography>
      </Grid>
      {!props.canApproveCost && (
        <Grid size={12}>
          <Typography variant="caption" color="textSecondary">
            {t("hints.costs")}
          </Typography>
        </Grid>
      )}
    </OrderFields>
  );
}
