// html5-qrcode rejects with text ("Error getting userMedia, error = NotAllowedError: ...") rather
// than the DOMException, so the kind of camera problem is read from the name inside.

export type CameraProblem = 'denied' | 'missing' | 'error';

export function cameraProblem(error: unknown): CameraProblem {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (/NotAllowedError|PermissionDenied|SecurityError|Permission denied/i.test(text)) return 'denied';
  if (/NotFoundError|DevicesNotFound|OverconstrainedError|not supported|Requested device not found/i.test(text)) return 'missing';
  return 'error';
}
