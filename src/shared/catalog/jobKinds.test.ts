import { describe, expect, it } from 'vitest'
import { TASK_LOOKUP_KINDS } from './taskStatuses'
import {
  JOB_KIND,
  JOB_KINDS,
  JOB_PANEL,
  JOB_PANELS,
  kindOfMode,
  kindsOf,
  lookupsOf,
  panelOf,
  panelOfLookup,
  tabsOf,
} from './jobKinds'
import { jobViewSchema } from '../ipc/jobs'

describe('the job-kind registry', () => {
  it('puts every kind in exactly one panel, and every panel has kinds', () => {
    for (const kind of JOB_KINDS) {
      expect(JOB_PANELS.filter((p) => kindsOf(p).includes(kind))).toEqual([panelOf(kind)])
    }
    for (const panel of JOB_PANELS) expect(kindsOf(panel).length).toBeGreaterThan(0)
    expect(JOB_PANELS.flatMap(kindsOf).sort()).toEqual([...JOB_KINDS].sort())
  })

  it('gives each kind of a panel its own label and form modes, and each panel a wait limit and a first page', () => {
    for (const panel of JOB_PANELS) {
      const labels = kindsOf(panel).map((k) => JOB_KIND[k].label)
      expect(new Set(labels).size).toBe(labels.length)
      for (const kind of kindsOf(panel))
        for (const mode of JOB_KIND[kind].formModes) expect(kindOfMode(panel, mode)).toBe(kind)
      expect(tabsOf(panel).flatMap((t) => t.kinds)).toEqual([...kindsOf(panel)])
      expect(JOB_PANEL[panel].defaultWaitMinutes).toBeGreaterThan(0)
      expect(JOB_PANEL[panel].firstPage).toBeGreaterThan(0)
    }
    for (const kind of JOB_KINDS) expect(JOB_KIND[kind].label).not.toBe('')
  })

  it('sends every lookup of "Track a task id…" to exactly one panel', () => {
    for (const lookup of TASK_LOOKUP_KINDS) {
      const panels = JOB_PANELS.filter((p) => lookupsOf(p).includes(lookup))
      expect(panels).toEqual([panelOfLookup(lookup)])
    }
  })

  it('is what the jobs contract tells job views apart by', () => {
    const tasks = jobViewSchema.options.flatMap((o) => o.shape.task.options)
    expect([...tasks].sort()).toEqual([...JOB_KINDS].sort())
  })
})
