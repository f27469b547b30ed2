// The curves' knee mark: its label is read whole wherever the knee is, to the right of a mark in the chart's left
// half and to the left of one in its right half (a knee at the last level was cut to its first letter), two marks'
// labels one under the other.
import { afterEach, describe, expect, it } from 'vitest'
import { LineChart } from './LineChart'
import { mount, type Mounted } from '../../../test/renderForTest'

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
})

const points = (ys: number[]) => [1, 4, 16, 64].map((x, i) => ({ x, y: ys[i]! }))

describe('the knee mark of a curve', () => {
  it('keeps its label inside the chart at the first and the last level, two labels apart', () => {
    view = mount(
      <LineChart
        title="Time to first token"
        yUnit="ms"
        xLabel="concurrent requests"
        series={[{ name: 'a', color: '#00f', points: points([10, 20, 80, 100]) }]}
        marks={[
          { x: 64, label: 'knee 64', color: '#00f' },
          { x: 1, label: 'knee 1', color: '#f80' },
        ]}
      />,
    )
    const viewBox = view.container.querySelector('svg')!.getAttribute('viewBox')!.split(' ').map(Number)
    const width = viewBox[2]!
    const marks = [...view.container.querySelectorAll('[data-testid="load-knee"]')]
    expect(marks).toHaveLength(2)
    const [last, first] = marks.map((g) => ({
      line: Number(g.querySelector('line')!.getAttribute('x1')),
      x: Number(g.querySelector('text')!.getAttribute('x')),
      y: Number(g.querySelector('text')!.getAttribute('y')),
      anchor: g.querySelector('text')!.getAttribute('text-anchor'),
      text: g.querySelector('text')!.textContent,
    }))
    expect(last).toMatchObject({ anchor: 'end', text: 'knee 64' })
    expect(last!.x).toBeLessThan(last!.line)
    expect(last!.x).toBeLessThanOrEqual(width)
    expect(first).toMatchObject({ anchor: 'start', text: 'knee 1' })
    expect(first!.x).toBeGreaterThan(first!.line)
    expect(first!.y).not.toBe(last!.y)
  })
})
