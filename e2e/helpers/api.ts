/** The server's test client (server/test/helpers/http) over real HTTP, so the declarations' samples run against a journey's server. */
import type { LightMyRequestResponse } from 'fastify';
import { type Client, clientOver } from '../../server/test/helpers/http';
import type { RunningServer } from './server';

export function httpClient(server: RunningServer, token: string): Client {
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = await res.text();
    if (res.status >= 500) throw new Error(`${method} ${url} answered ${res.status}: ${body}`);
    return { statusCode: res.status, body, json: () => JSON.parse(body) as unknown } as unknown as LightMyRequestResponse;
  };
  return clientOver(send);
}
