import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";

/** The way to sign-up, keeping where the user was going. */
export function SignUpLink() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const from = searchParams.get("from");
  return (
    <Typography variant="body2" sx={{ textAlign: "center" }}>
      {t("signIn.noAccount")}{" "}
      <Link component={RouterLink} to={from ? `/sign-up?from=${encodeURIComponent(from)}` : "/sign-up"}>
        {t("signIn.toSignUp")}
      </Link>
    </Typography>
  );
}
