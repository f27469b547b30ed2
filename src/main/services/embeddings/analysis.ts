// What a result set needs computed from its vectors: the cosine matrix and the 2-D projection, both from one
// Gram matrix. Invariant: pure computation on a packed block, the same code and so the same numbers whether it
// runs in the analysis workers (the Gram matrix shared out between them) or in main with yields.
import { cosineFromGram, gramMatrix, type PackedVectors } from './vectorMath'
import { pcaFromGram, type Projection } from './projection'

export interface Analysis {
  /** n × n cosine similarities, row-major. */
  cosine: Float32Array
  projection: Projection
}

/** The cosine matrix and projection from a finished Gram matrix. */
export async function finishAnalysis(
  gram: Float64Array,
  n: number,
  pace: () => Promise<void>,
  shared: boolean,
): Promise<Analysis> {
  const cosine = cosineFromGram(gram, n, shared)
  const projection = await pcaFromGram(gram, n, pace)
  return { cosine, projection }
}

/** The whole analysis on one thread. */
export async function analyseVectors(
  vectors: PackedVectors,
  pace: () => Promise<void>,
  shared: boolean,
): Promise<Analysis> {
  return finishAnalysis(await gramMatrix(vectors, pace), vectors.n, pace, shared)
}
