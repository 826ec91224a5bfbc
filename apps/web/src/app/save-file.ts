/** Hands a file to the browser to save, under the name the server gave it or `fallbackName`. */
export function saveFile(file: { blob: Blob; filename?: string | null }, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.filename || fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
