import type { Config } from './config.js';

/** Opens the full-screen dashboard. */
export async function runDashboard(config: Config): Promise<number> {
  void config;
  process.stderr.write('tradedeck: the dashboard is not available in this build\n');
  return 1;
}
