import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { freightOrderFields, maxLengths } from "@portal/domain";
import { type ReactNode, useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { OrderFormValues } from "../order-values";

/** The order form's state, as its sections take it. */
export type OrderFormApi = UseFormReturn<OrderFormValues, unknown, OrderFormValues>;

/** What every section of the form takes: the form, and whether the user may change the order now. */
export interface SectionProps {
  form: OrderFormApi;
  readOnly: boolean;
}

/** The text limits of the order's fields (spec 01 §5): the field definitions'. */
export const ORDER_LIMITS = maxLengths(freightOrderFields);

/** A part of the order form under its heading (a region for assistive technology). */
export function FormSection(props: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Box
        sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", columnGap: 1, mb: 1, minHeight: 30 }}
      >
        <Typography
          id={id}
          variant="subtitle2"
          component="h2"
          sx={{ color: "primary.main", textTransform: "uppercase", letterSpacing: 0.4 }}
        >
          {props.title}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 16, borderBottom: 1, borderColor: "divider" }} />
        {props.actions && <Box sx={{ display: "flex", gap: 0.5, whiteSpace: "nowrap" }}>{props.actions}</Box>}
      </Box>
      {props.children}
    </Box>
  );
}
