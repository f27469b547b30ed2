// The machine line every benchmark report carries, so a reader can weigh the figures: CPU, cores, memory,
// Node and Chromium versions, and the load average (other work on the machine makes the numbers noisy).
import { cpus, loadavg, totalmem } from 'node:os'

export function machineLine(chromiumVersion?: string): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  const parts = [
    `${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB`,
    `Node ${process.versions.node}`,
    chromiumVersion ? `Chromium ${chromiumVersion}` : '',
  ]
  return parts.filter(Boolean).join('; ')
}

export function loadLine(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1/5/15 min)`
}
