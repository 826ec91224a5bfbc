import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import { useCurrentUser } from "../../../app/use-session";
import { shell } from "../../index";
import { figureSource, type ManualPart } from "../manual-content";

const INTERNAL = "/help/internal";
/** The app bar's height and a little air: an anchor's heading is not hidden under the sticky header. */
const ANCHOR_MARGIN = 72;

/**
 * A manual from its catalog (`help` for the users', `helpInternal` for the staff's): title, introduction, a table of
 * contents (beside the text from 900 px, above it on a phone) and parts of numbered sections, each of short
 * paragraphs, terms and a screenshot the browser suite takes (e2e/specs/manual-screenshots.spec.ts).
 */
export function Manual({ manual }: { manual: "help" | "helpInternal" }) {
  const { t, i18n } = useTranslation([manual, "help"]);
  const user = useCurrentUser();
  const raw: unknown = t("manual.parts", { ns: manual, returnObjects: true });
  const parts = Array.isArray(raw) ? (raw as ManualPart[]) : [];
  const isUsers = manual === "help";
  const other = isUsers ? (shell.canOpen(INTERNAL, user) ? INTERNAL : null) : "/help";
  const { hash } = useLocation();
  // A link to a section (`/help#packages`) opens the page before its sections exist: go there once they do
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "260px minmax(0, 880px)" },
        justifyContent: "center",
        alignItems: "start",
        gap: { xs: 1.5, md: 2 },
      }}
    >
      <Paper
        variant="outlined"
        component="nav"
        aria-labelledby="manual-contents"
        sx={{
          p: 1.5,
          position: { md: "sticky" },
          top: { md: ANCHOR_MARGIN },
          maxHeight: { md: `calc(100vh - ${ANCHOR_MARGIN + 16}px)` },
          overflowY: { md: "auto" },
        }}
      >
        <Typography
          id="manual-contents"
          variant="subtitle2"
          component="h2"
          sx={{ scrollMarginTop: ANCHOR_MARGIN }}
        >
          {t("help:contents")}
        </Typography>
        <Box
          component="ol"
          sx={{
            my: 0.5,
            pl: 2.5,
            columnGap: 3,
            // Two columns on a tablet, where the contents stand above the text
            columns: { xs: 1, sm: 2, md: 1 },
            "& ol": { pl: 2, my: 0.25 },
            "& li": { breakInside: "avoid", lineHeight: 1.35, py: 0.15 },
          }}
        >
          {parts.map((part) => (
            <li key={part.id}>
              <Link href={`#${part.id}`} variant="body2" sx={{ fontWeight: 500 }}>
                {part.title}
              </Link>
              <ol>
                {part.sections.map((section) => (
                  <li key={section.id}>
                    <Link href={`#${section.id}`} variant="body2">
                      {section.title}
                    </Link>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </Box>
        {other && (
          <Link component={RouterLink} to={other} variant="body2" sx={{ display: "inline-block", mt: 0.5 }}>
            {t(isUsers ? "help:toInternal" : "help:toUser")}
          </Link>
        )}
      </Paper>
      <Paper variant="outlined" component="article" sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t("manual.title", { ns: manual })}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t("manual.intro", { ns: manual })}
        </Typography>
        {parts.map((part, partIndex) => (
          <Box
            component="section"
            key={part.id}
            id={part.id}
            aria-labelledby={`${part.id}-title`}
            sx={{ scrollMarginTop: ANCHOR_MARGIN, mt: 2.5 }}
          >
            <Box
              sx={{
                display: "flex",
                alignItems: "baseline",
                justifyContent: "space-between",
                gap: 1,
                borderBottom: 1,
                borderColor: "divider",
                pb: 0.25,
                mb: 1,
              }}
            >
              <Typography id={`${part.id}-title`} variant="h6" component="h2">
                {partIndex + 1}. {part.title}
              </Typography>
              {/* Below 900 px the contents stand above the text, a long way up */}
              <Link href="#manual-contents" variant="body2" sx={{ display: { md: "none" }, flex: "none" }}>
                {t("help:contents")} ↑
              </Link>
            </Box>
            {part.sections.map((section, sectionIndex) => (
              <Box
                component="section"
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                sx={{ scrollMarginTop: ANCHOR_MARGIN, mb: 2 }}
              >
                <Typography
                  id={`${section.id}-title`}
                  variant="subtitle1"
                  component="h3"
                  sx={{ fontWeight: 600 }}
                >
                  {partIndex + 1}.{sectionIndex + 1}. {section.title}
                </Typography>
                {section.items && (
                  <Box component="ul" sx={{ my: 0.5, pl: 2.5, "& li": { mb: 0.5 } }}>
                    {section.items.map((item) => (
                      <Typography component="li" variant="body2" key={item}>
                        {item}
                      </Typography>
                    ))}
                  </Box>
                )}
                {section.terms && (
                  <Box
                    component="dl"
                    sx={{
                      display: "grid",
                      gridTemplateColumns: {
                        xs: "minmax(0, 1fr)",
                        sm: "minmax(9rem, max-content) minmax(0, 1fr)",
                      },
                      columnGap: 2,
                      rowGap: { xs: 0, sm: 0.5 },
                      my: 1,
                      "& dt": { fontWeight: 600 },
                      "& dd": { m: 0, mb: { xs: 0.75, sm: 0 } },
                    }}
                  >
                    {section.terms.map((term) => (
                      <Box key={term.term} sx={{ display: "contents" }}>
                        <Typography component="dt" variant="body2">
                          {term.term}
                        </Typography>
                        <Typography component="dd" variant="body2">
                          {term.text}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                )}
                {section.figure && (
                  <Box component="figure" sx={{ m: 0, mt: 1 }}>
                    <Link href={figureSource(i18n.language, section.id)} target="_blank" rel="noopener">
                      <Box
                        component="img"
                        src={figureSource(i18n.language, section.id)}
                        alt={section.figure}
                        loading="lazy"
                        sx={{
                          display: "block",
                          maxWidth: "100%",
                          height: "auto",
                          border: 1,
                          borderColor: "divider",
                          borderRadius: 1,
                        }}
                      />
                    </Link>
                    <Typography component="figcaption" variant="caption" color="textSecondary">
                      {section.figure}
                    </Typography>
                  </Box>
                )}
              </Box>
            ))}
          </Box>
        ))}
      </Paper>
    </Box>
  );
}
