/**
 * Client-side file downloads: the admin's activity-log CSV and QA report, the shopper's data
 * export. The text becomes a Blob behind a temporary object URL, clicked through a hidden link.
 */

/**
 * Saves `content` in the browser as a file named `fileName`, of MIME type `type`
 * (e.g. 'text/csv;charset=utf-8', 'application/json'). The object URL is revoked once the click
 * has been handed to the browser.
 */
export function downloadFile(content: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
