import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { displayName } from "../current-user";
import type { Shell } from "../shell/registry";
import { useCurrentUser } from "../use-session";

/** The user's menu: profile and the other personal pages, reset layout, logout. */
export function ProfileMenu({ shell }: { shell: Shell }) {
  const { t } = useTranslation("signedIn");
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const close = () => setAnchor(null);
  const name = displayName(user);

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<AccountCircleIcon />}
        // Starts with the name the button shows (on wide screens), as speech input users say what they see
        aria-label={`${name}, ${t("menu.open")}`}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        sx={{
          minWidth: 0,
          px: { xs: 0.5, md: 1 },
          textTransform: "none",
          "& .MuiButton-startIcon": { mr: { xs: 0, md: 1 } },
        }}
      >
        <Box
          component="span"
          sx={{
            display: { xs: "none", md: "inline" },
            maxWidth: 180,
            overflow: "hidden",
            textOverflow: "ellipsis",
            whiteSpace: "nowrap",
          }}
        >
          {name}
        </Box>
      </Button>
      {(anchor || confirmReset) && (
        <Suspense fallback={null}>
          <ProfileMenuPopups
            shell={shell}
            anchor={anchor}
            onClose={close}
            confirmReset={confirmReset}
            onConfirmReset={setConfirmReset}
          />
        </Suspense>
      )}
    </>
  );
}

// The menu and its dialog load when first opened
const ProfileMenuPopups = lazy(() =>
  import("./profile-menu-popups").then((module) => ({ default: module.ProfileMenuPopups })),
);
