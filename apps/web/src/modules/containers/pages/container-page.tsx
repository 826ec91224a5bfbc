import LinearProgress from "@mui/material/LinearProgress";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Navigate, useParams, useSearchParams } from "react-router";
import { addressId } from "../../../app/address-id";
import { useCurrentUser } from "../../../app/use-session";
import { LoadFailed } from "../../../components/load-failed";
import { orders, statusesQuery } from "../../orders/api";
import { containers } from "../api";
import { ContainerForm } from "../components/container-form";
import { addableStatusIds } from "../container-access";
import { containerFormValues, newContainerValues } from "../container-values";

/**
 * /add-container (`?order=` starts with that order chosen) and /containers/{id}: the container's form, new or in
 * edit mode (spec 02 §2). Another company's container, or one that does not exist, is "not found".
 */
export function ContainerPage() {
  const { id } = useParams();
  if (id === undefined) return <NewContainer />;
  const containerId = addressId(id);
  if (containerId === null) return <Navigate to="/containers" replace />;
  // Another container's form starts again from its own values
  return <ContainerEditor key={containerId} containerId={containerId} />;
}

function NewContainer() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const orderId = addressId(params.get("order"));
  const statuses = useQuery(statusesQuery);
  const order = useQuery({ ...orders.oneQuery(orderId ?? 0), enabled: orderId !== null });
  if (!statuses.data || (orderId !== null && order.isPending)) return <Loading />;
  return (
    <ContainerForm
      key={orderId ?? 0}
      container={null}
      values={newContainerValues(order.data?.id ?? null)}
      status={null}
      addableStatusIds={addableStatusIds(user, statuses.data)}
      initialOrder={order.data ?? null}
    />
  );
}

function ContainerEditor({ containerId }: { containerId: number }) {
  const { t } = useTranslation("containers");
  const container = useQuery(containers.oneQuery(containerId, { silent: true }));
  const statuses = useQuery(statusesQuery);
  // A refetch that fails (the container deleted meanwhile) keeps the form and its edits; a container the user may
  // not see is "not found" on the page itself
  if (container.error && !container.data) {
    return (
      <LoadFailed
        message={t("form.loadFailed")}
        notFound={t("form.notFound")}
        error={container.error}
        back={{ to: "/containers", label: t("form.backToList") }}
      />
    );
  }
  if (!container.data || !statuses.data) return <Loading />;
  const status = statuses.data.find((item) => item.id === container.data.freight_order_status) ?? null;
  return (
    <ContainerForm
      container={container.data}
      values={containerFormValues(container.data)}
      status={status}
      addableStatusIds={null}
      initialOrder={null}
    />
  );
}

function Loading() {
  const { t } = useTranslation("containers");
  return <LinearProgress aria-label={t("form.loading")} />;
}
