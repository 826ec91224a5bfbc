import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import type { PriceListCompany } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { enqueueSnackbar } from "../../../app/toasts";
import { gridQueryKey } from "../../../components/data-grid";
import { COSTS_GRID, type PriceList, SERVICES_GRID } from "../api";

/**
 * Create (both lists empty: the base prices are copied) and Delete (either list has rows; asked first). Each shows
 * its progress, and the company's counts and both grids reload after it; a refusal is the API's toast.
 */
export function PriceListActions({
  company,
  priceList,
}: {
  company?: PriceListCompany;
  priceList: PriceList;
}) {
  const { t } = useTranslation("priceLists");
  const queryClient = useQueryClient();
  const [isAsking, setIsAsking] = useState(false);
  const reload = () =>
    Promise.all(
      [priceList.companyQuery.queryKey, gridQueryKey(SERVICES_GRID), gridQueryKey(COSTS_GRID)].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const create = useMutation({
    mutationFn: priceList.create,
    onSuccess: (counts) =>
      enqueueSnackbar(t("created", counts), { variant: "success", autoHideDuration: 4_000 }),
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: priceList.remove,
    onSuccess: (counts) =>
      enqueueSnackbar(t("deleted", counts), { variant: "success", autoHideDuration: 4_000 }),
    onSettled: () => {
      setIsAsking(false);
      return reload();
    },
  });
  const counts = company?.price_list;
  const isEmpty = counts !== undefined && counts.services === 0 && counts.transportation_costs === 0;
  const isBusy = create.isPending || remove.isPending;
  return (
    <Stack direction="row" spacing={1}>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        loading={create.isPending}
        disabled={!isEmpty || isBusy}
        onClick={() => create.mutate()}
      >
        {t("create")}
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        disabled={counts === undefined || isEmpty || isBusy}
        onClick={() => setIsAsking(true)}
      >
        {t("delete")}
      </Button>
      <Dialog open={isAsking} onClose={() => !remove.isPending && setIsAsking(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t("deleteTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("deleteQuestion", { name: company?.name, ...counts })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsAsking(false)} disabled={remove.isPending}>
            {t("cancel")}
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            autoFocus
          >
            {t("delete")}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
