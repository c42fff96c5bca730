export type Env = Record<string, string | undefined>;

/**
 * Reads typed values from the environment. A value that is wrong adds a line naming the variable
 * to `problems` and gives the fallback, so that every wrong variable is named at once.
 */
export class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    this.problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  }

  url(name: string, fallback: string, protocols?: string[]): string {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!URL.canParse(raw)) {
      this.problems.push(`${name} must be a URL`);
      return fallback;
    }
    if (protocols && !protocols.includes(new URL(raw).protocol)) {
      this.problems.push(`${name} must be a ${protocols.join(' or ')}// URL`);
      return fallback;
    }
    return raw;
  }

  /** A comma-separated list of `host:port`. */
  list(name: string): string[] {
    const items = this.items(name);
    const bad = items.filter((item) => !/^[^\s:]+:\d{1,5}$/.test(item));
    if (bad.length > 0) this.problems.push(`${name} must be a comma-separated list of host:port`);
    return bad.length > 0 ? [] : items;
  }

  /** Browser origins (`https://app.example:8443`) or `*`. */
  origins(name: string): string[] {
    const items = this.items(name);
    const bad = items.filter((item) => item !== '*' && !/^https?:\/\/[^\s/]+$/.test(item));
    if (bad.length > 0) {
      this.problems.push(`${name} must be a comma-separated list of origins (https://host) or *`);
    }
    return bad.length > 0 ? [] : items;
  }

  private items(name: string): string[] {
    return (this.env[name] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }

  oneOf(name: string, fallback: string, allowed: string[]): string {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!allowed.includes(raw)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
      return fallback;
    }
    return raw;
  }

  /** A secret: its value is never repeated in a message. */
  key32(name: string): Buffer | undefined {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return undefined;
    const key = Buffer.from(raw, 'base64');
    if (key.length !== 32) {
      this.problems.push(`${name} must be 32 bytes encoded in base64 (openssl rand -base64 32)`);
      return undefined;
    }
    return key;
  }
}
