// The job-kind registry: every kind of asynchronous job as data — its spec endpoints, its label, the panel and tab
// that make it, its result noun, the lookups "Track a task id…" offers for it — and the job panels with their
// polling-limit defaults and first pages. The engine, the jobs contract, the Jobs view and the panels read this,
// and the types and lists they name kinds by (form modes, tabs, submit endpoints) are derived from it: a new kind
// is one entry here. Invariant: pure data, no wire or IPC imports.
import type { ConsoleEndpoint } from './consoleTasks'
import type { TaskLookupKind } from './taskStatuses'

/** The panels that make jobs; each has one polling limit and one list page. */
export const JOB_PANELS = ['video', 'images'] as const
export type JobPanel = (typeof JOB_PANELS)[number]

export interface JobPanelEntry {
  /** As the Jobs view names the panel ("Open in Video"). */
  label: string
  /** As the polling-limit field names the panel's jobs. */
  jobsLabel: string
  /** For logs and "not found" messages: "video job". */
  jobNoun: string
  /** Minutes a job is polled before the app asks whether to keep waiting (the spec sets no limit). */
  defaultWaitMinutes: number
  /** The file (in the data folder) that keeps the limit the user set. */
  waitLimitFile: string
  /** How many of the panel's jobs a window gets when it starts watching. */
  firstPage: number
}

export const JOB_PANEL: Record<JobPanel, JobPanelEntry> = {
  video: {
    label: 'Video',
    jobsLabel: 'Video jobs',
    jobNoun: 'video job',
    defaultWaitMinutes: 120,
    waitLimitFile: 'wait-limit-video',
    firstPage: 50,
  },
  images: {
    label: 'Images',
    jobsLabel: 'Image jobs',
    jobNoun: 'image job',
    defaultWaitMinutes: 30,
    waitLimitFile: 'wait-limit-images',
    firstPage: 100,
  },
}

/** The kinds each panel makes: the `task` of a record and of a job view. */
export const VIDEO_JOB_KINDS = ['video', 'console-video'] as const
export const IMAGE_JOB_KINDS = ['batch-images', 'photo-shoot', 'photo-shoot-easy', 'try-on'] as const
/** Every kind of asynchronous job the ledger holds. */
export const JOB_KINDS = [...VIDEO_JOB_KINDS, ...IMAGE_JOB_KINDS] as const
export type JobKind = (typeof JOB_KINDS)[number]
export type VideoJobKind = (typeof VIDEO_JOB_KINDS)[number]
export type ImageJobKind = (typeof IMAGE_JOB_KINDS)[number]
const PANEL_KINDS: Record<JobPanel, readonly JobKind[]> = { video: VIDEO_JOB_KINDS, images: IMAGE_JOB_KINDS }

export interface JobKindEntry {
  /** As the Jobs view shows the kind. */
  label: string
  /** The panel's tab (or form switch) that makes the kind; kinds may share a tab. */
  tab: string
  /** The panel's form modes (video: request kind; images: form mode) whose jobs are of this kind. */
  formModes: readonly string[]
  /** The spec's endpoints the kind uses: submit first, then query/download. */
  endpoints: readonly number[]
  /** The result in messages: "video", "image". */
  resultNoun: string
  /** What "Track a task id…" may look up and adopt as this kind (none: the kind answers at once). */
  lookupKinds: readonly TaskLookupKind[]
  /** The console endpoint a request of this kind is submitted to (edited request JSON names it). */
  submitTask: ConsoleEndpoint | null
  /** The panel's Send button on the kind's tab (the tab's first kind says it). */
  send: string
  /** The kind's name standing alone (a raw request's job title), where the label needs its form mode. */
  title?: string
}

