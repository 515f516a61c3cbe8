/** Hands `text` (or the file's parts) to the browser as a file download. */
export function downloadText(
  fileName: string,
  mime: string,
  text: string | readonly (string | Blob)[],
): void {
  const parts = typeof text === 'string' ? [text] : [...text];
  const url = URL.createObjectURL(new Blob(parts, { type: `${mime};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started reading the blob by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
