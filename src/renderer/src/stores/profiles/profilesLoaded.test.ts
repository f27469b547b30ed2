// A Send pressed while the app starts waits for the profile list: profilesLoaded resolves when the list arrives,
// at once when it is already here, and after its limit when it never comes (nothing waits forever).
import { afterEach, describe, expect, it } from 'vitest'
import { profilesLoaded, useProfilesStore } from './profilesStore'

const settled = async (p: Promise<void>, ms: number): Promise<boolean> =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))])

afterEach(() => useProfilesStore.setState({ loaded: false, activeId: null }))

describe('profilesLoaded', () => {
  it('waits until the list has come from main', async () => {
    useProfilesStore.setState({ loaded: false })
    const waiting = profilesLoaded(10_000)
    expect(await settled(waiting, 50)).toBe(false)
    useProfilesStore.setState({ loaded: true, activeId: 'p1' })
    expect(await settled(waiting, 50)).toBe(true)
  })

  it('answers at once when the list is already here', async () => {
    useProfilesStore.setState({ loaded: true })
    expect(await settled(profilesLoaded(10_000), 5)).toBe(true)
  })

  it('gives up after its limit when the list never comes', async () => {
    useProfilesStore.setState({ loaded: false })
    expect(await settled(profilesLoaded(30), 500)).toBe(true)
  })
})
