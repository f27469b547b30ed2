// The media:// protocol: the renderer plays and shows local media by opaque id through the same Range-aware
// handler browser mode uses (M4), so nothing large ever crosses IPC (M1).
import { protocol } from 'electron'
import { Readable } from 'node:stream'
import { answerMedia } from '../services/mediaResponse'
import type { MediaStore } from '../services/mediaStore'

export async function serveMediaRequest(store: MediaStore, request: Request): Promise<Response> {
  const id = new URL(request.url).host
  const answer = await answerMedia(store, id, request.method, request.headers.get('range'))
  const body = answer.body ? (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>) : null
  return new Response(body, { status: answer.status, headers: answer.headers })
}

export function handleMediaProtocol(store: MediaStore): void {
  protocol.handle('media', (request) => serveMediaRequest(store, request))
}
