// The channels the configuration names (--ntfy, --webhook, --notify-cmd), in that order.
import type { Config } from '../config/config.js';
import { commandChannel, ntfyChannel, webhookChannel, type Channel } from './channels.js';

export function channelsOf(c: Pick<Config, 'ntfyUrl' | 'ntfyToken' | 'webhookUrl' | 'notifyCmd'>): Channel[] {
  const out: Channel[] = [];
  if (c.ntfyUrl) out.push(ntfyChannel(c.ntfyUrl, c.ntfyToken));
  if (c.webhookUrl) out.push(webhookChannel(c.webhookUrl));
  if (c.notifyCmd) out.push(commandChannel(c.notifyCmd));
  return out;
}
