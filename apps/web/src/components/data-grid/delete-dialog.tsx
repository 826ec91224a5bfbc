import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";

/** The question before a row is deleted; closed by its Cancel or Escape unless the deletion is under way. */
export function DeleteDialog(props: {
  title: string;
  question: string;
  cancel: string;
  confirm: string;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onClose={() => !props.isDeleting && props.onCancel()} maxWidth="xs" fullWidth>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.isDeleting}>
          {props.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={props.onConfirm}
          disabled={props.isDeleting}
          autoFocus
        >
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
