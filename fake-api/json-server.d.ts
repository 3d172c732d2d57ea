/** The little of json-server 0.17 (CommonJS, no typings of its own) and of the Express 4 app it builds that the fake uses. */
declare module 'json-server' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  export interface Request extends IncomingMessage {
    body: unknown;
    params: Record<string, string>;
    ip: string;
    originalUrl: string;
  }
  export interface Response extends ServerResponse {
    status(code: number): Response;
    json(body: unknown): Response;
  }
  export type NextFunction = (err?: unknown) => void;
  export type Handler = (req: Request, res: Response, next: NextFunction) => void;
  /** What reaches an error handler: a route's thrown error, or body-parser's (http-errors) with these fields. */
  export interface HttpError {
    type?: string;
    body?: unknown;
    status?: number;
    statusCode?: number;
  }
  export type ErrorHandler = (err: HttpError | undefined, req: Request, res: Response, next: NextFunction) => void;

  export interface Application {
    use(...handlers: (Handler | ErrorHandler | Handler[])[]): Application;
    use(path: string, ...handlers: (Handler | ErrorHandler | Handler[])[]): Application;
    get(path: string, ...handlers: Handler[]): Application;
    post(path: string, ...handlers: Handler[]): Application;
    put(path: string, ...handlers: Handler[]): Application;
    delete(path: string, ...handlers: Handler[]): Application;
    set(setting: string, value: unknown): Application;
    listen(port: number, host: string | undefined, callback: () => void): Server;
  }

  /** The generic REST router; `db` is its lowdb instance (in memory when given an object). */
  export interface Router extends Handler {
    db: { getState(): unknown; _: { id?: string } };
  }

  export interface DefaultsOptions {
    logger?: boolean;
    bodyParser?: boolean;
    noCors?: boolean;
    readOnly?: boolean;
  }

  const jsonServer: {
    create(): Application;
    router(db: object | string): Router;
    defaults(options?: DefaultsOptions): Handler[];
    bodyParser: Handler[];
  };
  export default jsonServer;
}
