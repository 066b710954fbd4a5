// What a suite does when a part it drives (nginx, its njs module, Chromium) is
// not installed: with CI set it fails the run, naming what to install, so that
// CI can never pass by skipping; on a developer's machine it is skipped, and
// says what is missing (docs/testing.md).

/** Whether this run is CI's: CI set to anything but "" , "0" or "false" (GitHub Actions and .ci/run set CI=true). */
export function isCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * `missing` (why a part cannot run here, with what to install; null when it can)
 * as the reason to skip `suite`, said on stderr; on CI, an error instead.
 */
export function skipOrFail(missing: string | null, suite: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (missing === null) return null;
  if (isCI(env)) throw new Error(`${suite} cannot run: ${missing}. CI is set, so this fails instead of skipping.`);
  console.warn(`${suite} skipped: ${missing}`);
  return missing;
}
