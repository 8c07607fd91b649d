// Run by signals.test.ts as its own process: demo services on the state directory argv[2] with a
// webhook (argv[3]) that refuses every event; it changes the simulator's balances (saved when the
// services close), tells an event (whose delivery then waits to be tried again), and keeps running,
// as a command not done yet would, until a signal ends it.
import { createServices } from '../src/services/index.js';
import { demoConfig } from './support/services.js';
import { first } from './support/narrow.js';

const [stateDir, webhookUrl, address] = first(process.argv.slice(2), 3);
const s = await createServices(demoConfig({ stateDir, webhookUrl }), { retries: 0 });
s.sim!.fund(address);
s.emit('a transaction failed', { source: 'Signing', type: 'transaction.failed', key: 'one' });
setInterval(() => {}, 60_000);
