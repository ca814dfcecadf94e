import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./form-schemas-list');
  vi.resetModules();
});

describe('loadFormSchemas', () => {
  it('gives the forms the same checks the server uses', async () => {
    const { loadFormSchemas } = await import('./form-schemas');
    const { loginInputSchema, emailSchema } = await loadFormSchemas();
    expect(emailSchema.safeParse(' Asha@Example.in ').data).toBe('asha@example.in');
    const parsed = loginInputSchema.safeParse({ email: '', password: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('REQUIRED_FIELDS_MISSING');
  });

  it('reports a failed load as a network error and tries again on the next send', async () => {
    let fail = true;
    vi.doMock('./form-schemas-list', async (original) => {
      if (fail) throw new Error('chunk not reachable');
      return original();
    });
    const { loadFormSchemas } = await import('./form-schemas');
    const { isApiError } = await import('./api-client');
    const error: unknown = await loadFormSchemas().catch((caught: unknown) => caught);
    expect(isApiError(error) && error.code).toBe('NETWORK_ERROR');
    fail = false;
    const schemas = await loadFormSchemas();
    expect(schemas.emailSchema.safeParse('x@y.in').success).toBe(true);
  });
});
