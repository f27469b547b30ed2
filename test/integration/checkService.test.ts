// The app's side of the Gateway check against the simulator: cells reach the window, the whole check is
// recorded in History with its report, a cell's exchange and draft are kept for the Inspector and "Save as
// case", and a cell runs again on request, a paid one only once the user confirmed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { ProfileService, BUILT_IN_PROFILE_ID } from '../../src/main/services/profiles'
import { CheckService } from '../../src/main/services/check/checkService'
import type { RunRecord } from '../../src/main/services/history/ports'
import type { CheckCell, CheckReport } from '../../src/shared/check/model'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'
import { NetworkPool } from '../../src/main/services/network/networkPool'

let sim: RunningSimulator
let service: CheckService
const records: RunRecord[] = []
const reported: { profileId: string; report: CheckReport }[] = []

beforeAll(async () => {
  sim = await createSimulator({ apiKey: 'sk-check-service-123', consoleToken: 'console-token' })
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore(), () => ({
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
    apiKey: 'sk-check-service-123',
    consoleToken: 'console-token',
  }))
  await profiles.init()
  service = new CheckService({
    profiles,
    network: new NetworkPool(),
    recorder: { record: (r) => records.push(r) },
    onReport: (profileId, report) => reported.push({ profileId, report }),
  })
})
afterAll(async () => {
  await sim.close()
})

const cellsOf = (sink: RecordingSink) =>
  sink.received.filter((r) => r.name === 'check.cell').map((r) => (r.payload as { cell: CheckCell }).cell)

async function ended(sink: RecordingSink, checkId: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (
      sink.received.some(
        (r) => r.name === 'check.ended' && (r.payload as { checkId: string }).checkId === checkId,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('the check did not end')
}

describe('CheckService', { timeout: 60_000 }, () => {
  it('streams cells, records the check in History, keeps exchanges and drafts, reruns a cell on request', async () => {
    const sink = new RecordingSink()
    const { plan } = await service.start(
      {
        checkId: 'check-service-1',
        profileId: BUILT_IN_PROFILE_ID,
        models: ['gpt-4o'],
        include: ['images'],
        concurrency: 4,
      },
      sink,
    )
    await ended(sink, 'check-service-1')
    expect(
      cellsOf(sink)
        .map((c) => c.key)
        .sort(),
    ).toEqual(plan.map((p) => p.key).sort())
    const record = records.find((r) => r.id === 'check-service-1')!
    expect(record).toMatchObject({ kind: 'check', status: 'done', profile: 'Local simulator' })
    expect((record.result as CheckReport).cells).toHaveLength(plan.length)
    expect(JSON.stringify(record)).not.toContain('sk-check-service-123')
    // The finished report goes to the model list (which formats worked, and when) under the profile checked.
    const told = reported.find((r) => r.report.checkId === 'check-service-1')!
    expect(told.profileId).toBe(BUILT_IN_PROFILE_ID)
    expect(told.report.cells.find((c) => c.key === 'plain@chat · gpt-4o')?.status).toBe('supported')

    const stream = cellsOf(sink).find((c) => c.key === 'stream@chat · gpt-4o')!
    const exchange = service.exchange(stream.exchangeIds[0]!)
    expect(exchange.response?.status).toBe(200)
    expect(exchange.request.headers).toContainEqual(['authorization', 'Bearer ***'])
    expect(service.cellDraft('check-service-1', stream.key).draft.stream).toBe(true)

    await expect(
      service.rerunCell({ checkId: 'check-service-1', key: stream.key, paidConfirmed: false }, sink),
    ).resolves.toEqual({ started: true })
    const paidKey = plan.find((p) => p.group === 'images')!.key
    await expect(
      service.rerunCell({ checkId: 'check-service-1', key: paidKey, paidConfirmed: false }, sink),
    ).rejects.toThrow('This probe costs money: confirm before running it again.')
    await expect(
      service.rerunCell({ checkId: 'check-service-1', key: paidKey, paidConfirmed: true }, sink),
    ).resolves.toEqual({ started: true })
    for (let i = 0; i < 200 && cellsOf(sink).length < plan.length + 2; i++)
      await new Promise((r) => setTimeout(r, 25))
    const again = cellsOf(sink).slice(plan.length)
    expect(again.map((c) => c.key).sort()).toEqual([stream.key, paidKey].sort())
    expect(again.every((c) => c.status === 'supported')).toBe(true)
    expect(again.find((c) => c.key === stream.key)!.exchangeIds[0]).not.toBe(stream.exchangeIds[0])
    expect(service.report('check-service-1').cells.find((c) => c.key === stream.key)).toEqual(
      again.find((c) => c.key === stream.key),
    )
  })

  it('refuses a check of a paid console task on a profile without a console token, naming the field', async () => {
    const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
    const p = await profiles.create({
      name: 'no console',
      baseUrl: sim.baseUrl,
      consoleBaseUrl: '',
      headers: [],
      nativeAuth: 'bearer',
      timeoutMs: 10_000,
      idleTimeoutMs: null,
    })
    await profiles.setSecret(p.id, 'apiKey', 'sk-check-service-123')
    const bare = new CheckService({ profiles, network: new NetworkPool() })
    await expect(
      bare.start(
        { checkId: 'check-service-2', profileId: p.id, models: [], include: ['images'], concurrency: 2 },
        new RecordingSink(),
      ),
    ).rejects.toThrow(/^include: the console image task needs a console base URL/)
  })
})
