import Divider from "@mui/material/Divider";

/** A titled rule between the parts of a form (the password, the request to join a company). */
export function SectionDivider({ children }: { children: string }) {
  return (
    <Divider textAlign="left" sx={{ my: 1.5, typography: "body2", color: "text.secondary" }}>
      {children}
    </Divider>
  );
}
