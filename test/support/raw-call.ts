import { request as httpRequest } from 'node:http';
import type { ApiResponse } from './service-client.js';

/** A request with any method and body, over node:http. */
export function rawCall(
  url: string,
  method: string,
  body: string,
  token: string,
  headers: Record<string, string>,
): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (typeof value === 'string') headers.set(name, value);
          resolve({
            status: response.statusCode!,
            body: text ? JSON.parse(text) : undefined,
            text,
            headers,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
