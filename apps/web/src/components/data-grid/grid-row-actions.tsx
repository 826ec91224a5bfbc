import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { enqueueSnackbar } from "../../app/toasts";
import { GridIcon } from "./grid-icons";
import { readSaveError } from "./save-errors";
import type { GridRowAction } from "./types";

/**
 * The words and icon of a grid's row removal when it is not a deletion (an employee is deactivated, and stays in
 * the list): its button, its question naming the row, its confirming button and what it says once done.
 */
export interface RowRemoval {
  /** The button's label and the question's title. */
  action: string;
  icon: ReactNode;
  question: (name: string) => string;
  confirm: string;
  done: string;
}

/** What a row offers: the grid's edit and delete (when this row has them) and the page's own actions. */
export interface RowActionsProps {
  onEdit?: () => void;
  /** Another row is being edited: this one waits. */
  isEditBusy: boolean;
  /** The grid edits rows (some of them): a row without its edit button keeps the button's place. */
  hasEditSlot?: boolean;
  onDelete?: () => void;
  /** The grid deletes rows (some of them). */
  hasDeleteSlot: boolean;
  /** The removal's own label and icon, when it is not a deletion. */
  removal?: RowRemoval;
  /** The page's declared actions; null keeps the place of one this row lacks. */
  actions?: readonly (GridRowAction | null)[];
  /** The page's own buttons, drawn by it. */
  children?: ReactNode;
}

/**
 * The buttons at the start of a row: edit (row edit mode), delete, then the page's own. A row that may not be
 * edited in a grid that edits, or deleted in a grid that deletes, keeps the button's place empty, so each button
 * stays in its column.
 */
export function RowActions(props: RowActionsProps) {
  const { t } = useTranslation("grid");
  const stop = (action: () => void) => (event: React.MouseEvent) => {
    event.stopPropagation();
    action();
  };
  // Plain buttons with the browser's own tooltip (`title`): a page of rows draws dozens of them, where the kit's
  // button and tooltip cost a component tree and styles each
  return (
    <span className="dg-row-actions">
      {props.onEdit ? (
        <button
          type="button"
          className="dg-row-button"
          aria-label={t("edit.start")}
          title={t("edit.start")}
          disabled={props.isEditBusy}
          onClick={stop(props.onEdit)}
        >
          <GridIcon name="edit" small />
        </button>
      ) : (
        props.hasEditSlot && <EmptyActionSlot />
      )}
      {props.onDelete ? (
        <button
          type="button"
          className="dg-row-button"
          aria-label={props.removal?.action ?? t("delete.start")}
          title={props.removal?.action ?? t("delete.start")}
          onClick={stop(props.onDelete)}
        >
          {props.removal?.icon ?? <GridIcon name="delete" small />}
        </button>
      ) : (
        props.hasDeleteSlot && <EmptyActionSlot />
      )}
      {props.actions?.map((action, index) =>
        action ? (
          action.to ? (
            <RouterLink
              key={action.id}
              to={action.to}
              className="dg-row-button"
              aria-label={action.label}
              title={action.label}
              onClick={(event) => event.stopPropagation()}
            >
              {action.icon}
            </RouterLink>
          ) : (
            <button
              key={action.id}
              type="button"
              className="dg-row-button"
              aria-label={action.label}
              title={action.label}
              onClick={action.onClick && stop(action.onClick)}
            >
              {action.icon}
            </button>
          )
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: an empty place has nothing but its place
          <EmptyActionSlot key={`empty-${index}`} />
        ),
      )}
      {props.children}
    </span>
  );
}

/**
 * The place of a row's button that this row does not have, keeping the others in line: as wide as a row's button,
 * unseen and out of the tab order.
 */
export function EmptyActionSlot() {
  return <span className="dg-row-button dg-row-slot" aria-hidden />;
}

/**
 * Deleting a row after the user confirms it: `ask(row)` opens the question, naming the row by `describe`; the
 * server's refusal (a kind still in use) is shown as it words it, and the rows reload after a deletion.
 */
export function useRowDeletion<T>(options: {
  onDelete?: (row: T) => Promise<unknown>;
  describe: (row: T) => string;
  refetch: () => void;
  removal?: RowRemoval;
}) {
  const { t } = useTranslation("grid");
  const [pending, setPending] = useState<T | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const { onDelete, removal } = options;

  const confirm = async () => {
    if (pending === null || !onDelete) return;
    setIsDeleting(true);
    try {
      await onDelete(pending);
      enqueueSnackbar(removal?.done ?? t("delete.done"), { variant: "success", autoHideDuration: 4_000 });
      options.refetch();
    } catch (error) {
      const failure = readSaveError(error, new Map());
      const messages = [...failure.messages, ...Object.values(failure.fieldErrors)];
      for (const message of messages.length ? messages : [t("delete.failed")]) {
        enqueueSnackbar(message, { variant: "error", autoHideDuration: 20_000 });
      }
      if (failure.kind === "conflict") options.refetch();
    } finally {
      setIsDeleting(false);
      setPending(null);
    }
  };

  const name = pending === null ? "" : options.describe(pending);
  const dialog = pending !== null && (
    <Suspense fallback={null}>
      <DeleteDialog
        title={removal?.action ?? t("delete.title")}
        question={removal ? removal.question(name) : t("delete.question", { name })}
        cancel={t("cancel")}
        confirm={removal?.confirm ?? t("delete.confirm")}
        isDeleting={isDeleting}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </Suspense>
  );

  return { ask: onDelete ? (row: T) => setPending(() => row) : undefined, dialog };
}

// The question loads when first asked
const DeleteDialog = lazy(() =>
  import("./delete-dialog").then((module) => ({ default: module.DeleteDialog })),
);
