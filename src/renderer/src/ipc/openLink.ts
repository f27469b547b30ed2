// Links in model output open only through main's check (https, no credentials): Electron hands them to the OS;
// in browser mode main has no OS to hand them to, so the page opens them itself after the same check passed.
import { appCalls } from './appCalls'

export async function openLink(url: string): Promise<void> {
  const result = await appCalls.openExternal(url)
  if (result.ok && result.value.opened && !window.gateway) window.open(url, '_blank', 'noopener,noreferrer')
}
