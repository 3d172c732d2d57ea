/** The little of oidc-provider 9 the SSO tests use (it ships no types of its own). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    [key: string]: unknown;
  }
  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface KoaContext {
    path: string;
    body: unknown;
    oidc: {
      provider: { Grant: new (init: { clientId: string; accountId: string }) => Grant };
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  }
  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  export interface Configuration {
    clients?: ClientMetadata[];
    jwks?: { keys: object[] };
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    findAccount?(ctx: KoaContext, id: string): Promise<Account | undefined>;
    loadExistingGrant?(ctx: KoaContext): Promise<Grant | undefined>;
    features?: Record<string, { enabled: boolean }>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
