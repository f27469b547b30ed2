// The usage the simulator reports for a chat draft, asked for directly over loopback: a test prices a run by hand
// from it (the simulator answers the same request the same way), apart from the code under test.
import { formats, type Draft } from '../../src/shared/wire'

export async function chatUsage(
  baseUrl: string,
  key: string,
  draft: Draft,
): Promise<{ prompt_tokens: number; completion_tokens: number }> {
  const built = formats.chat.build(draft)
  const res = await fetch(new URL(built.path, baseUrl), {
    method: 'POST',
    headers: { ...built.headers, authorization: `Bearer ${key}` },
    body: JSON.stringify(built.body),
  })
  return ((await res.json()) as { usage: { prompt_tokens: number; completion_tokens: number } }).usage
}
