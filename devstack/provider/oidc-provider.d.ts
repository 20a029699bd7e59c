// oidc-provider ships no type declarations. These cover only the parts the
// devstack uses; the configuration object stays loosely typed on purpose so
// a typo in an option name is caught by the provider's own start-up checks.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims> | AccountClaims;
  }

  export interface ClientInfo {
    clientId: string;
    clientName?: string;
  }

  export interface KoaContextWithOIDC {
    host: string;
    /** Koa's parsed query string and header getter. */
    query: Record<string, string | string[] | undefined>;
    get(field: string): string;
    type: string;
    status: number;
    body: unknown;
    oidc: {
      client?: ClientInfo;
      route?: string;
      /** The tokens and codes a request works with, by kind (`RefreshToken`, `AuthorizationCode`, …). */
      entities?: Record<string, { authTime?: number } | undefined>;
      /** The browser's session: who signed in, when, and the grant it holds for a client. */
      session?: { authTime?: number; accountId?: string; grantIdFor(clientId: string): string | undefined };
      /** The request's parameters as the provider read them (`grant_type`, `refresh_token`, …). */
      params?: Record<string, unknown>;
      /** A sign-in step's outcome, where the request resumes one. */
      result?: { consent?: { grantId?: string } };
      readonly provider: Provider;
    };
  }

  export interface TokenInfo {
    accountId?: string;
    clientId?: string;
    scope?: string;
    kind: string;
    /** Issue time of the first token of a rotating refresh token chain. */
    iiat?: number;
    /** An access token's audience: the resource it is for. */
    aud?: string | string[];
  }

  /** The Koa context as a middleware added with `provider.use` sees it. */
  export interface ProviderContext {
    method: string;
    path: string;
    /** Where the provider is mounted: oidc-provider writes its own addresses with it (when the request does not tell). */
    mountPath?: string;
    query: Record<string, string | string[] | undefined>;
    get(field: string): string;
    set(field: string, value: string): void;
    /** Koa's redirect: a 302 to `url`. */
    redirect(url: string): void;
    type: string;
    status: number;
    body: unknown;
    /** Present once the provider has routed the request (after `next()`). */
    oidc?: {
      route?: string;
      /** The request's parameters as the provider read them. */
      params?: Record<string, unknown>;
      entities: { RefreshToken?: { remainingTTL: number }; AccessToken?: { scope?: string } };
    };
  }

  export type ProviderMiddleware = (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>;

  export interface InteractionPrompt {
    name: string;
    reasons: string[];
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
  }

  export interface Interaction {
    uid: string;
    prompt: InteractionPrompt;
    params: Record<string, unknown> & { client_id?: string };
    session?: { accountId: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; /** auth_time, seconds since the epoch. */ ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export class Grant {
    constructor(init: { accountId: string; clientId: string });
    accountId?: string;
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export type Configuration = Record<string, unknown>;

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    readonly Grant: typeof Grant;
    /** The access tokens this server issued and keeps (opaque ones): undefined for another's, an expired or an unknown one. */
    readonly AccessToken: {
      find(
        value: string,
      ): Promise<{ accountId?: string; clientId?: string; scope?: string; jkt?: string; extra?: Record<string, unknown> } | undefined>;
    };
    /** The refresh tokens this server issued: `jkt` is the thumbprint of the DPoP key one is bound to. */
    readonly RefreshToken: {
      find(value: string, options?: { ignoreExpiration?: boolean }): Promise<{ jkt?: string } | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    use(middleware: ProviderMiddleware): this;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      status: number;
      error: string;
      error_description?: string;
    }
    class InvalidTarget extends OIDCProviderError {
      constructor(description?: string);
    }
  }
}
