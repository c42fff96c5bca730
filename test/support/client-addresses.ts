let lastAddress = Math.floor(Math.random() * 2 ** 20);

/**
 * A client address no other call of the run has had (sent as the proxy's X-Forwarded-For, with
 * TRUST_PROXY_HOPS=1), so that a suite's per-address budgets start empty for each call.
 */
export function freshAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}
