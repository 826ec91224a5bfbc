import LocalShippingOutlinedIcon from "@mui/icons-material/LocalShippingOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { FormEventHandler, ReactNode, Ref } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../../components/language-switch";

/**
 * The frame of the sign-in and sign-up forms: product title, version, language buttons, the form's fields, its
 * general message, the submit button (its label says while the form is being sent) and a link below.
 */
export function AuthCard({
  title,
  formRef,
  onSubmit,
  children,
  general,
  submit,
  footer,
}: {
  title: string;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** The form's general line (general-line.tsx): the kit brings it, so the first screen loads no alert. */
  general?: ReactNode;
  submit: { label: string; sendingLabel: string; isSending: boolean };
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: "100dvh",
        display: "flex",
        alignItems: { xs: "flex-start", sm: "center" },
        justifyContent: "center",
        p: { xs: 1, sm: 2 },
        pt: { xs: 4, sm: 2 },
      }}
    >
      <Paper
        component="form"
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        variant="outlined"
        sx={{ width: "100%", maxWidth: 380, p: { xs: 2, sm: 3 } }}
      >
        <Stack direction="row" sx={{ alignItems: "center", gap: 1, mb: 2 }}>
          <LocalShippingOutlinedIcon color="primary" />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500, lineHeight: 1.2 }}>
              {t("productTitle")}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {t("version", { version: __APP_VERSION__ })}
            </Typography>
          </Box>
          <LanguageSwitch />
        </Stack>
        <Typography variant="h6" component="h1" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        <Stack spacing={1.5}>
          {children}
          {general}
          <Button type="submit" variant="contained" size="medium" disabled={submit.isSending}>
            {submit.isSending ? submit.sendingLabel : submit.label}
          </Button>
          {footer}
        </Stack>
      </Paper>
    </Box>
  );
}
