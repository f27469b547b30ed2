// A part of the renderer kept out of the first load: fetched once on first need (or when the page is idle), and
// read synchronously once it is here. A failed fetch is forgotten, so the next call tries again.
export interface LazyPart<T> {
  /** The part, fetching it once. */
  load(): Promise<T>
  /** The part if it has loaded, else null. */
  get(): T | null
}

export function lazyPart<T>(fetch: () => Promise<T>): LazyPart<T> {
  let loaded: T | null = null
  let loading: Promise<T> | null = null
  return {
    load() {
      if (loaded) return Promise.resolve(loaded)
      loading ??= fetch().then(
        (part) => (loaded = part),
        (error: unknown) => {
          loading = null
          throw error
        },
      )
      return loading
    },
    get: () => loaded,
  }
}
