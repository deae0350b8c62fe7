import { it } from 'node:test';
import { startHarness } from './harness.js';
it('starts', async () => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const h = await startHarness();
  const t1 = performance.now();
  const c1 = process.cpuUsage(c0);
  await h.close();
  console.log(
    'import+boot wall',
    Math.round(t0),
    'harness wall',
    Math.round(t1 - t0),
    'harness cpu',
    Math.round((c1.user + c1.system) / 1000),
    'close',
    Math.round(performance.now() - t1),
    'total cpu',
    Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
  );
});
