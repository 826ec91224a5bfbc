import { createSchema, exportTaskFields } from "@portal/domain";
import type { z } from "zod";
import type { ExportFormValues } from "./api";

// The export form's check: the API's own body (packages/domain), loaded with zod when the form is first sent.

export const exportTaskCreateForm = createSchema(exportTaskFields) as unknown as z.ZodType<
  ExportFormValues,
  ExportFormValues
>;
