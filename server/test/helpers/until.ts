/** A ceiling for waits on something another part of the system does: a machine busy with other work may be slow to do it. */
export const WAIT_CEILING_MS = 60_000;

/** Waits until `check` holds (looked at every 20 ms), failing after the ceiling; a ceiling, not a wait. */
export async function until(check: () => boolean, what: string, timeoutMs = WAIT_CEILING_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
