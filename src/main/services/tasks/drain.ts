// Back-pressure for the result writers (the streaming JSON ingest and the hosted download): wait until a file
// stream has room again, or fail with its error. One helper, so both writers treat a failing disk the same way.

/** Resolves on the stream's next 'drain'; rejects on its error (also one it already had). */
export function waitDrain(out: NodeJS.WritableStream & { errored?: Error | null }): Promise<void> {
  if (out.errored) return Promise.reject(out.errored)
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain)
      out.off('error', done)
      if (error) reject(error)
      else resolve()
    }
    const onDrain = () => done()
    out.on('drain', onDrain)
    out.on('error', done)
  })
}
