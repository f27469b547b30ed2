// Recording a run never fails or changes the run it records: building the record and writing it happen inside
// one guard, and a failure is logged while the run's own end goes on with the status it really had.
import type { RunRecord, RunRecorder } from './ports'

export function recordRun(
  recorder: RunRecorder | undefined,
  build: () => RunRecord,
  log?: (message: string) => void,
): void {
  if (!recorder) return
  try {
    recorder.record(build())
  } catch (error) {
    log?.(`history: a run was not recorded: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The same for a checkpoint of a run still going (see RunRecorder.checkpoint). */
export function checkpointRun(
  recorder: RunRecorder | undefined,
  build: () => RunRecord,
  log?: (message: string) => void,
): void {
  if (!recorder?.checkpoint) return
  try {
    recorder.checkpoint(build())
  } catch (error) {
    log?.(
      `history: a run's checkpoint was not written: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}
