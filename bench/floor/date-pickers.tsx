/*
 * material-react-table's imports of the date pickers point here (vite.config.ts), as the portal loads them only
 * when a date filter shows (apps/web, lazy-date-pickers.tsx): the floor's pages show none.
 */
export const DatePicker = () => null;
export const DateTimePicker = () => null;
export const TimePicker = () => null;
