import ContactPhoneOutlinedIcon from "@mui/icons-material/ContactPhoneOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

/** Header button opening the Contacts popup. */
export function ContactsButton() {
  const { t } = useTranslation("signedIn");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        onClick={() => setOpen(true)}
        startIcon={<ContactPhoneOutlinedIcon />}
        // The visible word is the accessible name; on narrow screens only the icon shows, so it stays the label.
        aria-label={t("contacts.button")}
        sx={{ minWidth: 0, px: { xs: 0.5, md: 1 }, "& .MuiButton-startIcon": { mr: { xs: 0, md: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: "none", md: "inline" } }}>
          {t("contacts.button")}
        </Box>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ContactsDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

// The popup loads when first opened
const ContactsDialog = lazy(() =>
  import("./contacts-dialog").then((module) => ({ default: module.ContactsDialog })),
);
