/**
 * localStorage, or an in-memory stand-in where there is none (unit tests run in Node; some browsers refuse
 * storage in private mode). Reads and writes never throw.
 */
const memory = new Map<string, string>();

function backend(): Storage | null {
  try {
    return typeof globalThis.localStorage === "undefined" ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  const store = backend();
  if (!store) return memory.get(key) ?? null;
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  const store = backend();
  if (!store) {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
    return;
  }
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the session then lasts only as long as the page.
  }
}

/** Every stored key that starts with `prefix`. */
export function keysWithPrefix(prefix: string): string[] {
  const store = backend();
  if (!store) return [...memory.keys()].filter((key) => key.startsWith(prefix));
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}
