/** The part of json-server 0.17's API (an Express app with its router) that server.ts uses; the package ships no types. */
declare module 'json-server' {
  import type { Server } from 'node:http';
  interface Request {
    body?: unknown;
    headers: Record<string, string | undefined>;
  }
  interface Response {
    status(code: number): Response;
    json(body: unknown): void;
  }
  type Handler = (request: Request, response: Response, next: () => void) => void;
  interface App {
    use(path: string, handler: Handler | App): void;
    use(handler: Handler | App): void;
    post(path: string, handler: (request: Request, response: Response) => void): void;
    listen(port: number, host: string, ready: () => void): Server;
  }
  const jsonServer: {
    create(): App;
    bodyParser: Handler;
    router(db: Record<string, unknown[]>): App;
    defaults(options: { static?: string; logger?: boolean }): Handler;
  };
  export default jsonServer;
}
