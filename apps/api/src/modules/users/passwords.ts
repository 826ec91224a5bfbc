import { hash, verify } from "@node-rs/argon2";

/** `Algorithm.Argon2id`: the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

// OWASP's minimum for argon2id: 19 MiB of memory, 2 iterations, 1 degree of parallelism.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** Checked against when the username does not exist, so that a miss takes as long as a wrong password. */
export const UNKNOWN_USER_HASH = await hashPassword("no such user: timing equaliser");
