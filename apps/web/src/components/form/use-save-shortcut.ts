import { useEffect, useRef } from "react";

/**
 * Ctrl+S (⌘S) saves the form wherever the focus is, as its Save button would: `save` is the form's submit while
 * there is something to save, else null. By the key's place, so that a Russian layout works too; the browser's own
 * "save the page" never opens over the form.
 */
export function useSaveShortcut(save: (() => Promise<unknown>) | null): void {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.code === "KeyS") {
        event.preventDefault();
        void saveRef.current?.();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
