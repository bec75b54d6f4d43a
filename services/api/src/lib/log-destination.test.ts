/** Log lines for a person on a terminal, JSON elsewhere, and what LOG_FORMAT asks (lib/log-destination.ts). */
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { logDestination } from './log-destination.ts';

/** Logs one line through the destination chosen for `output` and returns what `output` received. */
async function logged(isTTY: boolean, format: 'pretty' | 'json' | undefined): Promise<{ chosen: boolean; text: string }> {
  const output = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const destination = await logDestination(output, format);
  pino({ name: 'api' }, destination ?? output).info('API ready');
  // A terminal's lines are coloured: compared without the colour codes.
  return { chosen: destination !== undefined, text: stripVTControlCharacters(text) };
}

it('writes readable lines to a terminal', async () => {
  const { chosen, text } = await logged(true, undefined);
  expect(chosen).toBe(true);
  expect(text).toMatch(/INFO.*\(api\): API ready/);
  expect(() => JSON.parse(text)).toThrow();
});

it('writes JSON lines to a pipe or a file, and when LOG_FORMAT=json', async () => {
  for (const [isTTY, format] of [[false, undefined], [true, 'json']] as const) {
    const { chosen, text } = await logged(isTTY, format);
    expect(chosen).toBe(false);
    expect(JSON.parse(text)).toMatchObject({ level: 30, name: 'api', msg: 'API ready' });
  }
});

it('writes readable lines to a pipe when LOG_FORMAT=pretty', async () => {
  expect((await logged(false, 'pretty')).text).toMatch(/INFO.*\(api\): API ready/);
});
