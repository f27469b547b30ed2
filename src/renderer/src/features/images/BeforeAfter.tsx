// Before and after of a try-on or photo-shoot: the result over the input, split by a slider the user drags (or
// moves with the arrow keys, as a native range input).
import { useState } from 'react'

export function BeforeAfter({ before, after, label }: { before: string; after: string; label: string }) {
  const [split, setSplit] = useState(50)
  return (
    <figure className="before-after" aria-label={`Before and after: ${label}`} data-testid="before-after">
      <div className="before-after-stage">
        <img src={before} alt="Before" />
        <img
          src={after}
          alt="After"
          className="before-after-top"
          style={{ clipPath: `inset(0 0 0 ${split}%)` }}
        />
        <div className="before-after-line" style={{ left: `${split}%` }} aria-hidden="true" />
      </div>
      <label className="small">
        Before ← → After
        <input
          type="range"
          min={0}
          max={100}
          value={split}
          aria-label="Before/after split"
          onChange={(e) => setSplit(Number(e.target.value))}
        />
      </label>
    </figure>
  )
}
