/**
 * Where the service's log lines go (logs printed for a person during development).
 * A terminal gets pino-pretty's readable lines, written synchronously so nothing is lost when the
 * process exits; anything else (a pipe, a file, a container's log collector) gets pino's JSON
 * lines. `LOG_FORMAT` (`pretty` or `json`, config.ts) overrides the choice. pino-pretty is a
 * development dependency: where it is not installed (the production image), the lines are JSON.
 */
import type { DestinationStream } from 'pino';

/** The stream to hand to `pino(options, stream)`, or undefined for pino's JSON on standard output. */
export async function logDestination(output: NodeJS.WritableStream & { isTTY?: boolean }, format: 'pretty' | 'json' | undefined): Promise<DestinationStream | undefined> {
  if (format === 'json' || (format === undefined && output.isTTY !== true)) return undefined;
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({ destination: output, sync: true, colorize: output.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  } catch {
    return undefined;
  }
}
