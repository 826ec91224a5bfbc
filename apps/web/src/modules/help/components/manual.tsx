import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useCurrentUser } from "../../../app/use-session";
import { shell } from "../../index";

const INTERNAL = "/help/internal";

interface ManualSection {
  id: string;
  title: string;
  items: string[];
}

/** A manual from the `help` catalog: title, introduction, contents, and sections of short paragraphs. */
export function Manual({ manual }: { manual: "user" | "internal" }) {
  const { t } = useTranslation("help");
  const user = useCurrentUser();
  const raw: unknown = t(`${manual}.sections`, { returnObjects: true });
  const sections = Array.isArray(raw) ? (raw as ManualSection[]) : [];
  const other = manual === "user" ? (shell.canOpen(INTERNAL, user) ? INTERNAL : null) : "/help";

  return (
    <Paper variant="outlined" component="article" sx={{ maxWidth: 860, mx: "auto", p: { xs: 1.5, sm: 2.5 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t(`${manual}.title`)}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>{t(`${manual}.intro`)}</Typography>
      <Box component="nav" aria-label={t("contents")} sx={{ mb: 2 }}>
        <Typography variant="subtitle2" component="h2">
          {t("contents")}
        </Typography>
        <Box component="ol" sx={{ my: 0.5, pl: 3 }}>
          {sections.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
        </Box>
        {other && (
          <Link component={RouterLink} to={other} variant="body2">
            {t(manual === "user" ? "toInternal" : "toUser")}
          </Link>
        )}
      </Box>
      {sections.map((section, index) => (
        <Box component="section" key={section.id} id={section.id} sx={{ mb: 2, scrollMarginTop: 64 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: "1.1rem" }}>
            {index + 1}. {section.title}
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 3, "& li": { mb: 0.5 } }}>
            {section.items.map((item) => (
              <Typography component="li" variant="body2" key={item}>
                {item}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Paper>
  );
}
