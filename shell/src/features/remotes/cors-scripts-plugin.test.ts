/** The remote entry's script element: CORS mode for another origin, the runtime's own for the shell's. */
import { describe, expect, it } from 'vitest';
import { corsScript, corsScriptsPlugin } from './cors-scripts-plugin.ts';

describe('corsScript', () => {
  it("loads a remote's entry from another origin in CORS mode", () => {
    document.location.href = 'http://127.0.0.1:8080/produtos';
    const script = corsScript({ url: 'http://127.0.0.1:3001/remoteEntry.js' })!;
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script.getAttribute('crossorigin')).toBe('anonymous');
    expect(script.src).toBe('http://127.0.0.1:3001/remoteEntry.js');
    expect(corsScript({ url: 'https://cdn.example.com/storefront/remoteEntry.js' })!.crossOrigin).toBe('anonymous');
  });

  it("leaves the shell's own files to the runtime (no crossorigin, which its preloads do not use)", () => {
    document.location.href = 'http://127.0.0.1:8080/';
    expect(corsScript({ url: '/1031.15f4d6db.js' })).toBeUndefined();
    expect(corsScript({ url: 'http://127.0.0.1:8080/main.js' })).toBeUndefined();
  });

  it('is the createScript hook of the plugin', () => {
    document.location.href = 'http://127.0.0.1:8080/';
    const plugin = corsScriptsPlugin();
    const made = plugin.createScript!({ url: 'http://127.0.0.1:3002/remoteEntry.js' } as Parameters<NonNullable<typeof plugin.createScript>>[0]);
    expect((made as HTMLScriptElement).crossOrigin).toBe('anonymous');
  });
});
