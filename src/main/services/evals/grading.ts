// Every grader of a cell against its answer, one at a time: case checks through the case assertions (patterns
// in RE2 or the pattern worker), text graders as pure functions, the judge as a run of its own, similarity through
// the gateway's embeddings. `not` turns a verdict around. A grader's values are filled from the row first; one
// that names a variable the row lacks fails in words. Nothing here throws.
import type { EvalGrader, GradeResult, JudgeGrader } from '../../../shared/evals/graders'
import { isCaseAssertion } from '../../../shared/evals/graders'
import { fillGrader, gradeText, isTextGrader } from '../../../shared/evals/textGraders'
import type { Variables } from '../../../shared/evals/template'
import { checkAssertion } from '../cases/assertions'
import { CollectingSink } from '../cases/collectingSink'
import type { GatewayClient } from '../gateway'
import type { ProfileService } from '../profiles'
import type { TextService } from '../text/textService'
import { judgeRequest, readVerdict } from './judge'
import { runAnswer, type Answer } from '../cases/runAnswer'
import { gradeSimilarity } from './similarity'

export interface GradingDeps {
  text: TextService
  gateway: GatewayClient
  profiles: ProfileService
  /** Runs of judges report here (their ids, so a stop reaches them). */
  track?: { started(runId: string): void; done(runId: string): void }
}

export class Grader {
  private readonly sink = new CollectingSink()

  constructor(private readonly deps: GradingDeps) {}

  async gradeAll(
    graders: readonly EvalGrader[],
    answer: Answer,
    vars: Variables,
    profileId: string,
    signal: AbortSignal,
  ): Promise<GradeResult[]> {
    const results: GradeResult[] = []
    for (const raw of graders) {
      if (signal.aborted) break
      const { grader, missing } = fillGrader(raw, vars)
      let result: GradeResult
      if (missing.length)
        result = {
          kind: raw.kind,
          pass: false,
          score: 0,
          message: `the row has no value for ${missing.join(', ')}`,
        }
      else result = await this.gradeOne(grader, answer, vars, profileId, signal)
      if (grader.not)
        result = { ...result, pass: !result.pass, score: 1 - result.score, message: `not: ${result.message}` }
      results.push(result)
    }
    return results
  }

  private async gradeOne(
    g: EvalGrader,
    answer: Answer,
    vars: Variables,
    profileId: string,
    signal: AbortSignal,
  ): Promise<GradeResult> {
    if (isTextGrader(g)) {
      const cost = answer.cost
        ? { amount: answer.cost.micros / 1_000_000, currency: answer.cost.currency }
        : null
      return { kind: g.kind, ...gradeText(g, answer.text, cost) }
    }
    if (isCaseAssertion(g)) {
      const r = await checkAssertion(g, answer, signal)
      return { kind: g.kind, pass: r.pass, score: r.pass ? 1 : 0, message: r.message }
    }
    if (g.kind === 'similarity')
      return { kind: g.kind, ...(await gradeSimilarity(g, answer.text, this.deps, profileId, signal)) }
    return this.judge(g as JudgeGrader, answer, vars, profileId)
  }

  private async judge(
    g: JudgeGrader,
    answer: Answer,
    vars: Variables,
    profileId: string,
  ): Promise<GradeResult> {
    const track = this.deps.track
    let id: string | null = null
    const judged = await runAnswer(this.deps.text, this.sink, judgeRequest(g, answer.text, vars, profileId), {
      started: (runId) => {
        id = runId
        track?.started(runId)
      },
    })
    if (id) track?.done(id)
    const cost = judged.cost ? { costMicros: judged.cost.micros, currency: judged.cost.currency } : {}
    const runId = judged.runId ? { runId: judged.runId } : {}
    if (judged.status !== 'done')
      return {
        kind: 'judge',
        pass: false,
        score: 0,
        message: `the judge's run ended ${judged.status}${judged.error ? `: ${judged.error}` : ''}`,
        ...runId,
        ...cost,
      }
    return { kind: 'judge', ...readVerdict(g, judged.text), ...runId, ...cost }
  }
}
