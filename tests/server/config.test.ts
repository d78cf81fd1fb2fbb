import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadGatewayDelayMs } from '../../server/src/config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      apiHost: '127.0.0.1',
      apiPort: 8787,
      sitesPort: 4321,
      dataDir: path.resolve('data'),
      publicApiUrl: 'http://127.0.0.1:8787',
      mediaStore: { kind: 'local' },
    });
  });

  it('names every bad variable at once', () => {
    const read = () =>
      loadConfig({ API_PORT: 'abc', SITES_PORT: '70000', PUBLIC_API_URL: 'ftp://x', PAYMENT_GATEWAY_DELAY_MS: '-5' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/API_PORT[\s\S]*SITES_PORT[\s\S]*PUBLIC_API_URL[\s\S]*PAYMENT_GATEWAY_DELAY_MS/);
  });

  it('reads the sandbox gateway delay in milliseconds, 0 when unset', () => {
    expect(loadGatewayDelayMs({})).toBe(0);
    expect(loadGatewayDelayMs({ PAYMENT_GATEWAY_DELAY_MS: '400' })).toBe(400);
    const problems: string[] = [];
    loadGatewayDelayMs({ PAYMENT_GATEWAY_DELAY_MS: '0.5' }, problems);
    expect(problems).toEqual([expect.stringContaining('PAYMENT_GATEWAY_DELAY_MS')]);
  });
});
