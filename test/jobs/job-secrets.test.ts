/**
 * The EVC OTP of a GSTR-1 filing is queued sealed: the job row the store keeps holds no OTP in clear, the
 * job still files, and a job whose OTP was sealed under a key this process lacks fails with SVC-958 saying
 * what to do, instead of sending the portal something else.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gstrJobExecutor } from '../../src/jobs/executor.js';
import { createJobSecrets } from '../../src/jobs/job-secrets.js';
import { targets, world } from '../http/harness.js';

const SELLER = '29AAGCK4821M1Z4';
const h = { 'svc-company': 'acme' };

describe('secrets a queued job carries', () => {
  it('seal under the current key, open under it or a previous one, and only for the job type they were sealed for', () => {
    const [current, previous, other] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const sealed = createJobSecrets(previous).seal('gstr1/file', '575757');
    expect(sealed).not.toContain('575757');
    expect(createJobSecrets(current, [previous]).open('gstr1/file', sealed)).toBe('575757');
    expect(createJobSecrets(other).open('gstr1/file', sealed)).toBeUndefined();
    expect(createJobSecrets(previous).open('ims/action', sealed)).toBeUndefined();
    expect(createJobSecrets(previous).open('gstr1/file', '575757')).toBeUndefined();
  });

  it('gstr1/file: the stored job holds the OTP sealed, never in clear, and the job files', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      const period = '2026-11';
      expect(
        (
          await call('POST', '/api/svc/gstr1/upload', {
            headers: h,
            body: { gstin: SELLER, returnPeriod: period, gstr1: { gstin: SELLER, fp: '112026', b2b: [] } },
          })
        ).status,
      ).toBe(200);
      await w.sandbox.jobs.idle();
      expect((await call('POST', '/api/svc/gstr1/evc', { headers: h, body: { gstin: SELLER, returnPeriod: period, pan: 'AAGCK4821M' } })).status).toBe(200);
      const file = await call('POST', '/api/svc/gstr1/file', { headers: h, body: { gstin: SELLER, returnPeriod: period, pan: 'AAGCK4821M', otp: '575757' } });
      expect(file.status, file.text).toBe(200);
      const row = await w.sandbox.store.getJob('acme', file.body.jobId);
      expect(row).toBeDefined();
      expect(JSON.stringify(row?.params)).not.toContain('575757');
      expect(typeof row?.params['otpSealed']).toBe('string');
      await w.sandbox.jobs.idle();
      const status = await call('GET', `/api/svc/robot/jobstatus/${file.body.jobId}`);
      expect(status.body.jobStatus, status.text).toBe(100);
      expect(status.body.result.arn).toMatch(/^AA29/);
      expect(JSON.stringify(status.body)).not.toContain('575757');
    } finally {
      await close();
    }
  });

  it('a job whose OTP was sealed under another key fails with SVC-958 and says to share GSTKIT_SESSION_KEY', async () => {
    const w = world();
    const executor = gstrJobExecutor({
      portal: w.sandbox.providers.gstPortal,
      store: w.sandbox.providers.returnStore,
      secrets: createJobSecrets(randomBytes(32)),
    });
    const otpSealed = createJobSecrets(randomBytes(32)).seal('gstr1/file', '575757');
    const out = await executor(
      { jobId: 'j1', type: 'gstr1/file', companyId: 'acme', params: { gstin: SELLER, period: '2026-11', pan: 'AAGCK4821M', otpSealed } },
      () => {},
    );
    expect(out).toMatchObject({ ok: false, error: { code: 'SVC-958' } });
    expect(JSON.stringify(out)).toMatch(/GSTKIT_SESSION_KEY/);
  });
});
