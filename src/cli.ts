// Entry point: parses argv and picks a mode (dashboard, sim, headless command).
import { readFileSync } from 'node:fs';

const VERSION = '0.1.0';

function main(argv: string[]): number {
  if (argv.includes('--version')) {
    process.stdout.write(`tradedeck ${VERSION}\n`);
    return 0;
  }
  process.stdout.write('tradedeck: modes are being built\n');
  void readFileSync;
  return 0;
}

process.exitCode = main(process.argv.slice(2));
