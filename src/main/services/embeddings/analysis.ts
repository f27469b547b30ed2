// What a result set needs computed from its vectors: the cosine matrix and the 2-D projection, both from one
// Gram matrix. Invariant: pure computation on a packed block, the same code and so the same numbers whether it
// runs in the analysis worker or, when no worker can start, in main with yields.
import { cosineFromGram, gramMatrix, type PackedVectors } from './vectorMath'
import { pcaFromGram, type Projection } from './projection'

export interface Analysis {
  /** n × n cosine similarities, row-major. */
  cosine: Float32Array
  projection: Projection
}

export async function analyseVectors(
  vectors: PackedVectors,
  pace: () => Promise<void>,
  shared: boolean,
): Promise<Analysis> {
  const gram = await gramMatrix(vectors, pace)
  const cosine = cosineFromGram(gram, vectors.n, shared)
  const projection = await pcaFromGram(gram, vectors.n, pace)
  return { cosine, projection }
}
