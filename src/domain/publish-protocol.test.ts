import { describe, expect, test } from 'vitest';
import { parseRenderReport, RenderJob } from './publish-protocol.ts';

const report = {
  changes: 1,
  affected: 2,
  rendered: 2,
  written: 1,
  added: 0,
  removed: 0,
  footerSpliced: 0,
  footerPending: false,
  ms: { sync: 120 },
  delta: { files: ['space/x/index.html'], dirs: [] },
};

describe('the render worker protocol', () => {
  test("a report is the worker's last line, whatever it logged before", () => {
    expect(parseRenderReport(`[spaces] 8 entries\n${JSON.stringify(report)}\n`)).toEqual(report);
  });

  test('a missing, unreadable or misshapen report fails the publish with what was wrong', () => {
    expect(() => parseRenderReport('')).toThrow('printed no report');
    expect(() => parseRenderReport('Published 3 pages')).toThrow('last line is not a report: Published 3 pages');
    expect(() => parseRenderReport(JSON.stringify({ ...report, written: -1 }))).toThrow(/report is not valid.*written/s);
    expect(() => parseRenderReport(JSON.stringify({ ...report, delta: { files: 'all' } }))).toThrow(/delta/);
  });

  test('a job names its mode and folders; anything else is refused before a worker starts', () => {
    const job = { mode: 'publish', deferFooters: true, renderer: '/r', store: '/s', current: '/c', out: '/o', hints: null };
    expect(RenderJob.parse(job)).toEqual(job);
    expect(RenderJob.safeParse({ ...job, mode: 'rebuild' }).success).toBe(false);
    expect(RenderJob.safeParse({ ...job, out: '' }).success).toBe(false);
  });
});
