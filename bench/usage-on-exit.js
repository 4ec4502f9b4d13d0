// Preloaded by the bench into the command line it measures (`node --import`): at exit,
// writes what the process used, all its threads together, to $BENCH_USAGE_FILE.
import { writeFileSync } from 'node:fs';

process.once('exit', () => {
  const usage = process.resourceUsage();
  const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
  writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify({ cpuSeconds, peakMemoryKB: usage.maxRSS }));
});
