import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import InputAdornment from "@mui/material/InputAdornment";
import Typography from "@mui/material/Typography";
import { ORDER_CURRENCIES, ORDER_DIRECTIONS } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../../app/current-user";
import {
  DateFieldControl,
  MoneyFieldControl,
  NumberFieldControl,
  SelectFieldControl,
  TextFieldControl,
} from "../../../../components/form/fields";
import { formatMoney, maskDigits } from "../../../../components/form/input-rules";
import { LookupFieldControl, LookupTextFieldControl } from "../../../../components/form/lookup-field";
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
  totalWithVat,
  withCodeLine,
  withSuggestion,
} from "../order-values";
import { FormSection, ORDER_LIMITS, type SectionProps } from "./form-section";

type TextName = keyof typeof ORDER_LIMITS & OrderFieldName;

/** A text field of the order with its limit and label. */
function OrderText(
  props: SectionProps & {
    name: TextName;
    multiline?: boolean;
    minRows?: number;
    hint?: string;
    mask?: (text: string) => string;
    inputMode?: "numeric" | "tel" | "email";
    type?: string;
    endAdornment?: React.ReactNode;
  },
) {
  const { t } = useTranslation("orderForm");
  const { form, readOnly, name, ...extra } = props;
  return (
    <TextFieldControl
      control={form.control}
      name={name}
      max={ORDER_LIMITS[name]}
      label={t(`fields.${name}`)}
      readOnly={readOnly}
      {...extra}
    />
  );
}

/** The names the order's ids stand for, as its row answers them (a copy's are its source's). */
export interface OrderNames {
  company_name: string;
  border_crossing_point_name: string;
}

/**
 * The company (users who may choose it), the forwarding contract (managers), the customer's order number, the
 * railway transfer subcode, the delivery terms and the direction.
 */
