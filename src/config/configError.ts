export type ConfigErrorKind = 'config-unreachable' | 'config-missing' | 'config-not-json' | 'config-invalid';

/** The application config could not be used; `field` names the bad field. */
export class ConfigError extends Error {
  readonly kind: ConfigErrorKind;
  readonly detail: string;
  readonly field: string | undefined;
  readonly status: number | undefined;

  constructor(kind: ConfigErrorKind, detail: string, options: { field?: string; status?: number } = {}) {
    super(`${kind}: ${detail}`);
    this.name = 'ConfigError';
    this.kind = kind;
    this.detail = detail;
    this.field = options.field;
    this.status = options.status;
  }
}
