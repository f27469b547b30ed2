// The one wording for a model id the app's catalog does not list: a note, never an error. Every panel (Video,
// Images, Text, Embeddings, the raw Request JSON checks) shows this text so the user reads one rule everywhere.
export const NOT_IN_CATALOG = "not in this app's catalog; the gateway decides"
