import LinearProgress from "@mui/material/LinearProgress";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Navigate, useParams, useSearchParams } from "react-router";
import { addressId } from "../../../../app/address-id";
import { useCurrentUser } from "../../../../app/use-session";
import { LoadFailed } from "../../../../components/load-failed";
import { orders, statusesQuery, workflowQuery } from "../../api";
import { companyQuery } from "../api";
import { OrderForm } from "../components/order-form";
import { newOrderValues, orderFormValues } from "../order-values";

/**
 * /add-freight-order (`?copiedId=` copies an order, `?company=` chooses the company) and /freight-orders/{id}: the
 * shipping order's form, new or in edit mode (spec 01 §2).
 */
export function OrderPage() {
  const { id } = useParams();
  if (id === undefined) return <NewOrder />;
  const orderId = addressId(id);
  if (orderId === null) return <Navigate to="/freight-orders" replace />;
  // Another order's form starts again from its own values
  return <OrderEditor key={orderId} orderId={orderId} />;
}

function NewOrder() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const copiedId = addressId(params.get("copiedId"));
  const companyId = user.can_select_company ? addressId(params.get("company")) : null;
  const source = useQuery({
    ...orders.oneQuery(copiedId ?? 0, { silent: true }),
    enabled: copiedId !== null,
  });
  const company = useQuery({ ...companyQuery(companyId ?? 0), enabled: companyId !== null });
  const statuses = useQuery(statusesQuery);
  if (source.error) return <OrderLoadFailed error={source.error} />;
  const isLoading = (copiedId !== null && !source.data) || (companyId !== null && company.isPending);
  if (isLoading || !statuses.data) return <Loading />;
  const chosenCompany = company.data ?? null;
  return (
    <OrderForm
      // A copy of another order (or for another company) is another form
      key={`${copiedId}:${companyId}`}
      order={null}
      values={newOrderValues(user, source.data ?? null, chosenCompany?.id ?? null)}
      names={{
        company_name: chosenCompany?.name ?? source.data?.company_name ?? "",
        border_crossing_point_name: source.data?.border_crossing_point_name ?? "",
      }}
      statuses={statuses.data}
      workflow={[]}
    />
  );
}

function OrderEditor({ orderId }: { orderId: number }) {
  const order = useQuery(orders.oneQuery(orderId, { silent: true }));
  const statuses = useQuery(statusesQuery);
  // Silent as the order's: its 404 is the same "not found", said once on the page
  const workflow = useQuery(workflowQuery(orderId, { silent: true }));
  // A refetch that fails (the order deleted meanwhile) keeps the form and its edits
  if (order.error && !order.data) return <OrderLoadFailed error={order.error} />;
  if (workflow.error && !workflow.data) return <OrderLoadFailed error={workflow.error} />;
  if (!order.data || !statuses.data || !workflow.data) return <Loading />;
  return (
    <OrderForm
      order={order.data}
      values={orderFormValues(order.data)}
      names={order.data}
      statuses={statuses.data}
      workflow={workflow.data}
    />
  );
}

/** An order the user may not see (another company's) is "not found", as a container is; other failures toast. */
function OrderLoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation("orderForm");
  return (
    <LoadFailed
      message={t("loadFailed")}
      notFound={t("notFound")}
      error={error}
      back={{ to: "/freight-orders", label: t("backToList") }}
    />
  );
}

function Loading() {
  const { t } = useTranslation("orderForm");
  return <LinearProgress aria-label={t("loading")} />;
}
