// STAND-IN: replaced by verify at merge
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';

export interface FailedAttempts {
  lockedUntil(userId: string): Promise<Date | null>;
  fail(userId: string | null, address: string): Promise<{ locked: Date | null }>;
  addressBlocked(address: string): Promise<boolean>;
  succeed(userId: string): Promise<void>;
  close(): Promise<void>;
}

export function createFailedAttempts(_config: Config, _dataSource: DataSource): FailedAttempts {
  return {
    lockedUntil: () => Promise.resolve(null),
    fail: () => Promise.resolve({ locked: null }),
    addressBlocked: () => Promise.resolve(false),
    succeed: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}