export function GeneralSection(
  props: SectionProps & {
    user: CurrentUser;
    names: OrderNames;
    onCompanyPicked(company: CompanyRow | null): void;
  },
) {
  const { t } = useTranslation("orderForm");
  const { form, readOnly, user } = props;
  const company = useWatch({ control: form.control, name: "company" });
  // A manager's first line holds the company and the contract: the numbers take a line of their own
  const wide = user.can_select_company || user.is_manager ? 4 : 3;
  return (
    <FormSection title={t("sections.general")}>
      <Grid container spacing={1.5}>
        {user.can_select_company && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <LookupFieldControl<OrderFormValues, CompanyRow>
              control={form.control}
              name="company"
              label={t("fields.company")}
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
          </Grid>
        )}
        {user.is_manager && (
          <>
            <Grid size={{ xs: 8, sm: 4, md: 3 }}>
              <OrderText form={form} readOnly={readOnly} name="freight_forwarding_contract" />
            </Grid>
            <Grid size={{ xs: 4, sm: 2, md: 2 }}>
              <DateFieldControl
                control={form.control}
                name="freight_forwarding_contract_date"
                label={t("fields.freight_forwarding_contract_date")}
                readOnly={readOnly}
              />
            </Grid>
          </>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <SelectFieldControl
            control={form.control}
            name="direction"
            label={t("fields.direction")}
            readOnly={readOnly}
            nullable
            options={ORDER_DIRECTIONS.map((direction) => ({
              value: direction,
              label: t(`direction.${direction}`),
            }))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: wide }}>
          <OrderText form={form} readOnly={readOnly} name="customer_order_number" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: wide }}>
          <OrderText
            form={form}
            readOnly={readOnly}
            name="railway_transfer_subcode"
            mask={(text) => maskDigits(text, 13)}
            inputMode="numeric"
            hint={t("hints.subcode")}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: wide }}>
          <OrderText form={form} readOnly={readOnly} name="delivery_terms" />
        </Grid>
      </Grid>
    </FormSection>
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
  const { t } = useTranslation("orderForm");
  const { form, readOnly } = props;
  const crossing = useWatch({ control: form.control, name: "border_crossing_point" });
  const station = (name: "dispatch_location" | "destination") => (
    <LookupTextFieldControl<OrderFormValues, LocationRow>
      control={form.control}
      name={name}
      max={ORDER_LIMITS[name]}
      label={t(`fields.${name}`)}
      readOnly={readOnly}
      fetchPage={stationChoices}
      getLabel={stationLabel}
      getDescription={stationDescription}
    />
  );
  return (
    <FormSection title={t("sections.route")}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{station("dispatch_location")}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{station("destination")}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <LookupFieldControl<OrderFormValues, LocationRow>
            control={form.control}
            name={"border_crossing_point"}
            label={t("fields.border_crossing_point")}
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
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <OrderText form={form} readOnly={readOnly} name="loading_unloading_address" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <OrderText form={form} readOnly={readOnly} name="forwarder_in_port" />
        </Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>
          <DateFieldControl
            control={form.control}
            name="preferred_shipping_period_start"
            label={t("fields.preferred_shipping_period_start")}
            readOnly={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>
          <DateFieldControl
            control={form.control}
            name="preferred_shipping_period_end"
            label={t("fields.preferred_shipping_period_end")}
            readOnly={readOnly}
          />
        </Grid>
      </Grid>
    </FormSection>
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
  const { t } = useTranslation("orderForm");
  const { form, readOnly } = props;
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
  const code = (name: "etsng_code" | "gng_code", book: CodeBook, initial: CodeRow | null) => (
    <LookupFieldControl<OrderFormValues, CodeRow>
      control={form.control}
      name={name}
      label={t(`fields.${name}`)}
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
  const suggestions = (name: "freight_description" | "notes") => (
    <InputAdornment position="end" sx={{ alignSelf: "flex-start", mt: 1.5 }}>
      <SuggestionPicker
        fetchPage={suggestionSource(name)}
        title={t(`suggestions.${name}`)}
        disabled={readOnly}
        onPick={(value) => {
          const text = name === "freight_description" ? withSuggestion(form.getValues(name), value) : value;
          form.setValue(name, text.slice(0, ORDER_LIMITS[name]), { shouldDirty: true });
        }}
      />
    </InputAdornment>
  );
  return (
    <FormSection title={t("sections.freight")}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 8, md: 4 }}>
          <LookupFieldControl<OrderFormValues, { id: number; code: string; description: string }>
            control={form.control}
            name="container_type"
            label={t("fields.container_type")}
            readOnly={readOnly}
            fetchPage={containerTypeChoices}
            getValue={(item) => item.id}
            getLabel={(item) => `${item.code} ${item.description}`}
            initial={typeRow}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <NumberFieldControl
            control={form.control}
            name="container_count"
            label={t("fields.container_count")}
            readOnly={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <OrderText form={form} readOnly={readOnly} name="packing_kind" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>{code("etsng_code", "ETSNG", etsngRow)}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>{code("gng_code", "GNG", gngRow)}</Grid>
        <Grid size={{ xs: 8, sm: 4, md: 4.5 }}>
          <MoneyFieldControl
            control={form.control}
            name="freight_cost"
            label={t("fields.freight_cost")}
            readOnly={readOnly}
            unit={currency === "RUB" ? "₽" : currency}
          />
        </Grid>
        <Grid size={{ xs: 4, sm: 2, md: 1.5 }}>
          <SelectFieldControl
            control={form.control}
            name="freight_cost_currency"
            label={t("fields.freight_cost_currency")}
            readOnly={readOnly}
            options={ORDER_CURRENCIES.map((item) => ({ value: item, label: item }))}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <NumberFieldControl
            control={form.control}
            name="freight_gross_weight"
            label={t("fields.freight_gross_weight")}
            readOnly={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <NumberFieldControl
            control={form.control}
            name="freight_net_weight"
            label={t("fields.freight_net_weight")}
            readOnly={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <OrderText
            form={form}
            readOnly={readOnly}
            name="freight_description"
            multiline
            minRows={3}
            endAdornment={suggestions("freight_description")}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <OrderText
            form={form}
            readOnly={readOnly}
            name="notes"
            multiline
            minRows={3}
            endAdornment={suggestions("notes")}
          />
        </Grid>
      </Grid>
    </FormSection>
  );
}

/** Whom the forwarder calls about the order. */
export function ContactsSection(props: SectionProps) {
  const { t } = useTranslation("orderForm");
  return (
    <FormSection title={t("sections.contacts")}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <OrderText {...props} name="order_contacts" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <OrderText {...props} name="order_contacts_phone" type="tel" inputMode="tel" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <OrderText {...props} name="order_contacts_email" type="email" inputMode="email" />
        </Grid>
      </Grid>
    </FormSection>
  );
}

/**
 * The approved cost, its VAT and the total with it (managers enter them in a status that approves costs;
 * everyone sees them), and whether the order is paid.
 */
export function CostsSection(props: SectionProps & { canApproveCost: boolean; isPaid: boolean | null }) {
  const { t, i18n } = useTranslation("orderForm");
  const { form } = props;
  const readOnly = props.readOnly || !props.canApproveCost;
  const [cost, vat] = useWatch({ control: form.control, name: ["approved_cost", "vat_percent"] });
  const total = totalWithVat(typeof cost === "number" ? cost : null, vat);
  return (
    <FormSection
      title={t("sections.costs")}
      actions={
        props.isPaid !== null && (
          <Chip
            size="small"
            color={props.isPaid ? "success" : "default"}
            variant={props.isPaid ? "filled" : "outlined"}
            label={t(props.isPaid ? "paid.yes" : "paid.no")}
          />
        )
      }
    >
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <MoneyFieldControl
            control={form.control}
            name="approved_cost"
            label={t("fields.approved_cost")}
            readOnly={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 4, sm: 2 }}>
          <NumberFieldControl
            control={form.control}
            name="vat_percent"
            label={t("fields.vat_percent")}
            readOnly={readOnly}
          />
        </Grid>
        <Grid
          size={{ xs: 8, sm: 5 }}
          sx={{ display: "flex", flexDirection: "column", justifyContent: "center" }}
        >
          <Typography variant="caption" color="text.secondary">
            {t("total")}
          </Typography>
          <Typography variant="body1" sx={{ fontWeight: 500 }} aria-live="polite">
            {total === null ? "—" : formatMoney(total, i18n.language)}
          </Typography>
        </Grid>
        {!props.canApproveCost && (
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary">
              {t("hints.costs")}
            </Typography>
          </Grid>
        )}
      </Grid>
    </FormSection>
  );
}
