// Browser mode's "Save as…" for an exported file: the media URL main answered with, offered as a download
// (the media route sends Content-Disposition: attachment when asked with ?download=).

export function downloadMedia(url: string, name: string): void {
  const a = document.createElement('a')
  a.href = `${url}?download=${encodeURIComponent(name)}`
  a.download = name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
}
