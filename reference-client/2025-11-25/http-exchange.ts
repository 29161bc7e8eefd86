// One HTTP exchange on node:http (node:https for https URLs): cheaper to load and to run than global fetch,
// whose first use alone costs a client process about 40 ms of CPU. Redirects are not followed.
import { Agent, request, type IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';

export interface Exchange {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
}

/** The endpoint was closed: no exchange starts any more. */
export class EndpointClosedError extends Error {
  constructor() {
    super('the connection to the server is closed');
    this.name = 'EndpointClosedError';
  }
}

/**
 * Sends requests to one URL over its own keep-alive agent. close() ends everything by destroying the agent's
 * sockets: an abort signal on each request would also fire after its response, onto a socket back in the pool.
 */
export class HttpEndpoint {
  private agent?: Agent | HttpsAgent;
  private sender?: Promise<typeof request>;
  private closed = false;

  constructor(readonly url: URL) {}

  /** Resolves with the response once its head has arrived; the body is left to the caller to read or discard. */
  async exchange({ method, headers, body }: Exchange): Promise<IncomingMessage> {
    const send = await (this.sender ??= this.load());
    if (this.closed) throw new EndpointClosedError();
    const head = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    return new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = send(this.url, { method, headers: head, agent: this.agent }, resolve);
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  /** Destroys the agent's sockets: in-flight exchanges and open streams end at once. */
  close(): void {
    this.closed = true;
    this.agent?.destroy();
  }

  private async load(): Promise<typeof request> {
    if (this.url.protocol !== 'https:') {
      this.agent = new Agent({ keepAlive: true });
      return request;
    }
    const https = await import('node:https'); // loaded only for an https URL
    this.agent = new https.Agent({ keepAlive: true });
    return https.request as typeof request;
  }
}

/** The whole body as text. */
export async function readText(response: IncomingMessage): Promise<string> {
  response.setEncoding('utf8');
  let text = '';
  for await (const chunk of response) text += chunk as string;
  return text;
}

/** Drains a body nobody needs, so its socket can serve the next exchange. */
export function discard(response: IncomingMessage): void {
  response.resume();
}

/** The media type of a Content-Type header without its parameters, lower-cased. */
export function mediaType(response: IncomingMessage): string {
  return (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}
