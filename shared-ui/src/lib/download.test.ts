import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './download.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('downloadFile', () => {
  it('clicks a link to an object URL of the content, named and typed as asked, then cleans up', async () => {
    vi.useFakeTimers();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:relatorio');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicks: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });

    downloadFile('a;b\r\n1;2', 'logs-atividades-2026-11-20.csv', 'text/csv;charset=utf-8');

    expect(clicks).toEqual([{ href: 'blob:relatorio', download: 'logs-atividades-2026-11-20.csv', attached: true }]);
    const blob = created.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await blob.text()).toBe('a;b\r\n1;2');
    expect(document.body.querySelector('a')).toBeNull();
    expect(revoked).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoked).toHaveBeenCalledWith('blob:relatorio');
  });
});
