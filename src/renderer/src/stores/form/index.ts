// The Text form as data, shared by the Text panel (its form), Compare (the shared draft) and History (a run
// reopened): the fields, the draft they build, which issues show; and the parts fetched on demand that read an
// edited body back (request readers) and check a draft against the spec's rules.
export {
  buildDraft,
  DEFAULT_FORM,
  DEFAULT_PARAMS,
  formFromDraft,
  issueShown,
  localId,
  previewShown,
  sentTurns,
  thinkingSwitched,
  touch,
  withoutIssuesOf,
  type Attachment,
  type Issue,
  type TextForm,
  type TextParams,
} from './textForm'
export { requestVariables, variableNames } from './formVariables'
export { loadRequestReaders, requestReaders } from './requestReaders'
export { draftValidation, loadDraftValidation } from './draftValidation'
