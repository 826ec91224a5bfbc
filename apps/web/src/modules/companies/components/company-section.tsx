import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";

/** The grids under the company form stay short enough to show the next one. */
export const SECTION_GRID_HEIGHT = "440px";

/** A part of the company's page under its form, named by its heading (a region for assistive technology). */
export function CompanySection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </section>
  );
}