const KINDS = {
  video: {
    label: 'Video',
    tab: 'model',
    formModes: ['model'],
    endpoints: [11, 12, 13],
    resultNoun: 'video',
    lookupKinds: ['video-query', 'video-download'],
    submitTask: null,
    send: 'Generate video',
  },
  'console-video': {
    label: 'Console video',
    tab: 'console',
    formModes: ['console'],
    endpoints: [14, 15],
    resultNoun: 'video',
    lookupKinds: ['console-video-query'],
    submitTask: 'videoSubmit',
    send: 'Generate video',
  },
  'batch-images': {
    label: 'Batch images',
    tab: 'batch',
    formModes: ['batch'],
    endpoints: [16],
    resultNoun: 'image',
    lookupKinds: [],
    submitTask: 'batchImage',
    send: 'Generate images',
  },
  'photo-shoot': {
    label: 'Photo-shoot',
    tab: 'photo-shoot',
    formModes: ['advanced'],
    endpoints: [18, 20],
    resultNoun: 'image',
    lookupKinds: ['console-image-query'],
    submitTask: 'photoShootAdvanced',
    send: 'Start photo-shoot',
    title: 'Photo-shoot (advanced)',
  },
  'photo-shoot-easy': {
    label: 'Photo-shoot (easy)',
    tab: 'photo-shoot',
    formModes: ['easy'],
    endpoints: [17],
    resultNoun: 'image',
    lookupKinds: [],
    submitTask: 'photoShootEasy',
    send: 'Start photo-shoot',
  },
  'try-on': {
    label: 'Try-on',
    tab: 'try-on',
    formModes: ['try-on'],
    endpoints: [19, 20],
    resultNoun: 'image',
    lookupKinds: ['console-image-query'],
    submitTask: 'tryOn',
    send: 'Start try-on',
  },
} as const satisfies Record<JobKind, JobKindEntry>

export const JOB_KIND: Record<JobKind, JobKindEntry> = KINDS

/** The Images panel's form modes (`batch`, `easy`, …), its tabs and its submit endpoints, from its kinds. */
export type ImageFormMode = (typeof KINDS)[ImageJobKind]['formModes'][number]
export type ImagesTab = (typeof KINDS)[ImageJobKind]['tab']
export type ImageEndpoint = (typeof KINDS)[ImageJobKind]['submitTask']
export const IMAGE_FORM_MODES = IMAGE_JOB_KINDS.flatMap((k) => KINDS[k].formModes) as ImageFormMode[]
export const IMAGE_TABS = [...new Set(IMAGE_JOB_KINDS.map((k) => KINDS[k].tab))] as ImagesTab[]
export const IMAGE_ENDPOINTS = IMAGE_JOB_KINDS.map((k) => KINDS[k].submitTask) as ImageEndpoint[]

/** The endpoint an Images form mode submits to. */
export const endpointOfMode = (mode: ImageFormMode): ImageEndpoint =>
  JOB_KIND[kindOfMode('images', mode)].submitTask as ImageEndpoint

/** The image kind submitted to an endpoint. */
export function imageKindOf(endpoint: ImageEndpoint): ImageJobKind {
  const kind = IMAGE_JOB_KINDS.find((k) => KINDS[k].submitTask === endpoint)
  if (!kind) throw new Error(`no image job kind submits to ${endpoint}`)
  return kind
}

/** The kinds a panel makes, in registry order. */
export const kindsOf = (panel: JobPanel): readonly JobKind[] => PANEL_KINDS[panel]

/** The kind a panel's form mode makes (video: `model` / `console`; images: `batch`, `easy`, …). */
export function kindOfMode<P extends JobPanel>(
  panel: P,
  mode: string,
): P extends 'video' ? VideoJobKind : ImageJobKind {
  const kind = kindsOf(panel).find((k) => JOB_KIND[k].formModes.includes(mode))
  if (!kind) throw new Error(`no ${panel} job kind is made by the form mode ${mode}`)
  return kind as P extends 'video' ? VideoJobKind : ImageJobKind
}

/** The tabs of a panel in registry order, each once, with the label of its first kind. */
export function tabsOf(panel: JobPanel): { tab: string; label: string; kinds: JobKind[] }[] {
  const tabs: { tab: string; label: string; kinds: JobKind[] }[] = []
  for (const kind of kindsOf(panel)) {
    const { tab, label } = JOB_KIND[kind]
    const known = tabs.find((t) => t.tab === tab)
    if (known) known.kinds.push(kind)
    else tabs.push({ tab, label, kinds: [kind] })
  }
  return tabs
}

/** The panel that makes a kind. */
export const panelOf = (kind: JobKind): JobPanel =>
  (VIDEO_JOB_KINDS as readonly JobKind[]).includes(kind) ? 'video' : 'images'

/** The panel whose jobs a lookup kind adopts (the first kind that offers it decides). */
export function panelOfLookup(lookup: TaskLookupKind): JobPanel {
  const kind = JOB_KINDS.find((k) => JOB_KIND[k].lookupKinds.includes(lookup))
  if (!kind) throw new Error(`no job kind looks up ${lookup}`)
  return panelOf(kind)
}

/** The lookups a panel's kinds offer, without repeats. */
export const lookupsOf = (panel: JobPanel): TaskLookupKind[] => [
  ...new Set(kindsOf(panel).flatMap((k) => JOB_KIND[k].lookupKinds)),
]
