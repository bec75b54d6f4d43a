/**
 * How the operator commands (`npm run create-owner`, `release`, `rollback`, `releases`) report a
 * failure: the error's message (pt-BR for validation and service errors), then one indented line
 * per zod issue, on stderr; the exit code becomes 1.
 */
export function reportCliError(error: unknown): void {
  const issues = (error as { issues?: { message: string }[] }).issues ?? [];
  console.error([error instanceof Error ? error.message : String(error), ...issues.map((issue) => `  - ${issue.message}`)].join('\n'));
  process.exitCode = 1;
}
