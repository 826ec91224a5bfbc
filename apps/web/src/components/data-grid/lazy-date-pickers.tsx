import type { DatePickerProps } from "@mui/x-date-pickers/DatePicker";
import type { DateTimePickerProps } from "@mui/x-date-pickers/DateTimePicker";
import type { TimePickerProps } from "@mui/x-date-pickers/TimePicker";
import { lazy, Suspense } from "react";

/*
 * material-react-table imports the three pickers for its date filters; vite.config.ts points those imports
 * here, so that the pickers (about a third of a grid page's code) load when a date filter is first shown
 * rather than with every grid page.
 */
const LazyDatePicker = lazy(() =>
  import("@mui/x-date-pickers/DatePicker").then((m) => ({ default: m.DatePicker })),
);
const LazyDateTimePicker = lazy(() =>
  import("@mui/x-date-pickers/DateTimePicker").then((m) => ({ default: m.DateTimePicker })),
);
const LazyTimePicker = lazy(() =>
  import("@mui/x-date-pickers/TimePicker").then((m) => ({ default: m.TimePicker })),
);

export function DatePicker(props: DatePickerProps) {
  return (
    <Suspense fallback={null}>
      <LazyDatePicker {...props} />
    </Suspense>
  );
}

export function DateTimePicker(props: DateTimePickerProps) {
  return (
    <Suspense fallback={null}>
      <LazyDateTimePicker {...props} />
    </Suspense>
  );
}

export function TimePicker(props: TimePickerProps) {
  return (
    <Suspense fallback={null}>
      <LazyTimePicker {...props} />
    </Suspense>
  );
}
