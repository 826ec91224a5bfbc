import HelpOutlineIcon from "@mui/icons-material/HelpOutlined";
import IconButton from "@mui/material/IconButton";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "../app-config";
import type { Shell } from "../shell/registry";

/** Header help button; its list (help-popover.tsx) loads when first opened. */
export function HelpButton({ shell }: { shell: Shell }) {
  const { t } = useTranslation("signedIn");
  // Read now, so that the list shows the service desk and support mail as soon as it opens
  useAppConfig();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t("help.button")}
        title={t("help.button")}
        aria-haspopup="true"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <HelpOutlineIcon />
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <HelpPopover shell={shell} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

const HelpPopover = lazy(() => import("./help-popover").then((module) => ({ default: module.HelpPopover })));
