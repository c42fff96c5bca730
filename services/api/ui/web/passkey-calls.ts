/**
 * What the passkey pages' scripts share: a JSON call to the service that answers the API's error
 * shape, and the message to show for a failure (by its error id, or the browser's refusal).
 */

/** A failure the service answered, with the error's stable id. */
export class CallError extends Error {
  constructor(
    readonly id: string,
    message: string,
  ) {
    super(message);
  }
}

/** POSTs `body` as JSON; the answer's JSON, or a CallError with the error detail's id. */
export async function postJson<T>(path: string, body: object): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    message?: string;
    details?: { id?: string }[];
  };
  if (!response.ok) {
    const id = answer.details?.find((detail) => detail.id)?.id ?? 'failed';
    throw new CallError(id, answer.message ?? response.statusText);
  }
  return answer as T;
}

/**
 * The words for a failure: the service's error id, the browser's refusal (the person cancelled,
 * or no authenticator answered: NotAllowedError, AbortError), or `failed`.
 */
export function messageFor(error: unknown, messages: Record<string, string>): string {
  if (error instanceof CallError) return messages[error.id] ?? messages.failed ?? error.message;
  const name = (error as { name?: string; cause?: { name?: string } })?.name;
  const cause = (error as { cause?: { name?: string } })?.cause?.name;
  if (name === 'NotAllowedError' || cause === 'NotAllowedError' || name === 'AbortError')
    return messages.cancelled ?? String(error);
  return messages.failed ?? String(error);
}
