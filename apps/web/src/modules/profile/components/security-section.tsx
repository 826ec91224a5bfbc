import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, apiFetch } from "../../../app/api-client";
import { PasswordField } from "../../../components/password-field";
import { TextInput } from "../../../components/text-input";

const SECURITY_KEY = ["security"] as const;
const SESSIONS_KEY = ["security-sessions"] as const;

/** An API refusal as the line under a field shows it: the field's message, else the detail. */
function refusal(error: unknown, field: string): string {
  if (!(error instanceof ApiError)) return String(error);
  const body = error.body as Record<string, unknown> | null;
  const messages = body?.[field];
  if (Array.isArray(messages)) return messages.join(" ");
  return typeof body?.detail === "string" ? body.detail : String(error.status);
}

/** A change that needs the own password again (removing a factor, replacing the recovery codes). */
interface Guarded {
  field: string;
  run(current_password: string): Promise<void>;
}

/**
 * Asks the own password before a guarded change and runs it; a wrong password shows under the field and the dialog
 * stays, anything else closes it and shows where the change was asked (`onRefused`).
 */
function PasswordConfirmDialog(props: {
  guarded: Guarded;
  onClose(): void;
  onRefused(field: string, text: string): void;
}) {
  const { t } = useTranslation("profile");
  const [password, setPassword] = useState("");
  const [wrong, setWrong] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await props.guarded.run(password);
      props.onClose();
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as Record<string, unknown> | null) : null;
      if (body?.current_password) setWrong(refusal(error, "current_password"));
      else {
        props.onRefused(props.guarded.field, refusal(error, props.guarded.field));
        props.onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="password-confirm-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="password-confirm-title">{t("security.confirmTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t("security.confirmText")}</DialogContentText>
          <PasswordField
            id="confirm-current-password"
            name="current_password"
            label={t("current_password")}
            autoComplete="current-password"
            autoFocus
            fullWidth
            value={password}
            error={wrong !== null}
            helperText={wrong ?? undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t("common:cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isBusy || password === ""}>
            {t("security.confirm")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The profile's security section (docs/security.md): one-time codes (set up with a QR code and a first code),
 * recovery codes (shown once), passkeys (named, added with the browser, removed), and the own sessions (ended one
 * by one or all others). Adding or removing a factor ends the other sessions, so the list is read again. Removing
 * a factor and replacing the recovery codes ask for the password first.
 */
export function SecuritySection() {
  const { t, i18n } = useTranslation("profile");
  const queryClient = useQueryClient();
  const security = useQuery({
    queryKey: SECURITY_KEY,
    queryFn: ({ signal }) => apiFetch("GET /profile/api/security/", { signal }),
  });
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => apiFetch("GET /profile/api/security/sessions/", { signal }),
  });
  const [enrolment, setEnrolment] = useState<{ secret: string; qr_svg: string } | null>(null);
  const [code, setCode] = useState("");
  const [passkeyName, setPasskeyName] = useState("");
  const [codes, setCodes] = useState<string[]>([]);
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [guarded, setGuarded] = useState<Guarded | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  };
  /** Asks the password, then runs `work` with it. */
  const guard = (field: string, work: (current_password: string) => Promise<void>) => {
    setProblem(null);
    setGuarded({
      field,
      run: async (current_password) => {
        try {
          await work(current_password);
        } finally {
          await refresh();
        }
      },
    });
  };
  const time = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.resolvedLanguage, { dateStyle: "short", timeStyle: "short" })
      : "—";

  /** Runs a change; refreshes the factors and sessions after it; a refusal shows under `field`. */
  const change = async (field: string, work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem({ field, text: refusal(error, field) });
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const startTotp = () =>
    change("code", async () => {
      setEnrolment(await apiFetch("POST /profile/api/security/totp/", { silent: true }));
    });
  const confirmTotp = (event: FormEvent) => {
    event.preventDefault();
    return change("code", async () => {
      const answer = await apiFetch("POST /profile/api/security/totp/confirm/", {
        json: { code },
        silent: true,
      });
      setCodes(answer.recovery_codes);
      setEnrolment(null);
      setCode("");
    });
  };
  const addPasskey = (event: FormEvent) => {
    event.preventDefault();
    return change("credential", async () => {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const { options } = await apiFetch("POST /profile/api/security/passkeys/options/", { silent: true });
      const credential = await startRegistration({ optionsJSON: options as never });
      const answer = await apiFetch("POST /profile/api/security/passkeys/", {
        json: { name: passkeyName.trim() || t("security.passkeyDefaultName"), credential },
        silent: true,
      });
      setCodes(answer.recovery_codes);
      setPasskeyName("");
    });
  };

  const data = security.data;
  const error = (field: string) => (problem?.field === field ? problem.text : undefined);
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 760, mx: "auto", mt: 2, p: 2 }}
      aria-labelledby="security-title"
    >
      <Typography id="security-title" variant="h6" component="h2">
        {t("security.title")}
      </Typography>
      {!data ? (
        <Skeleton height={120} />
      ) : (
        <Stack spacing={2} sx={{ mt: 1 }}>
          {data.must_enrol && <Alert severity="warning">{t("security.mustEnrol")}</Alert>}
          {codes.length > 0 && (
            <Alert severity="info" onClose={() => setCodes([])}>
              <Typography variant="body2">{t("security.codesOnce")}</Typography>
              <Box
                component="pre"
                data-testid="recovery-codes"
                sx={{ fontFamily: "monospace", columns: 2, m: 0, mt: 1, fontSize: 14 }}
              >
                {codes.join("\n")}
              </Box>
            </Alert>
          )}

          <Box>
            <Typography variant="subtitle2" component="h3">
              {t("security.totp")}
            </Typography>
            {data.totp ? (
              <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                <Typography variant="body2">
                  {t("security.totpSince", { date: time(data.totp.created_at) })}
                </Typography>
                <Button
                  size="small"
                  disabled={isBusy}
                  onClick={() =>
                    guard("code", (current_password) =>
                      apiFetch("DELETE /profile/api/security/totp/", {
                        json: { current_password },
                        silent: true,
                      }),
                    )
                  }
                >
                  {t("security.remove")}
                </Button>
              </Stack>
            ) : enrolment ? (
              <Box component="form" onSubmit={confirmTotp} sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
                <Box
                  component="img"
                  alt={t("security.qrAlt")}
                  src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
                  sx={{ width: 180, height: 180, bgcolor: "#fff" }}
                />
                <Stack spacing={1} sx={{ flex: "1 1 240px", minWidth: 0 }}>
                  <Typography variant="body2">{t("security.scan")}</Typography>
                  <Typography
                    variant="body2"
                    sx={{ fontFamily: "monospace", wordBreak: "break-all" }}
                    data-testid="totp-secret"
                  >
                    {enrolment.secret}
                  </Typography>
                  <TextInput
                    id="totp-code"
                    name="code"
                    label={t("security.firstCode")}
                    autoComplete="one-time-code"
                    autoFocus
                    value={code}
                    error={Boolean(error("code"))}
                    helperText={error("code")}
                    onChange={(event) => setCode(event.target.value)}
                    inputProps={{ inputMode: "numeric", maxLength: 10 }}
                  />
                  <Box>
                    <Button type="submit" variant="contained" disabled={isBusy}>
                      {t("security.confirm")}
                    </Button>
                  </Box>
                </Stack>
              </Box>
            ) : (
              <Button variant="outlined" size="small" disabled={isBusy} onClick={startTotp}>
                {t("security.setUpTotp")}
              </Button>
            )}
            {!enrolment && error("code") && <Alert severity="error">{error("code")}</Alert>}
          </Box>

          <Box>
            <Typography variant="subtitle2" component="h3">
              {t("security.passkeys")}
            </Typography>
            {data.passkeys.length > 0 && (
              <Table size="small" aria-label={t("security.passkeys")}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t("security.name")}</TableCell>
                    <TableCell>{t("security.created")}</TableCell>
                    <TableCell>{t("security.lastUsed")}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.passkeys.map((passkey) => (
                    <TableRow key={passkey.id}>
                      <TableCell>{passkey.name}</TableCell>
                      <TableCell>{time(passkey.created_at)}</TableCell>
                      <TableCell>{time(passkey.last_used_at)}</TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          disabled={isBusy}
                          onClick={() =>
                            guard("credential", (current_password) =>
                              apiFetch("DELETE /profile/api/security/passkeys/:passkeyId/", {
                                params: { passkeyId: passkey.id },
                                json: { current_password },
                                silent: true,
                              }),
                            )
                          }
                        >
                          {t("security.remove")}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Box
              component="form"
              onSubmit={addPasskey}
              sx={{ display: "flex", gap: 1, alignItems: "flex-start", mt: 1, flexWrap: "wrap" }}
            >
              <TextInput
                id="passkey-name"
                name="passkey-name"
                label={t("security.passkeyName")}
                value={passkeyName}
                onChange={(event) => setPasskeyName(event.target.value)}
                error={Boolean(error("credential"))}
                helperText={error("credential")}
                inputProps={{ maxLength: 100 }}
              />
              <Button type="submit" variant="outlined" disabled={isBusy} sx={{ mt: 0.5 }}>
                {t("security.addPasskey")}
              </Button>
            </Box>
          </Box>

          {/* Recovery codes come with the first factor and go with the last */}
          {(data.totp || data.passkeys.length > 0) && (
            <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}>
              <Typography variant="body2">
                {t("security.codesLeft", { count: data.recovery_codes_left })}
              </Typography>
              <Button
                size="small"
                disabled={isBusy}
                onClick={() =>
                  guard("recovery_codes", async (current_password) => {
                    const answer = await apiFetch("POST /profile/api/security/recovery-codes/", {
                      json: { current_password },
                      silent: true,
                    });
                    setCodes(answer.recovery_codes);
                  })
                }
              >
                {t("security.newCodes")}
              </Button>
            </Stack>
          )}
          {error("recovery_codes") && <Alert severity="error">{error("recovery_codes")}</Alert>}

          <Box>
            <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
              <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
                {t("security.sessions")}
              </Typography>
              <Button
                size="small"
                disabled={isBusy}
                onClick={() =>
                  change("sessions", () =>
                    apiFetch("POST /profile/api/security/sessions/end-others/", { silent: true }),
                  )
                }
              >
                {t("security.endOthers")}
              </Button>
            </Stack>
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label={t("security.sessions")}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t("security.browser")}</TableCell>
                    <TableCell>{t("security.address")}</TableCell>
                    <TableCell>{t("security.started")}</TableCell>
                    <TableCell>{t("security.lastUsed")}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(sessions.data?.results ?? []).map((session) => (
                    <TableRow key={session.id} data-testid="session-row">
                      <TableCell>{session.browser || "—"}</TableCell>
                      <TableCell>{session.address || "—"}</TableCell>
                      <TableCell>{time(session.created_at)}</TableCell>
                      <TableCell>{time(session.last_used_at)}</TableCell>
                      <TableCell align="right">
                        {session.is_current ? (
                          <Typography variant="caption">{t("security.thisSession")}</Typography>
                        ) : (
                          <Button
                            size="small"
                            disabled={isBusy}
                            onClick={() =>
                              change("sessions", () =>
                                apiFetch("DELETE /profile/api/security/sessions/:sessionId/", {
                                  params: { sessionId: session.id },
                                  silent: true,
                                }),
                              )
                            }
                          >
                            {t("security.end")}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Box>
        </Stack>
      )}
      {guarded && (
        <PasswordConfirmDialog
          guarded={guarded}
          onClose={() => setGuarded(null)}
          onRefused={(field, text) => setProblem({ field, text })}
        />
      )}
    </Paper>
  );
}
