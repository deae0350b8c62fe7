/** oidc-provider ships no types: the little the tests use. */
declare module 'oidc-provider' {
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: unknown, res: unknown) => void;
  }
}
