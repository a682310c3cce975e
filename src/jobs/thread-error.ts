/**
 * An error as it crosses between threads (a message carries plain data): its message and its name, so the
 * serving thread still tells a database that went away (StoreUnavailableError) or a full disk
 * (StoreFullError) from a job that failed on its own.
 * @module
 */
export function errorAcross(message: string, name: string | undefined): Error {
  const e = new Error(message);
  if (name) e.name = name;
  return e;
}
