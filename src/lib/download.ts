/**
 * Starts a browser download of `url` (the API answers it as an attachment) without leaving the
 * page: a temporary link is clicked.
 */
export function startDownload(url: string, filename = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
